import BrainJSONRPC
import BrainKit
import BrainMCP
import Foundation

/// `brain mcp`'s tools and resources. Each tool is a `brain` command run in this process with
/// `--json`: its answer is exactly that command's JSON, its input is checked by the same command
/// and action, and a writing tool's `dryRun` is the command's `--dry-run` (the action's diff).
final class MCPToolbox: MCPCatalogue {
    /// The context commands run in: this process's environment, folder and clock.
    let context: Context
    /// The global options `brain mcp` was given (`--vault`), passed to every command.
    let global: [String]

    init(context: Context, global: [String]) {
        self.context = context
        self.global = global
    }

    typealias Parameter = MCPTool.Parameter

    static let date = Parameter("date", .string, "the day: today, yesterday, -3, 2026-11-20 or a weekday name (default today)")
    static let habit = Parameter("habit", .string, "habit id, title, alias or a unique prefix", required: true)
    static let dryRun = Parameter("dryRun", .boolean, "true: write nothing, answer the change the call would make (files, lines before and after)")

    lazy var tools: [MCPTool] = [
        tool("today", "The day at a glance", """
            The day's check-in, every habit with its state (done, skipped, open, not due), amount, streak and \
            momentum, the reflection, pinned notes and the coach's line: `brain today --json`.
            """, [Self.date]) { arguments in
            ["today"] + Self.option("date", arguments)
        },
        tool("stats", "Habit statistics", """
            Without habit: every habit's streaks, completion rates and strength (`brain stats --json`). With habit: \
            that habit's score history grouped by `by` (`brain stats HABIT --json`).
            """, [
                Parameter("habit", .string, "one habit (id, title, alias or unique prefix); omit for all"),
                Parameter("range", .string, "the rate window of the table", choices: HabitStatsTable.Range.allCases.map(\.rawValue)),
                Parameter("by", .string, "with habit: group by", choices: Grouping.allCases.map(\.rawValue)),
                Self.date,
            ]) { arguments in
            ["stats"] + Self.positional("habit", arguments) + Self.option("range", arguments) + Self.option("by", arguments)
                + Self.option("date", arguments)
        },
        tool("history", "A habit's history", """
            One habit's days (state, amount, note) from `since` to `date`, with its streaks: `brain log HABIT --json`. \
            Without habit, every habit's log.
            """, [
                Parameter("habit", .string, "the habit (id, title, alias or unique prefix); omit for all"),
                Parameter("since", .string, "first day (default 30 days before date)"),
                Self.date,
            ]) { arguments in
            ["log"] + Self.positional("habit", arguments) + Self.option("since", arguments) + Self.option("date", arguments)
        },
        tool("goals", "Goals and their progress", "Every goal with its progress, pace and milestones: `brain goals --json`.",
             [Self.date]) { arguments in
            ["goals"] + Self.option("date", arguments)
        },
        tool("search", "Search the notes", "Lines of notes matching a phrase, optionally by tag or kind: `brain search --json`.", [
            Parameter("query", .string, "the phrase to find", required: true),
            Parameter("tag", .string, "only notes whose tags match this expression (`mind, -work`)"),
            Parameter("kind", .string, "only notes of this kind (habit, goal, area, note, daily…)"),
            Parameter("limit", .integer, "at most this many matching lines"),
        ]) { arguments in
            ["search", arguments["query"].string ?? ""] + Self.option("tag", arguments) + Self.option("kind", arguments)
                + Self.option("limit", arguments)
        },
        tool("show", "One note", "A note's front-matter, links and backlinks: `brain show NOTE --json`.", [
            Parameter("note", .string, "path, file name, title or alias", required: true),
        ]) { arguments in
            ["show", arguments["note"].string ?? ""]
        },
        tool("done", "Check a habit off", """
            Checks a habit off on a day, or records an amount for a measurable one (`brain done HABIT [VALUE] --json`). \
            dryRun answers the change without writing it.
            """, [
                Self.habit,
                Parameter("value", .number, "the amount (pages, minutes, cups…)"),
                Parameter("add", .boolean, "add value to the amount already logged that day"),
                Parameter("note", .string, "a note at the end of the line"),
                Self.date, Self.dryRun,
            ], readOnly: false) { arguments in
            ["done", arguments["habit"].string ?? ""] + Self.positional("value", arguments) + Self.flag("add", arguments)
                + Self.option("note", arguments) + Self.option("date", arguments) + Self.flag("dryRun", arguments, as: "dry-run")
        },
        tool("skip", "Skip a habit", "Marks a habit skipped on a day, with a reason (`brain skip HABIT REASON --json`).", [
            Self.habit,
            Parameter("reason", .string, "why"),
            Self.date, Self.dryRun,
        ], readOnly: false) { arguments in
            ["skip", arguments["habit"].string ?? ""] + Self.option("date", arguments) + Self.flag("dryRun", arguments, as: "dry-run")
                + (arguments["reason"].string.map { ["--", $0] } ?? [])
        },
        tool("undo", "Undo a check-off", "Removes a habit's line of a day (`brain undo HABIT --json`).", [
            Self.habit, Self.date, Self.dryRun,
        ], readOnly: false) { arguments in
            ["undo", arguments["habit"].string ?? ""] + Self.option("date", arguments) + Self.flag("dryRun", arguments, as: "dry-run")
        },
        tool("checkin", "Morning or evening check-in", """
            Records the morning check-in (mood, energy, intentions) or the evening one (mood, reflection): \
            `brain checkin PART --json`.
            """, [
                Parameter("part", .string, "which check-in", required: true, choices: ["morning", "evening"]),
                Parameter("mood", .integer, "mood, 1 to 5"),
                Parameter("energy", .integer, "energy, 1 to 5 (morning)"),
                Parameter("intentions", .strings, "intentions for the day (morning)"),
                Parameter("reflection", .string, "a few lines on the day (evening)"),
                Self.date, Self.dryRun,
            ], readOnly: false) { arguments in
            var words = ["checkin", arguments["part"].string ?? ""] + Self.option("mood", arguments) + Self.option("energy", arguments)
            for intention in arguments["intentions"].array ?? [] { words += ["--intention", intention.string ?? ""] }
            return words + Self.option("reflection", arguments) + Self.option("date", arguments)
                + Self.flag("dryRun", arguments, as: "dry-run")
        },
        tool("goal_progress", "Record a goal's progress", """
            Sets a goal's progress (value) or changes it (change: +2, -1): `brain goal progress GOAL VALUE --json`.
            """, [
                Parameter("goal", .string, "the goal (id, title or alias)", required: true),
                Parameter("value", .number, "the new progress"),
                Parameter("change", .number, "a change to the progress (positive or negative); instead of value"),
                Self.date, Self.dryRun,
            ], readOnly: false) { arguments in
            var amount = Self.number(arguments["value"]) ?? ""
            if let change = arguments["change"].int.map(Double.init) ?? Self.double(arguments["change"]) {
                amount = (change < 0 ? "-" : "+") + HabitLine.format(abs(change))
            }
            return ["goal", "progress", arguments["goal"].string ?? "", "--json"] + Self.option("date", arguments)
                + Self.flag("dryRun", arguments, as: "dry-run") + ["--", amount]
        },
    ]

