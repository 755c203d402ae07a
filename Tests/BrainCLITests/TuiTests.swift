import Foundation
import Testing
import BrainTestSupport
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat

/// A tmux server of its own (its own socket), one window of a shell in a folder.
final class TmuxSession {
    static let path = ServerProcess.find("tmux")
    static let skipMessage: Comment = "tmux is not installed: install Debian's tmux package (bash .ci/run does) to run the terminal UI tests"

    let socket = "brain-test-\(UUID().uuidString.prefix(8))"

    init(columns: Int, rows: Int, folder: String, environment: [String: String]) throws {
        let variables = environment.map { "\($0.key)=\($0.value)" }.sorted()
        try tmux(["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "-c", folder,
                  "env " + variables.joined(separator: " ") + " bash --norc --noprofile"])
        try tmux(["set-option", "-g", "window-size", "manual"])
    }

    deinit { _ = try? tmux(["kill-server"]) }

    /// Runs tmux to its end: spawned and reaped directly, its output in files (the server that
    /// `new-session` starts would keep a pipe, or Foundation's watch of the child, open as long as it lives).
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let ending = try SpawnedProcess.run(Self.path!, ["-L", socket, "-f", "/dev/null"] + arguments)
        if ending.status != 0 { throw TmuxFailure(description: "tmux \(arguments.joined(separator: " ")): \(ending.stderr)") }
        return ending.stdout
    }

    struct TmuxFailure: Error, CustomStringConvertible { var description: String }

    /// Keys as tmux names them (`Space`, `Enter`, `C-c`) or literal text with `literal`.
    func send(_ keys: String..., literal: Bool = false) throws {
        try tmux(["send-keys", "-t", "0"] + (literal ? ["-l"] : []) + keys)
    }

    func screen() throws -> String { try tmux(["capture-pane", "-t", "0", "-p"]) }

    /// The screen with its attributes as SGR escapes (`capture-pane -e`): the colours the program set.
    func screenWithEscapes() throws -> String { try tmux(["capture-pane", "-t", "0", "-p", "-e"]) }

    /// The screen once `predicate` holds (the program had time to draw), or what it was at the end.
    @discardableResult
    func wait(for what: String, seconds: Double = 30, _ predicate: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var text = try screen()
        while !predicate(text), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            text = try screen()
        }
        #expect(predicate(text), "waited for \(what); the screen:\n\(text)")
        return text
    }

    @discardableResult
    func wait(for text: String, seconds: Double = 30) throws -> String {
        try wait(for: text, seconds: seconds) { $0.contains(text) }
    }

    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", "0", "-x", "\(columns)", "-y", "\(rows)"])
    }
}

/// Issue 42: `brain tui` driven in tmux — check off, a value, a skip, an undo, a filter, a resize
/// from 200 to 60 columns and back, Ctrl-C — and `brain ask` from a pipe and from tmux. The daily
/// file equals what the CLI writes for the same changes, the screen shows them, and the terminal
/// settings (`stty -a`) are the same after as before.
@Suite struct TuiTests {
    static let now = "2026-11-22T09:00:00Z"
    static var environment: [String: String] {
        ["BRAIN_NOW": now, "TZ": "UTC", "TERM": "xterm-256color", "HOME": FileManager.default.temporaryDirectory.path, "PS1": "$ "]
    }

