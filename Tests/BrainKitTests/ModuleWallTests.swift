import Foundation
import Testing
import BrainTestSupport
@testable import BrainKit
@testable import BrainGit

/// Issue 34 (Step 15): the library's layers are modules the compiler keeps apart. These tests read
/// the package's own description (`swift package dump-package`) and the sources, and fail on an
/// edge that points upwards, on an import a target does not declare, and on anything in the
/// format, analytics and store modules that would not build for iOS or that starts a process.
@Suite struct ModuleWallTests {
    /// Each library module and the modules it may use (docs/ARCHITECTURE.md).
    static let allowed: [String: Set<String>] = [
        "BrainFormat": [],
        "BrainAnalytics": ["BrainFormat"],
        "BrainStore": ["BrainFormat", "BrainAnalytics"],
        // CZlib: the system's zlib, for zip files (Package.swift).
        "BrainInterchange": ["BrainFormat", "BrainAnalytics", "BrainStore", "CZlib"],
        "BrainGit": ["BrainFormat", "BrainAnalytics", "BrainStore"],
        "BrainKit": ["BrainFormat", "BrainAnalytics", "BrainStore", "BrainInterchange", "BrainGit"],
        // Clients: the language server needs no import, export or git.
        "BrainLanguageServer": ["BrainFormat", "BrainAnalytics", "BrainStore", "BrainJSONRPC"],
        // JSON-RPC's pieces, and the MCP protocol over them: no vault in either.
        "BrainJSONRPC": [],
        "BrainMCP": ["BrainJSONRPC"],
        // The HTTP server reads and writes through the store's queries and actions, as the CLI
        // does, and serves the reminders calendar of the interchange module.
        // CoreServices: macOS's FSEvents, for the watch (FSEventsSource).
        "BrainServer": ["BrainFormat", "BrainAnalytics", "BrainStore", "BrainInterchange", "CoreServices"],
        "BrainCLI": ["BrainKit", "BrainLanguageServer", "BrainServer", "BrainJSONRPC", "BrainMCP", "BrainFormat", "BrainAnalytics", "BrainStore", "BrainInterchange", "BrainGit"],
        "brain": ["BrainCLI"],
    ]
    /// Modules every target may import: the platform's own.
    static let platform: Set<String> = ["Foundation", "Dispatch", "Glibc", "Darwin", "FoundationXML", "FoundationNetworking", "zlib", "Synchronization"]