    var resourceTemplates: [JSON] {
        [["uriTemplate": "brain://note/{path}", "name": "note", "title": "A note of the vault",
          "description": "A Markdown file of the vault by its path (habits/read.md, daily/2026-11-20.md)",
          "mimeType": "text/markdown"]]
    }

    /// Every note of the vault, by its path: `brain://note/habits/read.md`.
    func resources() throws -> [MCPResource] {
        let vault = try openVault()
        let index = VaultIndex.open(vault)
        return index.records.map {
            MCPResource(uri: Self.uri(of: $0.path), name: $0.path, title: $0.title, mimeType: "text/markdown")
        }
    }

    /// A note's text; only a path the index knows (no file outside the vault, nothing under `.brain/`).
    func read(_ uri: String) throws -> MCPResourceContent? {
        guard uri.hasPrefix(Self.scheme) else { return nil }
        let encoded = String(uri.dropFirst(Self.scheme.count))
        guard let path = encoded.removingPercentEncoding else { return nil }
        let vault = try openVault()
        let index = VaultIndex.open(vault)
        guard index.records.contains(where: { $0.path == path }) else { return nil }
        return MCPResourceContent(mimeType: "text/markdown", text: try vault.fileSystem.readText(try vault.absolute(path)))
    }

    static let scheme = "brain://note/"

    static func uri(of path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return scheme + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path)
    }

    private func openVault() throws -> Vault {
        var arguments = global
        var explicit: String?
        while let first = arguments.first {
            arguments.removeFirst()
            if first == "--vault", let value = arguments.first { explicit = value; arguments.removeFirst() }
        }
        let root = try VaultLocator.locate(explicit: explicit, environment: context.environment, currentDirectory: context.currentDirectory)
        return Vault(root: root)
    }

    // MARK: Running a command

    /// A tool that runs the `brain` command `words(arguments)` builds, with `--json`.
    private func tool(_ name: String, _ title: String, _ help: String, _ parameters: [Parameter], readOnly: Bool = true,
                      _ words: @escaping (JSON) -> [String]) -> MCPTool {
        MCPTool(name: name, title: title, help: help, parameters: parameters, readOnly: readOnly) { [unowned self] arguments in
            var command = words(arguments)
            // `--json` before a `--` that ends the options.
            let end = command.firstIndex(of: "--") ?? command.endIndex
            if !command.contains("--json") { command.insert("--json", at: end) }
            return run(command)
        }
    }

    /// Runs one command in this process, its output and errors kept in memory.
    func run(_ words: [String]) -> MCPToolResult {
        var context = self.context
        context.stdout = TextOutput()
        context.stderr = TextOutput()
        context.stdin = ScriptedInput([], isTerminal: false)
        context.isProcess = false
        let status = BrainCLI.run(Array(words.prefix(1)) + global + words.dropFirst(), context: context)
        let output = context.stdout.text
        let problems = context.stderr.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard status == ExitCode.success else {
            return .failure(problems.isEmpty ? "brain \(words.first ?? "") failed (exit status \(status))" : problems)
        }
        let value = JSON.parse(Array(output.utf8))
        var text = output.trimmingCharacters(in: .whitespacesAndNewlines)
        if !problems.isEmpty { text += "\n" + problems }
        return MCPToolResult(text: text, structured: value, isError: false)
    }

    // MARK: Arguments as words

    static func option(_ name: String, _ arguments: JSON) -> [String] {
        guard let text = word(arguments[name]) else { return [] }
        return ["--" + name, text]
    }

    static func positional(_ name: String, _ arguments: JSON) -> [String] {
        word(arguments[name]).map { [$0] } ?? []
    }

    static func flag(_ name: String, _ arguments: JSON, as option: String? = nil) -> [String] {
        arguments[name].bool == true ? ["--" + (option ?? name)] : []
    }

    /// A value as the command line would have it typed.
    static func word(_ value: JSON) -> String? {
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double: return number(value)
        case .bool(let flag): return flag ? "true" : "false"
        default: return nil
        }
    }

    static func double(_ value: JSON) -> Double? {
        switch value {
        case .int(let number): return Double(number)
        case .double(let number): return number
        default: return nil
        }
    }

    static func number(_ value: JSON) -> String? {
        double(value).map(HabitLine.format)
    }
}