    @Test(.enabled(if: TmuxSession.path != nil, TmuxSession.skipMessage))
    func keysWriteWhatTheCommandsWriteAndTheTerminalIsRestored() throws {
        let brain = try ConcurrencyTests.executable().path
        let vault = try TestVault(now: Self.now)
        let twin = try TestVault(now: Self.now)
        let tmux = try TmuxSession(columns: 200, rows: 50, folder: vault.root, environment: Self.environment)
        let folder = vault.root
        try tmux.send("stty -a > \(folder)/../stty-before-\(tmux.socket); \(brain) tui; stty -a > \(folder)/../stty-after-\(tmux.socket); echo TUI-ENDED-$((6*7))", literal: true)
        try tmux.send("Enter")
        var screen = try tmux.wait(for: "at risk")
        #expect(screen.contains("Drink a glass of water"))
        #expect(screen.contains("Sunday 2026-11-22"))

        // Filter to one habit, check it off with space.
        try tmux.send("/")
        try tmux.send("Read 20", literal: true)
        try tmux.send("Enter")
        screen = try tmux.wait(for: "the filter") { $0.contains("filter /Read 20") && !$0.contains("Meditate") }
        try tmux.send("Space")
        screen = try tmux.wait(for: "read: done on 2026-11-22")
        #expect(twin.run(["done", "read"]).status == 0)

        // A value, on another habit.
        try tmux.send("Escape")
        try tmux.send("/")
        try tmux.send("coffee", literal: true)
        try tmux.send("Enter")
        try tmux.wait(for: "coffee filter") { $0.contains("filter /coffee") && !$0.contains("Read 20 pages") }
        try tmux.send("3", literal: true)
        try tmux.send("Enter")
        screen = try tmux.wait(for: "coffee: 3 of 2 cups")
        #expect(twin.run(["done", "coffee", "3"]).status == 0)

        // A skip with a reason.
        try tmux.send("Escape")
        try tmux.send("/")
        try tmux.send("strength", literal: true)
        try tmux.send("Enter")
        try tmux.wait(for: "strength filter") { $0.contains("filter /strength") && !$0.contains("coffee") }
        try tmux.send("s")
        try tmux.send("knee hurts", literal: true)
        try tmux.send("Enter")
        screen = try tmux.wait(for: "strength: skipped on 2026-11-22 — knee hurts")
        #expect(twin.run(["skip", "strength", "knee", "hurts"]).status == 0)

        // Undo a line that was there before.
        try tmux.send("Escape")
        try tmux.send("/")
        try tmux.send("meditate", literal: true)
        try tmux.send("Enter")
        try tmux.wait(for: "meditate filter") { $0.contains("filter /meditate") && !$0.contains("Strength") }
        try tmux.send("u")
        screen = try tmux.wait(for: "meditate: undone on 2026-11-22")
        #expect(twin.run(["undo", "meditate"]).status == 0)
        try tmux.send("Escape")
        screen = try tmux.wait(for: "every habit again") { $0.contains("Drink a glass of water") && $0.contains("Strength training") }

        // 200 columns to 60 and back: no line wider than the window, nothing folded, the grid whole again.
        try tmux.resize(columns: 60, rows: 30)
        screen = try tmux.wait(for: "the narrow grid") { text in
            text.contains("at risk") && text.split(separator: "\n").allSatisfy { $0.count <= 60 } && text.contains("› Drink a gla…")
        }
        let narrow = screen.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(narrow.first?.contains("brain") == true, "the title line is not first:\n\(screen)")
        #expect(narrow.filter { $0.hasPrefix("  Meditate") || $0.hasPrefix("› Meditate") }.count == 1, "garbled:\n\(screen)")
        try tmux.resize(columns: 200, rows: 50)
        screen = try tmux.wait(for: "the wide grid") { $0.contains("› Drink a glass of water   ") && $0.contains("streak    mom.  at risk") }

        // The files: what the commands wrote in the twin vault.
        #expect(try vault.read("daily/2026-11-22.md") == twin.read("daily/2026-11-22.md"))

        // A change made elsewhere (the brain command, another process) shows without a key, by
        // the once-a-second check (a bound far above its second, not a timing).
        let done = try SpawnedProcess.run(brain, ["done", "call-family", "--vault", vault.root], environment: Self.environment)
        #expect(done.status == 0, "\(done.stderr)")
        try tmux.wait(for: "call-family checked off on the grid", seconds: 5) { text in
            text.split(separator: "\n").contains { $0.hasPrefix("  Call family") && $0.dropFirst(27).hasPrefix("✓") }
        }

        // Ctrl-C: the shell is back and the terminal as it was.
        try tmux.send("C-c")
        screen = try tmux.wait(for: "the line TUI-ENDED-42") { $0.split(separator: "\n").contains("TUI-ENDED-42") }
        let before = try String(contentsOfFile: "\(folder)/../stty-before-\(tmux.socket)", encoding: .utf8)
        let after = try String(contentsOfFile: "\(folder)/../stty-after-\(tmux.socket)", encoding: .utf8)
        #expect(before.contains("icanon") && before.contains(" echo"))
        #expect(before == after, "stty -a before:\n\(before)\nafter:\n\(after)")
        try? FileManager.default.removeItem(atPath: "\(folder)/../stty-before-\(tmux.socket)")
        try? FileManager.default.removeItem(atPath: "\(folder)/../stty-after-\(tmux.socket)")
    }

