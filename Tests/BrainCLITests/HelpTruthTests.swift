import Foundation
import Testing
import BrainTestSupport
@testable import BrainCLI
@testable import BrainFormat
@testable import BrainStore

/// Help, completion and the small words tell the truth.
@Suite struct HelpTruthTests {
    @Test func helpListsThemeAmongGlobalOptionsAndABadThemeWarnsOnce() throws {
        let vault = try TestVault()
        #expect(vault.run("help").stdout.contains("--theme THEME"))
        let config = try vault.read(".brain/config.yml")
        try vault.write(".brain/config.yml", config.replacingOccurrences(of: "theme: forest", with: "theme: purple"))
        for line in ["validate", "stats", "today"] {
            let result = vault.run(line)
            let count = (result.stdout + result.stderr).components(separatedBy: "theme must be one of").count - 1
            #expect(count == 1, "brain \(line) told the theme problem \(count) times")
        }
    }

    /// What bash completes `words` (the last one being typed) to, with the generated script and
    /// `brain __complete` answered by the real program in `vault`.
    static func bashCompletes(_ words: [String], vault: TestVault) throws -> [String] {
        let brain = try ConcurrencyTests.executable()
        let script = vault.root + "/.completion.bash"
        try vault.run("completions bash").stdout.write(toFile: script, atomically: true, encoding: .utf8)
        let quoted = (["brain"] + words).map { "'\($0)'" }.joined(separator: " ")
        let program = """
            source '\(script)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count)
            _brain
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let ending = try SpawnedProcess.run("/bin/bash", ["-c", "cd '\(vault.root)' && " + program],
                                            environment: ["PATH": brain.deletingLastPathComponent().path + ":/usr/bin:/bin"])
        #expect(ending.status == 0, "\(ending.stderr)")
        return ending.stdout.split(separator: "\n").map(String.init)
    }

    @Test func completionOffersWhatEachOptionTakes() throws {
        let vault = try TestVault()
        let areas = try FileManager.default.contentsOfDirectory(atPath: vault.root + "/areas").map { String($0.dropLast(3)) }.sorted()
        let goals = try FileManager.default.contentsOfDirectory(atPath: vault.root + "/goals").map { String($0.dropLast(3)) }.sorted()
        #expect(try Self.bashCompletes(["new", "habit", "X", "--area", ""], vault: vault).sorted() == areas)
        #expect(try Self.bashCompletes(["new", "habit", "X", "--goal", ""], vault: vault).sorted() == goals)
        #expect(try Self.bashCompletes(["--theme", ""], vault: vault).sorted() == ["aurora", "ember", "forest", "ocean", "sand"])
        #expect(try Self.bashCompletes(["done", "read", "--date", ""], vault: vault)
                == ["today", "yesterday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"])
        #expect(try Self.bashCompletes(["--theme", "ember", "tod"], vault: vault) == ["today"])
    }

    @Test func smallWordsAreRight() throws {
        let vault = try TestVault()
        // An article that fits the word.
        #expect(vault.run("edit health --set colour=blue").stderr.contains("unknown key \"colour\" for an area"))
        // A unit that agrees with the number: 1 book a week.
        try vault.write("goals/books.md", """
            ---
            title: Read books
            status: active
            target: 10
            current: 3
            unit: books
            ---
            ## Progress
            - 2026-11-08: 1 books
            - 2026-11-20: 3 books

            """)
        let goals = vault.run("goals --date 2026-11-22").stdout
        #expect(goals.contains("(+1 book a week)"), "\(goals)")
        // Empty arrays print as [].
        let empty = try TestVault(sample: false)
        empty.run("init")
        #expect(empty.run("tags --json").stdout.contains("\"tags\" : []"))
        #expect(!empty.run("list --json").stdout.contains("[\n\n"))
        // A vault without habits says so.
        #expect(empty.run("stats").stdout == "no habits yet; brain new habit TITLE adds one\n")
        // A link typed without quotes.
        let before = try vault.read("habits/read.md")
        let result = vault.run(["edit", "read", "--set", "goal=[[read-24-books]]"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("needs quotes, --set 'goal=\"[[read-24-books]]\"'"), "\(result.stderr)")
        #expect(try vault.read("habits/read.md") == before)
        #expect(vault.run(["edit", "read", "--set", "goal=\"[[read-24-books]]\""]).status == 0)
    }
}
