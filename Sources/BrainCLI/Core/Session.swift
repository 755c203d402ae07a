import BrainKit
import Foundation

/// What a command works with: the context, the parsed global options, and (opened on first use)
/// the vault and its index.
final class Session {
    let context: Context
    let arguments: Arguments
    private var openedVault: Vault?
    fileprivate var cachedIndex: VaultIndex?
    fileprivate var cachedJournalIndex: VaultIndex?
    /// Set once the conflict copies' warning is printed (or a command handles them itself).
    var conflictCopiesTold = false
    /// Set by a command that reports the settings' problems itself (`validate` lists them), so
    /// opening the vault does not print them a second time.
    var configProblemsTold = false

    init(context: Context, arguments: Arguments) {
        self.context = context
        self.arguments = arguments
    }

    /// The settings of the vault, once it is open.
    var openedConfig: VaultConfig? { openedVault?.config }

    /// The settings colours come from: the vault's (or the defaults before it is open), with
    /// `--theme` in place of its `theme:`.
    var colorConfig: VaultConfig {
        var config = openedConfig ?? VaultConfig()
        if let name = arguments.value("theme"), let theme = Theme(rawValue: name) { config.theme = theme }
        return config
    }

    /// Styling for standard output, in the theme and appearance of `colorConfig`.
    var style: Style {
        Style(isTerminal: context.stdout.isTerminal, environment: context.environment, noColorFlag: arguments.flag("no-color"),
              config: colorConfig)
    }

    func out(_ text: String) {
        context.stdout.write(text)
    }

    func line(_ text: String = "") {
        context.stdout.write(text + "\n")
    }

    func warn(_ text: String) {
        let style = Style(isTerminal: context.stderr.isTerminal, environment: context.environment, noColorFlag: arguments.flag("no-color"),
                          config: colorConfig)
        context.stderr.write(style("warning: ", .warn) + text + "\n")
    }

    /// The vault named by `--vault`, `BRAIN_VAULT` or the nearest `.brain/` upwards.
    func vault() throws -> Vault {
        if let openedVault { return openedVault }
        let root = try VaultLocator.locate(explicit: arguments.value("vault"), environment: context.environment,
                                           currentDirectory: context.currentDirectory)
        let vault = Vault(root: root)
        // A diagnostic already says `warning:` or `error:` after its place; no second prefix.
        if !configProblemsTold {
            for problem in vault.configDiagnostics {
                context.stderr.write(problem.description + "\n")
            }
        }
        openedVault = vault
        return vault
    }

    /// Writes `value` in the one JSON style: `schemaVersion` first, then the keys sorted. The
    /// bytes go out as written, never made into a string (megabytes of backlinks or matches).
    func json<T: Encodable>(_ value: T) throws {
        context.seeJSON?(value)
        let bytes = try JSONOutput.bytes(value)
        bytes.withUnsafeBufferPointer { context.stdout.write(bytes: $0) }
    }

    /// Writes JSON that `write` lays out and hands over in pieces (a streaming writer such as
    /// `BacklinkList.writeJSON`), each piece going out as it comes. `value`, the same result as a
    /// value, is made only for a caller watching the values printed (`Context.seeJSON`, the tests
    /// that hold every output to the encoder's).
    func streamJSON<T: Encodable>(_ value: @autoclosure () -> T,
                                  _ write: (_ sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void) -> Void) {
        if let see = context.seeJSON { see(value()) }
        let stdout = context.stdout
        write { stdout.write(bytes: $0) }
    }

    /// Prints a result as JSON; the exit status of a command that did its job.
    func printJSON<T: Encodable>(_ value: T) throws -> Int32 {
        try json(value)
        return ExitCode.success
    }

    /// Carries out an action on the vault; its warnings go to standard error, and the index is
    /// re-read by the next query.
    func perform<Action: VaultAction>(_ action: Action, dryRun: Bool = false) throws -> ActionResult<Action.Outcome> {
        let vault = try vault()
        defer { invalidateIndex() }
        let result = try vault.perform(action, dryRun: dryRun)
        for notice in result.notices { context.stderr.write(notice + "\n") }
        for warning in result.warnings { warn(warning) }
        tell(result.conflictCopies)
        return result
    }
}

extension Session {
    /// The vault's index, brought up to date (re-reading changed files) on first use.
    func index(rebuild: Bool = false) throws -> VaultIndex {
        if let openedIndex = cachedIndex, !rebuild { return openedIndex }
        let vault = try vault()
        let index = VaultIndex.open(vault, rebuild: rebuild)
        for warning in index.report.warnings { warn(warning) }
        tell(index.conflictCopies)
        cachedIndex = index
        return index
    }

    /// `TagList.watched` of the vault, unless its index is open already (then that answers).
    func watchedTagList(sort: TagList.Sort) throws -> TagList? {
        cachedIndex == nil ? TagList.watched(try vault(), sort: sort) : nil
    }

    /// The index of the files analytics reads (habits, goals, areas, days: `VaultIndex.Scope`),
    /// brought up to date on first use; the whole vault's index when that is open already.
    func journalIndex() throws -> VaultIndex {
        if let openedIndex = cachedIndex { return openedIndex }
        if let opened = cachedJournalIndex { return opened }
        let index = VaultIndex.open(try vault(), scope: .journal)
        for warning in index.report.warnings { warn(warning) }
        tell(index.conflictCopies)
        cachedJournalIndex = index
        return index
    }

    /// One line, once per command, while a sync engine's conflict copies are in the vault: they
    /// are not read as notes until `brain sync resolve` merges them.
    func tell(_ copies: [ConflictCopy]) {
        guard !copies.isEmpty, !conflictCopiesTold else { return }
        conflictCopiesTold = true
        let what = copies.count == 1 ? "1 sync conflict copy (\(copies[0].path)) is not read as a note"
            : "\(copies.count) sync conflict copies are not read as notes"
        warn(what + ": brain sync resolve merges " + (copies.count == 1 ? "it into its file" : "them into their files"))
    }

    /// Forgets the indexes so the next `index()` re-reads what changed (after a write).
    func invalidateIndex() {
        cachedIndex = nil
        cachedJournalIndex = nil
    }

    /// The one note `name` means; an error lists candidates when it is ambiguous or unknown.
    func note(_ name: String, in index: VaultIndex, kind: NoteKind? = nil) throws -> Int {
        try index.note(named: name, kind: kind)
    }

    /// The habit `name` means: id, title or alias, else a unique prefix (as `brain done` reads it).
    func habit(_ name: String, in journal: Journal) throws -> Habit {
        try journal.habit(named: name)
    }

    /// The day commands compute for: `--date` when given, else today (after `day-starts-at`).
    func day(_ text: String? = nil) throws -> Day {
        let vault = try? vault()
        var config = vault?.config ?? VaultConfig()
        if vault == nil { config.dayStartsAt = 0 }
        let today = context.clock.today(for: config)
        guard let text = text ?? arguments.value("date") else { return today }
        guard let day = DayExpression.parse(text, today: today) else {
            if let problem = Day.problem(ofDate: text) { throw CLIError.usage("--date: " + problem) }
            throw CLIError.usage("--date takes today, yesterday, -N, YYYY-MM-DD or a weekday name, not \"\(text)\"")
        }
        return day
    }
}
