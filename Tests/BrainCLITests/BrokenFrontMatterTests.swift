import Foundation
import Testing
@testable import BrainCLI

/// A file whose front-matter cannot be read is never written to, by any action: the command
/// prints the problem as `path:line:column: error: …`, says the file was not changed, and
/// changes nothing in the vault.
@Suite struct BrokenFrontMatterTests {
    struct Case: Sendable, CustomTestStringConvertible {
        /// The file made broken, the line put after its opening `---`, and the command run.
        var path: String
        var line: String
        var command: String
        var testDescription: String { "\(command) on \(path)" }
    }

    static let unterminatedList = "tags: [pending, later"
    static let unterminatedQuote = "rest-reason: \"flu"
    static let tab = "\tweight: 1"

    static let cases: [Case] = [
        Case(path: "notes/atomic-habits.md", line: unterminatedList, command: "edit atomic-habits --set pinned=false"),
        Case(path: "notes/atomic-habits.md", line: unterminatedList, command: "pin atomic-habits"),
        Case(path: "notes/reading-list-2026.md", line: unterminatedList, command: "rename atomic-habits 'Atomic Habits by James Clear'"),
        Case(path: "habits/read.md", line: tab, command: "edit read --set weight=2"),
        Case(path: "habits/read.md", line: tab, command: "archive read"),
        Case(path: "habits/read.md", line: tab, command: "rename read 'Read 30 pages'"),
        Case(path: "daily/2026-11-21.md", line: unterminatedQuote, command: "done guitar --date 2026-11-21"),
        Case(path: "daily/2026-11-21.md", line: unterminatedQuote, command: "done spanish 5 --date 2026-11-21"),
        Case(path: "daily/2026-11-21.md", line: unterminatedQuote, command: "undo read --date 2026-11-21"),
        Case(path: "daily/2026-11-21.md", line: unterminatedQuote, command: "skip walk --date 2026-11-21"),
        Case(path: "daily/2026-11-21.md", line: unterminatedQuote, command: "rest --date 2026-11-21"),
        Case(path: "daily/2026-11-21.md", line: unterminatedQuote, command: "checkin morning --mood 3 --date 2026-11-21"),
        Case(path: "daily/2026-11-21.md", line: unterminatedQuote, command: "checkin morning --intention 'Call Ana' --date 2026-11-21"),
        Case(path: "daily/2026-11-21.md", line: unterminatedQuote, command: "checkin evening --reflection 'Slow day' --date 2026-11-21"),
        Case(path: "goals/read-24-books.md", line: unterminatedList, command: "goal progress read-24-books +1"),
        Case(path: "goals/read-24-books.md", line: unterminatedList, command: "edit read-24-books --set due=2027-01-31"),
        Case(path: "goals/run-5k.md", line: unterminatedQuote, command: "goal tick run-5k 5"),
        Case(path: "goals/run-5k.md", line: unterminatedQuote, command: "archive run-5k"),
    ]

    @Test(arguments: cases) func aFileWithBrokenFrontMatterIsNotWritten(_ broken: Case) throws {
        let vault = try TestVault()
        var lines = try vault.read(broken.path).components(separatedBy: "\n")
        lines.insert(broken.line, at: 1)
        try vault.write(broken.path, lines.joined(separator: "\n"))
        let before = try Self.files(vault.root)
        let result = vault.run(broken.command)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("\(broken.path):2:"), "\(result.stderr)")
        #expect(first.contains(": error: "), "\(result.stderr)")
        #expect(result.stderr.contains("brain: \(broken.path) was not changed"), "\(result.stderr)")
        #expect(try Self.files(vault.root) == before)
    }

    /// The vault's own files, `.brain/` left out (the cache changes on every read).
    static func files(_ root: String) throws -> [String: Data] {
        try InitTests.snapshot(root).filter { !$0.key.hasPrefix(".brain/") }
    }
}
