/// What `brain lsp` offers, as `brain lsp --json` prints it: the protocol, the encodings, the
/// requests and notifications it handles and the commands its code actions run.
public struct LanguageServerDescription: Hashable, Sendable, Codable {
    public var name = "brain"
    public var version: String
    public var protocolVersion = "3.17"
    public var transport = "stdio, JSON-RPC 2.0 with Content-Length headers"
    /// In order of preference; UTF-16 is used unless the client lists UTF-8.
    public var positionEncodings = [PositionEncoding.utf8.rawValue, PositionEncoding.utf16.rawValue]
    public var requests = LanguageServer.requests
    public var notifications = LanguageServer.notifications
    public var commands = LanguageServer.Command.allCases.map(\.rawValue)

    public init(version: String) {
        self.version = version
    }
}

extension LanguageServer {
    /// The requests the server answers.
    public static let requests = [
        "initialize", "shutdown", "textDocument/completion", "textDocument/hover", "textDocument/definition",
        "textDocument/references", "textDocument/documentSymbol", "workspace/symbol", "textDocument/prepareRename",
        "textDocument/rename", "textDocument/codeAction", "workspace/executeCommand",
    ]

    /// The notifications it acts on (others are ignored, as the protocol asks).
    public static let notifications = [
        "initialized", "exit", "textDocument/didOpen", "textDocument/didChange", "textDocument/didClose",
        "textDocument/didSave", "workspace/didChangeWatchedFiles",
    ]
}
