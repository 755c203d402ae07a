import BrainKit
import Foundation

/// `brain tui`: the habits of the last days on one screen, by keyboard.
enum TuiCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "tui",
        summary: "a full-screen grid of habits by day: check off, enter values, skip, undo by keyboard",
        discussion: """
        Shows every habit as a row and as many past days as the terminal fits as columns (today
        first, then the days before), each habit with its streak, momentum and the days left before
        its streak or its period's quota is lost. j k h l or the arrows move; space checks off (again:
        undo), a number enters a value, s skips with a reason, u undoes, r makes the day a rest day,
        m and e record the morning and evening mood, / filters, : runs a brain command
        (:done read 12), ? shows the keys, q or Ctrl-C quits. Each change is the one brain done,
        skip, undo, rest and checkin make; changes made elsewhere appear within a second. The
        terminal is put back as it was on every way out, a signal included. Needs a terminal;
        --measure times a full redraw without one.
        """,
        options: [
            .flag("json", "print the keys and what they do as JSON, and exit"),
            .flag("measure", "time a full redraw of a 200 × 60 screen, a reload of the grid and the check for changes against brain week, print JSON, and exit"),
        ],
        examples: ["brain tui", "brain tui --vault ~/brain"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        // Warnings go to the status line, not over the screen.
        var context = session.context
        context.stderr = TextOutput()
        let quiet = Session(context: context, arguments: session.arguments)
        _ = try quiet.vault()
        if arguments.flag("measure") { return try measure(quiet, session) }
        if arguments.flag("json") { return try session.printJSON(Keys()) }
        guard Terminal.isAvailable else {
            throw CLIError.usage("brain tui needs a terminal on standard input and output (for a pipe: brain ask)")
        }
        let style = Style(isTerminal: true, environment: context.environment, noColorFlag: arguments.flag("no-color"),
                          config: quiet.colorConfig)
        let app = TuiApp(session: quiet, style: style)
        let terminal = Terminal()
        terminal.enter()
        defer { terminal.restore() }
        // No line wrapping: a line longer than the window is cut, never folded onto the next.
        terminal.write("\u{1B}[?7l")
        defer { terminal.write("\u{1B}[?7h") }
        var screen = TuiScreen()
        app.rows = terminal.rows
        app.columns = terminal.columns
        app.reload()
        var lastReload = Date()
        while !app.quit {
            terminal.write(screen.update(to: app.render()))
            let bytes = terminal.read(waiting: 250)
            if terminal.takeResize() {
                app.rows = terminal.rows
                app.columns = terminal.columns
                screen.invalidate()
                app.reload()
            }
            if !bytes.isEmpty { app.handle(bytes) }
            // Changes made elsewhere (another brain, an editor, sync) show within a second; the
            // check reads nothing while the journal's files are as the index read them.
            if Date().timeIntervalSince(lastReload) >= 1 {
                app.reloadIfChanged()
                lastReload = Date()
            }
        }
        return ExitCode.success
    }

    /// `brain tui --json`: the keys.
    struct Keys: Encodable {
        struct Key: Encodable {
            var keys: String
            var action: String
        }

        var schemaVersion = 1
        var keys = [
            Key(keys: "j k ↓ ↑", action: "move between habits"),
            Key(keys: "h l ← →", action: "move between days (t: today)"),
            Key(keys: "space", action: "check off (brain done); on a checked cell, undo (brain undo)"),
            Key(keys: "0-9 then ⏎", action: "record a value (brain done HABIT VALUE)"),
            Key(keys: "s", action: "skip with a reason (brain skip)"),
            Key(keys: "u", action: "undo the day's line (brain undo)"),
            Key(keys: "r", action: "rest day on or off (brain rest)"),
            Key(keys: "m / e", action: "morning / evening mood (brain checkin)"),
            Key(keys: "/", action: "filter habits (Escape clears)"),
            Key(keys: ":", action: "run a brain command"),
            Key(keys: "?", action: "help"),
            Key(keys: "q, Ctrl-C", action: "quit"),
        ]
    }

    /// A full redraw of a 200 × 60 screen (every line drawn and written) and a reload of the grid,
    /// against `brain week` (its index, view and lines), in this process, each the median of 9 runs.
    static func measure(_ quiet: Session, _ session: Session) throws -> Int32 {
        let style = Style(mode: .trueColor)
        func median(_ work: () throws -> Void) rethrows -> Double {
            var times: [Double] = []
            for _ in 0..<9 {
                let start = DispatchTime.now().uptimeNanoseconds
                try work()
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
            return times.sorted()[times.count / 2]
        }
        // The grid read from the vault (what a change or the once-a-second check does), then a full
        // redraw of it: every line drawn and written, on a cleared screen (what a resize does).
        let app = TuiApp(session: quiet, style: style)
        app.rows = 60
        app.columns = 200
        let reload = median { app.reload() }
        // The once-a-second check while nothing changed (a `stat` of each journal file).
        let reloads = app.reloads
        let check = median { app.reloadIfChanged() }
        let checkReloads = app.reloads - reloads
        var screen = TuiScreen()
        var bytes = 0
        let redraw = median {
            screen.invalidate()
            bytes = screen.update(to: app.render()).utf8.count
        }
        let week = try median {
            var context = quiet.context
            context.stdout = TextOutput()
            let run = Session(context: context, arguments: quiet.arguments)
            _ = try WeekCommand.run(try Arguments.parse([], spec: WeekCommand.spec), run)
        }
        struct Measure: Encodable {
            var schemaVersion = 1
            var habits: Int
            var days: Int
            /// The bytes a full redraw writes.
            var bytes: Int
            var redrawSeconds: Double
            var reloadSeconds: Double
            /// The once-a-second check on an unchanged vault, and how often it read the vault (0).
            var checkSeconds: Double
            var checkReloads: Int
            var weekSeconds: Double
            var ratio: Double
        }
        return try session.printJSON(Measure(habits: app.grid?.rows.count ?? 0, days: app.dayCount, bytes: bytes,
                                             redrawSeconds: redraw, reloadSeconds: reload,
                                             checkSeconds: check, checkReloads: checkReloads, weekSeconds: week,
                                             ratio: week > 0 ? redraw / week : 0))
    }
}
