import Foundation

/// Where the tests find the repository's own files and the corpora beside it.
package enum Repository {
    /// The folder holding `Package.swift`.
    package static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
        }
        fatalError("no Package.swift above \(#filePath)")
    }()

    /// The files of `sample-vault/` (its cache aside) by vault-relative path, read once.
    package static let sampleFiles: [String: [UInt8]] = {
        let base = root + "/sample-vault"
        var files: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(atPath: base)!
        while let relative = enumerator.nextObject() as? String {
            if relative.hasPrefix(".brain/cache") { continue }
            var isDirectory: ObjCBool = false
            let path = base + "/" + relative
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                  let data = FileManager.default.contents(atPath: path) else { continue }
            files[relative] = Array(data)
        }
        return files
    }()
}

/// The 10,000-note corpus in `../shared/corpora/` (a test set from others, never copied in): the
/// tests that use it skip when it is absent.
package enum Corpus {
    package static let name = "interconnected-markdown-10k.tgz"

    /// The archive beside the package, or nil.
    package static let archive: URL? = {
        let candidates = [URL(fileURLWithPath: Repository.root).deletingLastPathComponent().appendingPathComponent("shared/corpora/\(name)"),
                          URL(fileURLWithPath: "/work/shared/corpora/\(name)")]
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }()

    package struct Unpacked {
        /// The temporary folder; `remove()` deletes it.
        package let directory: URL
        /// The folder of the 10,000 notes.
        package var notes: URL { directory.appendingPathComponent("10000") }

        package func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    package struct Missing: Error, CustomStringConvertible {
        package let description: String
    }

    /// Unpacks the archive into a new temporary folder named after `label`.
    package static func unpack(_ label: String) throws -> Unpacked {
        guard let archive else { throw Missing(description: "corpus \(name) not found beside the package (../shared/corpora)") }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("brain-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let tar = Process()
        tar.executableURL = URL(fileURLWithPath: "/usr/bin/tar")
        tar.arguments = ["xzf", archive.path, "-C", directory.path]
        try tar.run()
        tar.waitUntilExit()
        guard tar.terminationStatus == 0 else {
            try? FileManager.default.removeItem(at: directory)
            throw Missing(description: "tar could not unpack \(archive.path) (exit \(tar.terminationStatus))")
        }
        return Unpacked(directory: directory)
    }
}

/// The python of a virtual environment with PyPI's `icalendar` (scripts/icalendar-venv.sh, which
/// `.ci/run` calls; `BRAIN_ICALENDAR_PYTHON` names one), installed on first use, or why not.
package enum CalendarParser {
    package static let found: (python: String?, problem: String) = {
        let environment = ProcessInfo.processInfo.environment
        if let python = environment["BRAIN_ICALENDAR_PYTHON"], FileManager.default.isExecutableFile(atPath: python) { return (python, "") }
        let run = Process()
        run.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        run.arguments = ["bash", Repository.root + "/scripts/icalendar-venv.sh"]
        let out = Pipe(), err = Pipe()
        run.standardOutput = out
        run.standardError = err
        do { try run.run() } catch { return (nil, "cannot run scripts/icalendar-venv.sh: \(error)") }
        let path = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problem = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        run.waitUntilExit()
        guard run.terminationStatus == 0 else {
            return (nil, "the icalendar package could not be installed (scripts/icalendar-venv.sh): \(problem.suffix(300))")
        }
        return (path.trimmingCharacters(in: .whitespacesAndNewlines), "")
    }()

    package static var python: String? { found.python }
    package static var problem: String { found.problem }
}

/// schemathesis from PyPI in a virtual environment (scripts/schemathesis-venv.sh, which `.ci/run`
/// calls; `BRAIN_SCHEMATHESIS` names one), installed on first use, or why not.
package enum Schemathesis {
    package static let found: (path: String?, problem: String) = {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["BRAIN_SCHEMATHESIS"], FileManager.default.isExecutableFile(atPath: path) { return (path, "") }
        let run = Process()
        run.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        run.arguments = ["bash", Repository.root + "/scripts/schemathesis-venv.sh"]
        let out = Pipe(), err = Pipe()
        run.standardOutput = out
        run.standardError = err
        do { try run.run() } catch { return (nil, "cannot run scripts/schemathesis-venv.sh: \(error)") }
        let path = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problem = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        run.waitUntilExit()
        guard run.terminationStatus == 0 else {
            return (nil, "schemathesis could not be installed (scripts/schemathesis-venv.sh): \(problem.suffix(300))")
        }
        return (path.trimmingCharacters(in: .whitespacesAndNewlines), "")
    }()

    package static var path: String? { found.path }
}

/// Apprise from PyPI (`BRAIN_APPRISE`, else scripts/apprise-venv.sh installs it), for the
/// reminder test's command notifier; nil with the reason when it cannot be had.
package enum Apprise {
    package static let found: (path: String?, problem: String) = {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["BRAIN_APPRISE"], FileManager.default.isExecutableFile(atPath: path) { return (path, "") }
        let run = Process()
        run.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        run.arguments = ["bash", Repository.root + "/scripts/apprise-venv.sh"]
        let out = Pipe(), err = Pipe()
        run.standardOutput = out
        run.standardError = err
        do { try run.run() } catch { return (nil, "cannot run scripts/apprise-venv.sh: \(error)") }
        let path = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problem = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        run.waitUntilExit()
        guard run.terminationStatus == 0 else {
            return (nil, "apprise could not be installed (scripts/apprise-venv.sh): \(problem.suffix(300))")
        }
        return (path.trimmingCharacters(in: .whitespacesAndNewlines), "")
    }()

    package static var path: String? { found.path }
}

/// The Model Context Protocol's Python SDK from PyPI (`mcp`) in a virtual environment
/// (scripts/mcp-venv.sh, which `.ci/run` calls; `BRAIN_MCP_PYTHON` names its python), installed
/// on first use, or why not.
package enum MCPPython {
    package static let found: (path: String?, problem: String) = {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["BRAIN_MCP_PYTHON"], FileManager.default.isExecutableFile(atPath: path) { return (path, "") }
        let run = Process()
        run.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        run.arguments = ["bash", Repository.root + "/scripts/mcp-venv.sh"]
        let out = Pipe(), err = Pipe()
        run.standardOutput = out
        run.standardError = err
        do { try run.run() } catch { return (nil, "cannot run scripts/mcp-venv.sh: \(error)") }
        let path = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problem = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        run.waitUntilExit()
        guard run.terminationStatus == 0 else {
            return (nil, "the mcp package could not be installed (scripts/mcp-venv.sh): \(problem.suffix(300))")
        }
        return (path.trimmingCharacters(in: .whitespacesAndNewlines), "")
    }()

    package static var path: String? { found.path }
}