    /// The package as SwiftPM reads it: target name → the targets it depends on.
    static func declaredEdges() throws -> [String: Set<String>] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("brain-dump-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let runner = FoundationProcessRunner()
        let swift = try #require(runner.find("swift", environment: ProcessInfo.processInfo.environment), "swift is not on PATH")
        // A scratch path of its own: the running `swift test` holds the lock on .build.
        let output = try runner.run(swift, ["package", "--package-path", Repository.root, "--scratch-path", scratch, "dump-package"],
                                    in: Repository.root, environment: ProcessInfo.processInfo.environment)
        #expect(output.status == 0, "swift package dump-package failed: \(output.stderrText)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout)) as? [String: Any])
        var edges: [String: Set<String>] = [:]
        for target in try #require(object["targets"] as? [[String: Any]]) {
            let name = try #require(target["name"] as? String)
            var names = Set<String>()
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                for key in ["byName", "target", "product"] {
                    if let first = (dependency[key] as? [Any])?.first as? String { names.insert(first) }
                }
            }
            edges[name] = names
        }
        return edges
    }

    @Test func noTargetDependsOnOneAboveIt() throws {
        let edges = try Self.declaredEdges()
        for (target, allowed) in Self.allowed {
            let declared = try #require(edges[target], "\(target) is not a target of the package")
            #expect(declared.subtracting(allowed).isEmpty, "\(target) depends on \(declared.subtracting(allowed).sorted())")
        }
        // Every library module is a target of its own.
        for module in ["BrainFormat", "BrainAnalytics", "BrainStore", "BrainInterchange", "BrainGit", "BrainKit"] {
            #expect(edges[module] != nil, "\(module) is missing")
        }
    }

    /// SwiftPM puts every module where any target can find it, so a file could import a module its
    /// target does not declare: every `import` must be a declared (allowed) one.
    @Test func everyImportIsAnAllowedOne() throws {
        for (target, allowed) in Self.allowed {
            for (path, text) in try Self.sources(of: target) {
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                    let words = line.split(separator: " ")
                    guard let at = words.firstIndex(of: "import"), words[..<at].allSatisfy({ $0.hasPrefix("@") }), at + 1 < words.count else { continue }
                    let module = String(words[at + 1].split(separator: ".").first ?? "")
                    #expect(allowed.contains(module) || Self.platform.contains(module), "\(path) imports \(module)")
                }
            }
        }
    }

    /// The format module builds for iOS and watchOS: Foundation only, no file system, no
    /// processes, every libc import with its Darwin twin.
    @Test func theFormatModuleHasNothingLinuxOnlyAndNoFileSystem() throws {
        let forbidden = ["FileManager", "Process(", "ProcessInfo", "FoundationNetworking", "FoundationXML", "fopen(", "opendir(",
                         "open(", "/proc/", "getenv(", "realpath("]
        for (path, text) in try Self.sources(of: "BrainFormat") {
            for word in forbidden {
                #expect(!Self.code(text).contains(word), "\(path) uses \(word)")
            }
            let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            for (number, line) in lines.enumerated() where line == "import Glibc" {
                #expect(number > 0 && lines[number - 1] == "#if canImport(Glibc)" && lines.dropFirst(number).prefix(3).contains("import Darwin"),
                        "\(path): import Glibc without its Darwin twin")
            }
        }
    }

    /// `Process` stays out of the format, analytics and store modules (BrainGit runs git).
    @Test func noProcessBelowTheGitModule() throws {
        for target in ["BrainFormat", "BrainAnalytics", "BrainStore"] {
            for (path, text) in try Self.sources(of: target) {
                #expect(!Self.code(text).contains("Process()"), "\(path) starts a process")
                #expect(!Self.code(text).contains("ProcessRunner"), "\(path) uses the process runner")
            }
        }
    }

    /// The index and search ask the file system for the disk's own access (`fileSystem.disk`),
    /// never downcast the port to one adapter.
    @Test func noDowncastToTheDiskAdapter() throws {
        for target in Self.allowed.keys {
            for (path, text) in try Self.sources(of: target) {
                let code = Self.code(text)
                #expect(!code.contains("as? POSIXFileSystem") && !code.contains("is POSIXFileSystem") && !code.contains("as! POSIXFileSystem"),
                        "\(path) downcasts to POSIXFileSystem")
            }
        }
    }

    /// `public` is the embedding API only (at most 900 declarations), each public type with a `///`
    /// summary; what the package's modules share is `package`.
    @Test func theEmbeddingAPIStaysSmallAndSummarised() throws {
        var count = 0
        for target in ["BrainFormat", "BrainAnalytics", "BrainStore", "BrainInterchange", "BrainGit"] {
            for (path, text) in try Self.sources(of: target) {
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                for (number, line) in lines.enumerated() {
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    guard trimmed.hasPrefix("public ") || (trimmed.hasPrefix("@") && trimmed.contains(" public ")) else { continue }
                    count += 1
                    let declaresType = trimmed.range(of: #"public (final |indirect )*(struct|enum|class|protocol|actor) "#,
                                                     options: .regularExpression) != nil
                    guard declaresType else { continue }
                    var above = number - 1
                    while above >= 0 && lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("@") { above -= 1 }
                    #expect(above >= 0 && lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("///"),
                            "\(path):\(number + 1): a public type without a /// summary")
                }
            }
        }
        #expect(count <= 900, "\(count) public declarations")
    }

    /// The Swift files of a target, with their text.
    static func sources(of target: String) throws -> [(String, String)] {
        let folder = Repository.root + "/Sources/" + target
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var result: [(String, String)] = []
        for case let relative as String in enumerator where relative.hasSuffix(".swift") {
            result.append(("Sources/\(target)/\(relative)", try String(contentsOfFile: folder + "/" + relative, encoding: .utf8)))
        }
        #expect(!result.isEmpty, "no sources in \(folder)")
        return result
    }

    /// The code of a file without its comments (a comment may name what the code must not use).
    static func code(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
        }.joined(separator: "\n")
    }
}
