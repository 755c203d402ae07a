import BrainTestSupport
import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// What one in-process `brain` run printed and returned.
struct RunResult {
    var stdout: String
    var stderr: String
    var status: Int32

    /// The transcript form kept in golden files.
    func transcript(_ arguments: [String]) -> String {
        var text = "$ brain " + arguments.map { $0.contains(" ") || $0.isEmpty ? "'\($0)'" : $0 }.joined(separator: " ") + "\n"
        text += stdout
        if !stdout.isEmpty && !stdout.hasSuffix("\n") { text += "\n" }
        if !stderr.isEmpty {
            text += "--- stderr\n" + stderr
            if !stderr.hasSuffix("\n") { text += "\n" }
        }
        text += "--- exit \(status)\n"
        return text
    }
}

/// A temporary copy of `sample-vault/` (or an empty folder) that commands run against, with
/// "now" fixed to 2026-11-22 09:00 UTC.
final class TestVault {
    static var packageRoot: String { Repository.root }

    /// The Loop Habit Tracker export zip of the import tests (made like Loop's, see make-zip.py).
    static var loopExport: String { packageRoot + "/Tests/BrainKitTests/Fixtures/loop/Loop Habits CSV 2026-11-20.zip" }

    /// An Apple Health export zip as the Health app shares it (Fixtures/health/make-zip.py).
    static var healthExport: String { packageRoot + "/Tests/BrainKitTests/Fixtures/health/export.zip" }

    let root: String
    var now: Date
    var environment: [String: String] = [:]
    /// The `brain` program commands record (`git-setup` registers it as git's merge driver).
    var executablePath: String?
    /// Shown each value a command prints as JSON (`Context.seeJSON`).
    var seeJSON: ((any Encodable) -> Void)?

    /// - Parameter sample: copy `sample-vault/` when true; otherwise an empty folder.
    init(sample: Bool = true, now: String = "2026-11-22T09:00:00Z") throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("brain-test-\(UUID().uuidString)")
        root = base.path
        if sample {
            try FileManager.default.copyItem(atPath: TestVault.packageRoot + "/sample-vault", toPath: root)
            try? FileManager.default.removeItem(atPath: root + "/.brain/cache")
        } else {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        }
        self.now = ISO8601DateFormatter().date(from: now)!
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Runs `brain ARGUMENTS` in-process with the vault as the current folder.
    @discardableResult
    func run(_ arguments: [String], input: [String] = [], terminal: Bool = false, cwd: String? = nil) -> RunResult {
        let stdout = TextOutput(isTerminal: terminal)
        let stderr = TextOutput(isTerminal: false)
        var context = Context(stdout: stdout, stderr: stderr, stdin: ScriptedInput(input, isTerminal: terminal),
                              environment: environment, currentDirectory: cwd ?? root, now: now,
                              timeZone: TimeZone(identifier: "UTC")!)
        context.executablePath = executablePath
        context.seeJSON = seeJSON
        let status = BrainCLI.run(arguments, context: context)
        return RunResult(stdout: stdout.text, stderr: stderr.text, status: status)
    }

    @discardableResult
    func run(_ line: String, input: [String] = [], terminal: Bool = false) -> RunResult {
        run(TestVault.words(line), input: input, terminal: terminal)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOfFile: root + "/" + path, encoding: .utf8)
    }

    func write(_ path: String, _ text: String) throws {
        let url = URL(fileURLWithPath: root + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root + "/" + path)
    }

    /// Splits a command line on spaces, keeping 'single' or "double" quoted words whole: the
    /// splitter of `brain tui`'s command line (`CommandWords`), so both read a line alike.
    static func words(_ line: String) -> [String] {
        CommandWords.split(line)
    }
}

/// Golden transcripts: each file in `Transcripts/` holds commands and what they printed.
/// `BRAIN_RECORD=1 swift test` rewrites them from the current output; review the diff.
enum Golden {
    static let folder = TestVault.packageRoot + "/Tests/BrainCLITests/Transcripts"

    /// Runs each command line in order on `vault` and compares the whole transcript to `name.txt`.
    static func check(_ name: String, _ lines: [String], vault: TestVault, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        var transcript = ""
        for line in lines {
            let arguments = TestVault.words(line)
            transcript += vault.run(arguments).transcript(arguments)
        }
        // Temporary paths never belong in a golden file.
        transcript = transcript.replacingOccurrences(of: vault.root, with: "$VAULT")
        try compare(name, transcript, sourceLocation: sourceLocation)
    }

    /// Compares a transcript made by the test itself with `name.txt` (or records it).
    static func compare(_ name: String, _ transcript: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let path = folder + "/" + name + ".txt"
        if ProcessInfo.processInfo.environment["BRAIN_RECORD"] != nil || !FileManager.default.fileExists(atPath: path) {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try transcript.write(toFile: path, atomically: true, encoding: .utf8)
            if ProcessInfo.processInfo.environment["BRAIN_RECORD"] == nil {
                Issue.record("recorded a new transcript \(name).txt; review it and run again", sourceLocation: sourceLocation)
            }
            return
        }
        let expected = try String(contentsOfFile: path, encoding: .utf8)
        if expected != transcript {
            let diff = lineDiff(expected, transcript)
            Issue.record("transcript \(name).txt differs (BRAIN_RECORD=1 re-records):\n\(diff)", sourceLocation: sourceLocation)
        }
    }

    static func lineDiff(_ expected: String, _ actual: String) -> String {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [String] = []
        for index in 0..<max(a.count, b.count) {
            let left = index < a.count ? String(a[index]) : nil
            let right = index < b.count ? String(b[index]) : nil
            if left != right {
                if let left { out.append("-\(index + 1): \(left)") }
                if let right { out.append("+\(index + 1): \(right)") }
            }
            if out.count > 40 { break }
        }
        return out.joined(separator: "\n")
    }
}
