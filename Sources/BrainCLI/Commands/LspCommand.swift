import BrainKit
import BrainJSONRPC
import BrainLanguageServer
import Foundation

/// `brain lsp`: the language server, on standard input and output.
enum LspCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "lsp",
        summary: "a language server for editors: completion, diagnostics, links, hover, rename, code actions",
        discussion: """
        Speaks the Language Server Protocol 3.17 on standard input and output, for Neovim, Helix,
        VS Code and any editor with an LSP client (set-up in docs/EDITORS.md). The vault is
        --vault, else BRAIN_VAULT, else the nearest folder with a .brain/ above the editor's
        workspace folder, else above the current folder. Messages the server cannot read get an
        error reply; it exits at the end of its input. Exit status 0 after shutdown and exit, 1
        when the editor left without them or the stream could not be read. With --json it prints
        what it offers and exits without serving. A document over 8 MB gets diagnostics only, and
        the server says so (the limits are in docs/EDITORS.md).
        """,
        options: [
            .flag("json", "print the protocol, encodings, requests and commands offered as JSON, and exit"),
        ],
        examples: ["brain lsp", "brain lsp --vault ~/brain"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        if arguments.flag("json") { return try session.printJSON(LanguageServerDescription(version: BrainCLI.version)) }
        let context = session.context
        var named = arguments.value("vault")
        if named == nil, let fromEnvironment = context.environment["BRAIN_VAULT"], !fromEnvironment.isEmpty { named = fromEnvironment }
        // A stopped clock (BRAIN_NOW) keeps the day; otherwise the day moves on while the server runs.
        let clock = context.clock
        let stderr = context.stderr
        let options = LanguageServer.Options(
            vault: named.map { VaultLocator.absolute($0, from: context.currentDirectory) },
            currentDirectory: context.currentDirectory,
            today: { config in clock.today(for: config) },
            version: BrainCLI.version,
            log: { stderr.write($0 + "\n") })
        // The vault's watch (`brain watch`) runs beside the server, unless another has it.
        if context.isProcess, let root = try? session.vault().root {
            WatchCommand.alongside(root: root, environment: context.environment)
        }
        return LanguageServer.serve(options: options, input: FileDescriptorSource(descriptor: 0), output: FileDescriptorSink(descriptor: 1))
    }
}
