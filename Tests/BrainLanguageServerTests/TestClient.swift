import BrainKit
import BrainTestSupport
import Foundation
import Testing
@testable import BrainLanguageServer
import BrainJSONRPC

/// A client talking to a server in-process, over a vault in memory (a copy of `sample-vault/`
/// unless files are given) or a folder on disk, with "today" fixed to 2026-11-22.
final class TestClient {
    static let root = "/vault"
    /// The vault folder: `/vault` in memory, or the folder on disk given.
    let vaultRoot: String

    static var packageRoot: String { Repository.root }

    /// The files of `sample-vault/` (its cache aside).
    static var sampleFiles: [String: [UInt8]] { Repository.sampleFiles }

    let fileSystem: MemoryFileSystem
    let counting: CountingFileSystem
    let server: LanguageServer
    private(set) var received: [JSON] = []
    private var nextID = 1

    /// - Parameters:
    ///   - files: vault-relative path → text; nil for the sample vault.
    ///   - capabilities: the client's capabilities in `initialize`.
    ///   - folder: a vault on disk, served through the real file system (files are then ignored).
    init(files: [String: String]? = nil, folder: String? = nil, capabilities: JSON = TestClient.capabilities(), initialize: Bool = true) {
        fileSystem = MemoryFileSystem()
        vaultRoot = folder ?? TestClient.root
        if folder != nil {
            // Nothing in memory: the folder is the vault.
        } else if let files {
            var all = files
            if all[Vault.configPath] == nil { all[Vault.configPath] = "week-start: monday\n" }
            for (path, text) in all { try! fileSystem.writeAtomically(Array(text.utf8), to: TestClient.root + "/" + path) }
        } else {
            for (path, bytes) in TestClient.sampleFiles { try! fileSystem.writeAtomically(bytes, to: TestClient.root + "/" + path) }
        }
        counting = CountingFileSystem(folder == nil ? fileSystem : POSIXFileSystem())
        let options = LanguageServer.Options(vault: vaultRoot, currentDirectory: "/", fileSystem: counting,
                                             today: { _ in Day("2026-11-22")! }, version: "test")
        let box = Box()
        server = LanguageServer(options: options) { box.messages.append($0) }
        self.box = box
        if initialize {
            let reply = request("initialize", ["processId": .null, "rootUri": .string(FileURI.uri(vaultRoot)), "capabilities": capabilities])
            #expect(reply["result"]["capabilities"]["textDocumentSync"]["change"] == 2)
            notify("initialized", [:])
        }
    }

    private final class Box { var messages: [JSON] = [] }
    private let box: Box

    /// Capabilities like Neovim's and VS Code's: file operations in edits, nested symbols.
    static func capabilities(encodings: [String]? = nil) -> JSON {
        var capabilities: JSON = [
            "workspace": ["applyEdit": true,
                          "workspaceEdit": ["documentChanges": true, "resourceOperations": ["create", "rename", "delete"]]],
            "textDocument": ["documentSymbol": ["hierarchicalDocumentSymbolSupport": true], "rename": ["prepareSupport": true]],
        ]
        if let encodings { capabilities["general"] = ["positionEncodings": .array(encodings.map(JSON.string))] }
        return capabilities
    }

    /// Messages the server sent since the last call.
    func drain() -> [JSON] {
        let messages = box.messages
        box.messages = []
        received += messages
        return messages
    }

    /// Sends a request and returns the server's reply to it (the whole message).
    @discardableResult
    func request(_ method: String, _ params: JSON) -> JSON {
        let id = nextID
        nextID += 1
        server.handle(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params])
        let messages = drain()
        return messages.last { $0["id"] == .int(id) } ?? .null
    }

    /// The result of a request (failing the test on an error reply).
    func result(_ method: String, _ params: JSON, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> JSON {
        let reply = request(method, params)
        #expect(reply["error"].isNull, "\(method) failed: \(reply["error"])", sourceLocation: sourceLocation)
        return reply["result"]
    }

    func notify(_ method: String, _ params: JSON) {
        server.handle(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    static func uri(_ path: String) -> String { "file://\(root)/\(path)" }

    /// The URI of a vault file, in this client's vault.
    func uri(_ path: String) -> String { "file://\(vaultRoot)/\(path)" }

    /// A request's `textDocument` and `position`, in this client's vault.
    func at(_ path: String, _ line: Int, _ character: Int) -> JSON {
        ["textDocument": ["uri": .string(uri(path))], "position": TestClient.position(line, character)]
    }

    /// Opens a vault file (or the text given) in the "editor".
    func open(_ path: String, text: String? = nil) -> TextDocument {
        let body = text ?? String(decoding: (try? counting.base.read(vaultRoot + "/" + path)) ?? [], as: UTF8.self)
        notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri(path)), "languageId": "markdown",
                                                         "version": 1, "text": .string(body)]])
        return TextDocument(uri: uri(path), version: 1, bytes: Array(body.utf8))
    }

    /// The last diagnostics published for a file.
    func diagnostics(_ path: String) -> [JSON]? {
        _ = drain()
        return received.last { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]["uri"] == .string(uri(path)) }?["params"]["diagnostics"].array
    }

    static func position(_ line: Int, _ character: Int) -> JSON { ["line": .int(line), "character": .int(character)] }

    static func at(_ path: String, _ line: Int, _ character: Int) -> JSON {
        ["textDocument": ["uri": .string(uri(path))], "position": position(line, character)]
    }
}

/// Applies text edits (positions in `encoding`) to a document, last first.
func apply(_ edits: [JSON], to document: TextDocument, _ encoding: PositionEncoding = .utf16) -> String {
    var copy = document
    let sorted = edits.compactMap { edit -> (TextRange, String)? in
        guard let range = TextRange(edit["range"]), let text = edit["newText"].string else { return nil }
        return (range, text)
    }.sorted { $0.0.start > $1.0.start }
    for (range, text) in sorted { copy.apply(text, range: range, encoding) }
    return copy.text
}
