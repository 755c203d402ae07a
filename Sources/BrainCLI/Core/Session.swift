import BrainKit
import Foundation

/// What a command works with: the context, the parsed global options, and (opened on first use)
/// the vault and its index.
final class Session {
    let context: Context
    let arguments: Arguments
    private var openedVault: Vault?
    fileprivate var cachedIndex: VaultIndex?

    init(context: Context, arguments: Arguments) {
        self.context = context
        self.arguments = arguments
    }

    var colorEnabled: Bool {
        context.stdout.isTerminal && !arguments.flag("no-color") && (context.environment["NO_COLOR"] ?? "").isEmpty
    }

    /// Styling for standard output, in the vault's theme when a vault is open.
    var style: Style {
        Style(enabled: colorEnabled, themeName: openedVault?.config.theme ?? "forest")
    }

    func out(_ text: String) {
        context.stdout.write(text)
    }

    func line(_ text: String = "") {
        context.stdout.write(text + "\n")
    }

    func warn(_ text: String) {
        let style = Style(enabled: context.stderr.isTerminal && (context.environment["NO_COLOR"] ?? "").isEmpty && !arguments.flag("no-color"))
        context.stderr.write(style("warning: ", .warn) + text + "\n")
    }

    /// The vault named by `--vault`, `BRAIN_VAULT` or the nearest `.brain/` upwards.
    func vault() throws -> Vault {
        if let openedVault { return openedVault }
        let root = try VaultLocator.locate(explicit: arguments.value("vault"), environment: context.environment,
                                           currentDirectory: context.currentDirectory)
        let vault = Vault(root: root)
        for problem in vault.configDiagnostics {
            warn(problem.description)
        }
        openedVault = vault
        return vault
    }

    /// Writes `value` as pretty JSON with sorted keys.
    func json<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        out(String(decoding: data, as: UTF8.self) + "\n")
    }
}

extension Session {
    /// The vault's index, brought up to date (re-reading changed files) on first use.
    func index(rebuild: Bool = false) throws -> VaultIndex {
        if let openedIndex = cachedIndex, !rebuild { return openedIndex }
        let vault = try vault()
        let index = VaultIndex.open(vault, rebuild: rebuild)
        for warning in index.report.warnings { warn(warning) }
        cachedIndex = index
        return index
    }

    /// Forgets the index so the next `index()` re-reads what changed (after a write).
    func invalidateIndex() {
        cachedIndex = nil
    }

    /// The one note `name` means; a usage error lists candidates when it is ambiguous or unknown.
    func note(_ name: String, in index: VaultIndex, kind: NoteKind? = nil) throws -> Int {
        var matches = index.find(name)
        if let kind { matches = matches.filter { index.records[$0].kind == kind } }
        if matches.count == 1 { return matches[0] }
        if matches.isEmpty {
            var candidates = index.records.indices
                .filter { kind == nil || index.records[$0].kind == kind }
                .map { index.records[$0].stem }
            candidates = Array(Set(candidates)).sorted()
            var message = "no \(kind?.rawValue ?? "note") named \"\(name)\""
            if let suggestion = Suggestion.closest(to: name, in: candidates) { message += "; did you mean \"\(suggestion)\"?" }
            throw CLIError.failure(message)
        }
        let list = matches.map { "  " + index.records[$0].path }.joined(separator: "\n")
        throw CLIError.failure("\"\(name)\" is ambiguous; it could be:\n\(list)\nname it by path to choose one")
    }

    /// The day commands compute for: `--date` when given, else today (after `day-starts-at`).
    func day(_ text: String? = nil) throws -> Day {
        let vault = try? vault()
        let today = context.today(dayStartsAt: vault?.config.dayStartsAt ?? 0)
        guard let text = text ?? arguments.value("date") else { return today }
        guard let day = DayExpression.parse(text, today: today) else {
            throw CLIError.usage("--date takes today, yesterday, -N, YYYY-MM-DD or a weekday name, not \"\(text)\"")
        }
        return day
    }
}
