import BrainJSONRPC
import BrainFormat
import BrainAnalytics
import BrainStore
import Foundation

/// Brain's language server: the Language Server Protocol 3.17 over JSON-RPC 2.0, a second client
/// of BrainKit's queries and actions beside the command line. It keeps the vault's index in
/// memory, in step with the editor's buffers, and answers completion, diagnostics, navigation,
/// hover, symbols, rename and code actions (docs/EDITORS.md).
///
/// Messages are handled one at a time, in order. Whatever a message holds, the server answers
/// with a result or an error reply and keeps going; only the end of the input, a header that
/// cannot be framed, or `exit` end it.
package final class LanguageServer {
    /// What the server is started with.
    package struct Options: Sendable {
        /// The vault named on the command line (`--vault`, `BRAIN_VAULT`), absolute; else the
        /// vault is found from the editor's workspace folder, then from `currentDirectory`.
        package var vault: String?
        package var currentDirectory: String
        package var fileSystem: any FileSystem
        /// The day it is, for a vault whose days start `dayStartsAt` minutes after midnight.
        /// The vault's day now (in its `time-zone:`, from its `day-starts-at`).
        package var today: @Sendable (_ config: VaultConfig) -> Day
        /// The version reported in `serverInfo`.
        package var version: String
        /// Where the server says what it could not do (standard error; editors keep it as a log).
        package var log: @Sendable (String) -> Void

        package init(vault: String?, currentDirectory: String, fileSystem: any FileSystem = POSIXFileSystem(),
                    today: @escaping @Sendable (VaultConfig) -> Day, version: String, log: @escaping @Sendable (String) -> Void = { _ in }) {
            self.vault = vault
            self.currentDirectory = currentDirectory
            self.fileSystem = fileSystem
            self.today = today
            self.version = version
            self.log = log
        }
    }

    /// JSON-RPC and protocol error codes.
    package enum ErrorCode: Int, Sendable {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case internalError = -32603
        case serverNotInitialized = -32002
        case requestFailed = -32803
    }

    /// A request that cannot be answered with a result.
    struct Failure: Error {
        var code: ErrorCode
        var message: String

        init(_ code: ErrorCode, _ message: String) {
            self.code = code
            self.message = message
        }
    }

    enum State {
        case uninitialized, running, shutDown
    }

    let options: Options
    /// Sends one message to the client.
    var send: (JSON) -> Void
    private(set) var state = State.uninitialized
    /// Set by `exit`: 0 after `shutdown`, 1 without.
    package private(set) var exitCode: Int32?
    var workspace: Workspace!
    var encoding = PositionEncoding.utf16
    var clientCapabilities: JSON = .null
    private var nextRequest = 1
    /// Requests sent to the client, by id, with what they were for.
    var pending: [String: String] = [:]
    /// The diagnostics last published for each URI.
    var published: [String: JSON] = [:]
    /// Open documents over the size limit that the person was told about (see `noteSize`).
    var announcedLarge = Set<String>()

    package init(options: Options, send: @escaping (JSON) -> Void) {
        self.options = options
        self.send = send
    }

    /// Serves one client: reads framed messages from `input` until `exit` or the end of the
    /// input, and writes replies to `output`. Returns the exit status: 0 after `shutdown` and
    /// `exit`, 1 when the client left without them or the stream could not be read.
    package static func serve(options: Options, input: ByteSource, output: ByteSink) -> Int32 {
        let reader = MessageReader(source: input)
        var outputGone = false
        let server = LanguageServer(options: options) { message in
            if !outputGone && !output.write(MessageWriter.frame(message)) { outputGone = true }
        }
        while true {
            var frame = reader.next()
            switch frame {
            case .message:
                // Parsed, then let go: a large message's bytes are not held while it is handled.
                server.receive(parsed: LanguageServer.parse(taking: &frame))
                if let code = server.exitCode { return code }
                if outputGone {
                    options.log("brain lsp: the client stopped reading; exiting")
                    return 1
                }
                // Work left for a pause: done once the client has been quiet for a moment.
                if server.hasPendingWork && !reader.hasInput(within: 0.1) { server.settle() }
            case .end:
                return server.state == .shutDown ? 0 : 1
            case .truncated:
                options.log("brain lsp: the input ended inside a message; exiting")
                return 1
            case .malformed(let reason):
                options.log("brain lsp: cannot read the message stream (\(reason)); exiting")
                server.replyError(id: .null, Failure(.parseError, "cannot read the message stream: \(reason)"))
                return 1
            }
        }
    }

    // MARK: Messages

    /// Handles one message's content.
    package func receive(_ bytes: [UInt8]) {
        receive(parsed: JSON.parse(bytes))
    }

    /// Handles one message's content, parsed (nil when it is not JSON).
    private func receive(parsed message: JSON?) {
        guard let message else {
            replyError(id: .null, Failure(.parseError, "the message is not valid JSON"))
            return
        }
        handle(message)
    }

    /// The JSON of a message frame, which is left empty.
    private static func parse(taking frame: inout MessageReader.Frame) -> JSON? {
        guard case .message(let bytes) = frame else { return nil }
        frame = .end
        return JSON.parse(bytes)
    }

    /// Handles one parsed message: a request, a notification, or a reply to a request of ours.
    package func handle(_ message: JSON) {
        guard let members = message.object else {
            replyError(id: .null, Failure(.invalidRequest, "a message is a JSON object"))
            return
        }
        let id = members["id"]
        if let id, !(id.int != nil || id.string != nil || id.isNull) {
            replyError(id: .null, Failure(.invalidRequest, "a request id is a number or a string"))
            return
        }
        guard let method = message["method"].string else {
            if let id, members["result"] != nil || members["error"] != nil {
                response(id: id, message)
            } else {
                replyError(id: id ?? .null, Failure(.invalidRequest, "a request needs a method"))
            }
            return
        }
        if let id {
            request(id: id, method: method, params: message["params"])
        } else {
            notification(method: method, params: message["params"])
        }
    }

    private func request(id: JSON, method: String, params: JSON) {
        switch state {
        case .uninitialized where method != "initialize":
            replyError(id: id, Failure(.serverNotInitialized, "the server is not initialized: send initialize first"))
            return
        case .running where method == "initialize":
            replyError(id: id, Failure(.invalidRequest, "the server is already initialized"))
            return
        case .shutDown:
            replyError(id: id, Failure(.invalidRequest, "the server is shutting down: only exit is accepted"))
            return
        default:
            break
        }
        // Queries read other files' links: resolve those a change of names left waiting.
        if state == .running { settle() }
        do {
            reply(id: id, try dispatch(method, params))
        } catch let failure as Failure {
            replyError(id: id, failure)
        } catch {
            replyError(id: id, Failure(.internalError, String(describing: error)))
        }
    }

    private func dispatch(_ method: String, _ params: JSON) throws -> JSON {
        switch method {
        case "initialize": return try initialize(params)
        case "shutdown":
            state = .shutDown
            return .null
        case "textDocument/completion": return try completion(params)
        case "textDocument/hover": return try hover(params)
        case "textDocument/definition": return try definition(params)
        case "textDocument/references": return try references(params)
        case "textDocument/documentSymbol": return try documentSymbols(params)
        case "workspace/symbol": return workspaceSymbols(params)
        case "textDocument/prepareRename": return try prepareRename(params)
        case "textDocument/rename": return try rename(params)
        case "textDocument/codeAction": return try codeActions(params)
        case "workspace/executeCommand": return try executeCommand(params)
        default: throw Failure(.methodNotFound, "brain lsp does not handle \(method)")
        }
    }

    private func notification(method: String, params: JSON) {
        if method == "exit" {
            exitCode = state == .shutDown ? 0 : 1
            return
        }
        // Before initialize, notifications are dropped (the protocol says so); unknown ones too.
        guard state == .running else { return }
        switch method {
        case "initialized": initialized()
        case "textDocument/didOpen": didOpen(params)
        case "textDocument/didChange": didChange(params)
        case "textDocument/didClose": didClose(params)
        case "textDocument/didSave": didSave(params)
        case "workspace/didChangeWatchedFiles": didChangeWatchedFiles(params)
        default: break
        }
    }

    /// A reply from the client to a request of ours.
    private func response(id: JSON, _ message: JSON) {
        guard let key = id.string ?? id.int.map(String.init), let purpose = pending.removeValue(forKey: key) else { return }
        if !message["error"].isNull {
            options.log("brain lsp: the editor refused \(purpose): \(message["error"]["message"].string ?? "no reason given")")
        } else if message["result"]["applied"] == .bool(false) {
            let reason = message["result"]["failureReason"].string ?? "no reason given"
            showMessage(.warning, "The editor did not apply \(purpose): \(reason)")
        }
    }

    // MARK: Sending

    func reply(id: JSON, _ result: JSON) {
        send(JSONRPC.response(id: id, result))
    }

    func replyError(id: JSON, _ failure: Failure) {
        send(JSONRPC.error(id: id, code: failure.code.rawValue, failure.message))
    }

    func notify(_ method: String, _ params: JSON) {
        send(JSONRPC.notification(method, params))
    }

    /// Sends a request to the client; its reply is matched by id (see `response`).
    func request(_ method: String, _ params: JSON, purpose: String) {
        let id = "brain-\(nextRequest)"
        nextRequest += 1
        pending[id] = purpose
        send(["jsonrpc": "2.0", "id": .string(id), "method": .string(method), "params": params])
    }

    enum MessageType: Int {
        case error = 1, warning = 2, info = 3, log = 4
    }

    func showMessage(_ type: MessageType, _ text: String) {
        notify("window/showMessage", ["type": .int(type.rawValue), "message": .string(text)])
    }

    // MARK: Lifecycle

    private func initialize(_ params: JSON) throws -> JSON {
        clientCapabilities = params["capabilities"]
        let offered = (clientCapabilities["general"]["positionEncodings"].array ?? []).compactMap(\.string)
        encoding = PositionEncoding.negotiate(offered)
        // clangd's older extension, which some clients still send instead.
        let offsetEncodings = (clientCapabilities["offsetEncoding"].array ?? []).compactMap(\.string)
        if offered.isEmpty && offsetEncodings.contains("utf-8") { encoding = .utf8 }
        let root = try locateVault(params)
        workspace = Workspace(root: root, fileSystem: options.fileSystem)
        for warning in workspace.index.report.warnings { options.log("brain lsp: \(warning)") }
        state = .running
        let prepare = clientCapabilities["textDocument"]["rename"]["prepareSupport"].bool == true
        let capabilities: JSON = [
            "positionEncoding": .string(encoding.rawValue),
            "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
            "completionProvider": ["triggerCharacters": ["[", "#", "^"], "resolveProvider": false],
            "hoverProvider": true,
            "definitionProvider": true,
            "referencesProvider": true,
            "documentSymbolProvider": true,
            "workspaceSymbolProvider": true,
            "renameProvider": prepare ? ["prepareProvider": true] : true,
            "codeActionProvider": ["codeActionKinds": ["quickfix", "refactor.rewrite"]],
            "executeCommandProvider": ["commands": .array(Command.allCases.map { .string($0.rawValue) })],
        ]
        var result: JSON = ["capabilities": capabilities, "serverInfo": ["name": "brain", "version": .string(options.version)]]
        if offered.isEmpty && !offsetEncodings.isEmpty {
            result["offsetEncoding"] = .string(encoding.rawValue)
        }
        return result
    }

    /// The vault: `initializationOptions.vault`, else the one named on the command line, else
    /// the nearest folder with a `.brain/` from the workspace folder, else from the current folder.
    private func locateVault(_ params: JSON) throws -> String {
        let fileSystem = options.fileSystem
        func absolute(_ path: String) -> String { VaultLocator.absolute(path, from: options.currentDirectory) }
        if let named = params["initializationOptions"]["vault"].string ?? options.vault {
            let path = absolute(named)
            guard fileSystem.isDirectory(path) else { throw Failure(.requestFailed, "no vault at \(path): no such folder") }
            return path
        }
        var starts: [String] = []
        if let folder = params["workspaceFolders"][0]["uri"].string.flatMap(FileURI.path) { starts.append(folder) }
        if let folder = params["rootUri"].string.flatMap(FileURI.path) { starts.append(folder) }
        if let folder = params["rootPath"].string { starts.append(absolute(folder)) }
        starts.append(options.currentDirectory)
        for start in starts {
            var folder = absolute(start)
            while true {
                if fileSystem.isDirectory(VaultPaths.join(folder, ".brain")) { return folder }
                let parent = VaultPaths.directory(of: folder)
                if parent.isEmpty || parent == folder || folder == "/" { break }
                folder = parent
            }
        }
        throw Failure(.requestFailed, "no vault found from \(starts.first ?? options.currentDirectory): no folder with a .brain/ "
            + "above it; make one with brain init DIR, or start brain lsp --vault PATH")
    }

    private func initialized() {
        // File watching, where the client can set it up for us (Neovim 0.7 cannot: saves still re-check).
        guard clientCapabilities["workspace"]["didChangeWatchedFiles"]["dynamicRegistration"].bool == true else { return }
        let watchers: JSON = [["globPattern": "**/*.md"], ["globPattern": "**/.brain/config.yml"]]
        request("client/registerCapability",
                ["registrations": [["id": "brain-watch", "method": "workspace/didChangeWatchedFiles",
                                    "registerOptions": ["watchers": watchers]]]],
                purpose: "watching the vault's files")
    }

    /// The day it is in the vault.
    var today: Day {
        options.today(workspace.vault.config)
    }

    // MARK: Parameters

    /// The document a request names (`textDocument.uri`): its vault-relative path and contents
    /// (the buffer when open, else the file); nil outside the vault (a symbolic link leading out
    /// counts as outside), when there is no such file, and for a document over the size limit,
    /// which gets diagnostics only (a closed one is not even read).
    func document(_ params: JSON) throws -> (path: String, document: TextDocument)? {
        guard let uri = params["textDocument"]["uri"].string else {
            throw Failure(.invalidParams, "textDocument.uri is missing")
        }
        guard let path = workspace.servedPath(uri), let size = workspace.size(path), !LanguageServer.isLarge(size),
              let document = workspace.document(path), !LanguageServer.isLarge(document.bytes.count) else { return nil }
        return (path, document)
    }

    func position(_ params: JSON) throws -> Position {
        guard let position = Position(params["position"]), position.line >= 0, position.character >= 0 else {
            throw Failure(.invalidParams, "position is missing or not a line and character")
        }
        return position
    }
}