    @Test(.enabled(if: TmuxSession.path != nil, TmuxSession.skipMessage))
    func aTerminationSignalRestoresTheTerminal() throws {
        let brain = try ConcurrencyTests.executable().path
        let vault = try TestVault(now: Self.now)
        let tmux = try TmuxSession(columns: 120, rows: 40, folder: vault.root, environment: Self.environment)
        let base = "\(vault.root)/../stty-\(tmux.socket)"
        try tmux.send("stty -a > \(base)-before; \(brain) tui --vault \(vault.root); stty -a > \(base)-after; echo TUI-ENDED-$((6*7))", literal: true)
        try tmux.send("Enter")
        _ = try tmux.wait(for: "at risk")
        // SIGTERM from outside, as a shutdown or `kill` sends it.
        let pids = try ServerProcess.run("/usr/bin/env", ["pgrep", "-f", "tui --vault \(vault.root)"], timeout: 10).stdout
        let pid = try #require(pids.split(separator: "\n").compactMap { Int32($0) }.first, "no brain tui process")
        kill(pid, SIGTERM)
        try tmux.wait(for: "the line TUI-ENDED-42") { $0.split(separator: "\n").contains("TUI-ENDED-42") }
        let before = try String(contentsOfFile: base + "-before", encoding: .utf8)
        let after = try String(contentsOfFile: base + "-after", encoding: .utf8)
        #expect(before == after, "stty -a before:\n\(before)\nafter:\n\(after)")
        try? FileManager.default.removeItem(atPath: base + "-before")
        try? FileManager.default.removeItem(atPath: base + "-after")
    }

    /// `r`, `m`, `e` and `:` write what `brain rest`, `brain checkin morning|evening --mood N`
    /// and the command itself write, and the screen shows each.
    @Test(.enabled(if: TmuxSession.path != nil, TmuxSession.skipMessage))
    func restMoodAndCommandKeysWriteWhatTheCommandsWrite() throws {
        let brain = try ConcurrencyTests.executable().path
        let vault = try TestVault(now: Self.now)
        let twin = try TestVault(now: Self.now)
        let tmux = try TmuxSession(columns: 200, rows: 50, folder: vault.root, environment: Self.environment)
        try tmux.send("\(brain) tui; echo TUI-ENDED-$((6*7))", literal: true)
        try tmux.send("Enter")
        var screen = try tmux.wait(for: "at risk")
        #expect(!screen.contains("rest day"))

        // r: today becomes a rest day; the title says so.
        try tmux.send("r")
        screen = try tmux.wait(for: "the rest day") { $0.contains("2026-11-22 is a rest day") && $0.contains("Sunday 2026-11-22  · rest day") }
        #expect(twin.run(["rest"]).status == 0)

        // m and e: the morning and evening moods.
        try tmux.send("m")
        try tmux.wait(for: "morning mood (1-5):")
        try tmux.send("4", literal: true)
        try tmux.send("Enter")
        try tmux.wait(for: "morning mood 4 on 2026-11-22")
        #expect(twin.run(["checkin", "morning", "--mood", "4"]).status == 0)
        try tmux.send("e")
        try tmux.wait(for: "evening mood (1-5):")
        try tmux.send("5", literal: true)
        try tmux.send("Enter")
        try tmux.wait(for: "evening mood 5 on 2026-11-22")
        #expect(twin.run(["checkin", "evening", "--mood", "5"]).status == 0)

        // `:`: a brain command; its first line shows, and the grid has the check-off.
        let expected = twin.run(["done", "read", "25"])
        #expect(expected.status == 0)
        let firstLine = try #require(expected.stdout.split(separator: "\n").first.map(String.init))
        try tmux.send(":")
        try tmux.send("done read 25", literal: true)
        try tmux.send("Enter")
        try tmux.wait(for: firstLine)
        try tmux.wait(for: "read checked off on the grid") { text in
            text.split(separator: "\n").contains { $0.dropFirst(2).hasPrefix("Read 20 pages") && $0.dropFirst(27).hasPrefix("✓") }
        }
        #expect(try vault.read("daily/2026-11-22.md") == twin.read("daily/2026-11-22.md"))

        try tmux.send("q")
        try tmux.wait(for: "the line TUI-ENDED-42") { $0.split(separator: "\n").contains("TUI-ENDED-42") }
    }

