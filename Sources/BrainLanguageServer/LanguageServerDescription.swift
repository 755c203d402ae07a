import BrainJSONRPC
/// What `brain lsp` offers, as `brain lsp --json` prints it: the protocol, the encodings, the
/// requests and notifications it handles and the commands its code actions run.
package struct LanguageServerDescription: Hashable, Sendable, Codable {
    package var name = "brain"
    package var version: String
    package var protocolVersion = "3.17"
    package var transport = "stdio, JSON-RPC 2.0 with Content-Length headers"
    /// In order of preference; UTF-16 is used unless the client lists UTF-8.
    package var positionEncodings = [PositionEncoding.utf8.rawValue, PositionEncoding.utf16.rawValue]
    package var requests = LanguageServer.requests
    package var notifications = LanguageServer.notifications
    package var commands = LanguageServer.Command.allCases.map(\.rawValue)

    package init(version: String) {
        self.version = version
    }
}

extension LanguageServer {
    /// The requests the server answers.
    package static let requests = [
        "initialize", "shutdown", "textDocument/completion", "textDocument/hover", "textDocument/definition",
        "textDocument/references", "textDocument/documentSymbol", "workspace/symbol", "textDocument/prepareRename",
        "textDocument/rename", "textDocument/codeAction", "workspace/executeCommand",
    ]

    /// The notifications it acts on (others are ignored, as the protocol asks).
    package static let notifications = [
        "initialized", "exit", "textDocument/didOpen", "textDocument/didChange", "textDocument/didClose",
        "textDocument/didSave", "workspace/didChangeWatchedFiles",
    ]
}
