import BrainKit
import Foundation

/// What a command works with: the context, the parsed global options, and (opened on first use)
/// the vault and its index.
final class Session {
    let context: Context
    let arguments: Arguments
    private var openedVault: Vault?

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