    /// The colours `brain tui` sets as the terminal sees them (`capture-pane -e`): the 16 system
    /// colours and nothing else with TERM=xterm, none under NO_COLOR; 256 and true colour where
    /// the environment says so (which shows the capture carries colours at all).
    @Test(.enabled(if: TmuxSession.path != nil, TmuxSession.skipMessage))
    func colourModesEmitTheirOwnEscapes() throws {
        let brain = try ConcurrencyTests.executable().path
        let vault = try TestVault(now: Self.now)
        var environment = Self.environment
        // Whatever the test run was given: no colour variable but the case's own counts.
        for name in ["COLORTERM", "BRAIN_COLOR", "NO_COLOR"] { environment[name] = "" }
        let tmux = try TmuxSession(columns: 160, rows: 40, folder: vault.root, environment: environment)
        // The sample vault's theme, dark (no COLORFGBG).
        let palette = Theme.forest.palette(.dark)
        let cases: [(variables: String, mode: ColorMode)] = [
            ("TERM=xterm", .ansi16), ("TERM=xterm-256color NO_COLOR=1", .none), ("TERM=linux", .ansi16),
            ("TERM=xterm-256color", .ansi256), ("TERM=xterm COLORTERM=truecolor", .trueColor),
        ]
        for (number, (variables, mode)) in cases.enumerated() {
            try tmux.send("clear; \(variables) \(brain) tui; echo MODE-ENDED-$((100+\(number)))", literal: true)
            try tmux.send("Enter")
            _ = try tmux.wait(for: "at risk")
            let captured = try tmux.screenWithEscapes()
            let colours = Self.colourParameters(captured)
            let shown = captured.replacingOccurrences(of: "\u{1B}", with: "^[")
            let good = mode.foreground(palette.good), muted = mode.foreground(palette.muted)
            switch mode {
            case .none:
                #expect(colours.isEmpty, "\(variables): \(colours); the screen:\n\(shown)")
            case .ansi16:
                #expect(colours.allSatisfy { !$0.hasPrefix("38;") && !$0.hasPrefix("48;") }, "\(variables): \(colours)")
                #expect(colours.contains(good) && colours.contains(muted), "\(variables): no \(good) or \(muted) in \(colours); the screen:\n\(shown)")
            case .ansi256, .trueColor:
                #expect(colours.contains(good) && colours.contains(muted), "\(variables): no \(good) or \(muted) in \(colours); the screen:\n\(shown)")
            }
            try tmux.send("q")
            let end = "MODE-ENDED-\(100 + number)"
            try tmux.wait(for: "the line \(end)") { $0.split(separator: "\n").contains(Substring(end)) }
        }
    }

    /// The colour parameters of every SGR escape (`ESC [ … m`) in `text`: `31`, `38;5;71`,
    /// `38;2;110;224;141`, `42`…; attributes (bold, reverse) and the default colours (39, 49) aside.
    static func colourParameters(_ text: String) -> Set<String> {
        var found: Set<String> = []
        var rest = Substring(text)
        while let escape = rest.range(of: "\u{1B}[") {
            rest = rest[escape.upperBound...]
            guard let end = rest.firstIndex(where: { !$0.isNumber && $0 != ";" }) else { break }
            let parameters = rest[..<end].split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
            let isSGR = rest[end] == "m"
            rest = rest[rest.index(after: end)...]
            guard isSGR else { continue }
            var index = 0
            while index < parameters.count {
                let value = parameters[index]
                if (value == 38 || value == 48), index + 1 < parameters.count {
                    let length = parameters[index + 1] == 5 ? 3 : 5
                    found.insert(parameters[index..<min(parameters.count, index + length)].map(String.init).joined(separator: ";"))
                    index += length
                    continue
                }
                if (30...37).contains(value) || (40...47).contains(value) || (90...97).contains(value) || (100...107).contains(value) {
                    found.insert(String(value))
                }
                index += 1
            }
        }
        return found
    }

    @Test func askAnswersFromAPipe() throws {
        let brain = try ConcurrencyTests.executable().path
        let vault = try TestVault(now: Self.now)
        let twin = try TestVault(now: Self.now)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: brain)
        process.arguments = ["ask", "guitar", "coffee", "strength", "--vault", vault.root]
        process.environment = ProcessInfo.processInfo.environment.merging(Self.environment) { _, new in new }
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data("y\n3\ns sick\n".utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text.contains("Play guitar [y/n/s/value/⏎] y"), "\(text)")
        #expect(text.contains("coffee: 3 of 2 cups"), "\(text)")
        #expect(text.contains("strength: skipped on 2026-11-22 — sick"), "\(text)")
        for words in [["done", "guitar"], ["done", "coffee", "3"], ["skip", "strength", "sick"]] {
            #expect(twin.run(words).status == 0)
        }
        #expect(try vault.read("daily/2026-11-22.md") == twin.read("daily/2026-11-22.md"))
    }

    @Test(.enabled(if: TmuxSession.path != nil, TmuxSession.skipMessage))
    func askAnswersFromATerminal() throws {
        let brain = try ConcurrencyTests.executable().path
        let vault = try TestVault(now: Self.now)
        let twin = try TestVault(now: Self.now)
        let tmux = try TmuxSession(columns: 100, rows: 30, folder: vault.root, environment: Self.environment)
        try tmux.send("\(brain) ask read coffee --since yesterday; echo ASK-ENDED-$((6*7))", literal: true)
        try tmux.send("Enter")
        // Yesterday has neither open; today asks in the order `brain today` lists them: coffee, then read.
        _ = try tmux.wait(for: "At most two coffees (at most 2 cups) [y/n/s/value/⏎]")
        try tmux.send("x", literal: true)
        try tmux.send("Enter")
        _ = try tmux.wait(for: "answer y (done)")
        try tmux.send("n", literal: true)
        try tmux.send("Enter")
        _ = try tmux.wait(for: "Read 20 pages (20 pages) [y/n/s/value/⏎]")
        try tmux.send("25", literal: true)
        try tmux.send("Enter")
        let screen = try tmux.wait(for: "the line ASK-ENDED-42") { $0.split(separator: "\n").contains("ASK-ENDED-42") }
        #expect(screen.contains("read: 25 of 20 pages, done on 2026-11-22"), "\(screen)")
        #expect(twin.run(["done", "read", "25"]).status == 0)
        #expect(try vault.read("daily/2026-11-22.md") == twin.read("daily/2026-11-22.md"))
    }
}
