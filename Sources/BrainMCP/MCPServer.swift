import BrainJSONRPC

/// A Model Context Protocol server over one byte stream each way: JSON-RPC 2.0, one message per
/// line (the specification's stdio transport). It knows the protocol (the handshake, tools,
/// resources, ping) and nothing of a vault: what the tools do and what the resources hold comes
/// from its `MCPCatalogue` (the command line's, in `brain mcp`).
///
/// Messages are handled one at a time, in order. Whatever a line holds, a request gets a result
/// or an error reply and the server keeps going; only the end of the input ends it.
package final class MCPServer {
    /// The protocol revisions spoken, newest first. A client asking for another one gets the newest.
    package static let protocolVersions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]
    /// MCP's code for a resource that is not there.
    package static let resourceNotFound = -32002

    /// A request that cannot be answered with a result.
    struct Failure: Error {
        var code: Int
        var message: String

        init(_ code: JSONRPC.Code, _ message: String) {
            self.code = code.rawValue
            self.message = message
        }

        init(code: Int, _ message: String) {
            self.code = code
            self.message = message
        }
    }

    package struct Info: Sendable {
        package var name: String
        package var title: String
        package var version: String
        /// What the client's model is told about the server on connecting.
        package var instructions: String

        package init(name: String, title: String, version: String, instructions: String) {
            self.name = name
            self.title = title
            self.version = version
            self.instructions = instructions
        }
    }

    let info: Info
    let catalogue: MCPCatalogue
    /// The revision agreed in `initialize`; nil before.
    private(set) var protocolVersion: String?
    private let toolsByName: [String: MCPTool]

    package init(info: Info, catalogue: MCPCatalogue) {
        self.info = info
        self.catalogue = catalogue
        toolsByName = Dictionary(catalogue.tools.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Serves one client: reads lines from `input` until its end, writes replies to `output`.
    /// Returns 0 at the end of the input, 1 when the client stopped reading.
    package static func serve(info: Info, catalogue: MCPCatalogue, input: ByteSource, output: ByteSink,
                              log: (String) -> Void) -> Int32 {
        let server = MCPServer(info: info, catalogue: catalogue)
        let reader = LineReader(source: input)
        while true {
            let reply: JSON?
            switch reader.next() {
            case .end: return 0
            case .tooLong:
                reply = JSONRPC.error(id: .null, code: JSONRPC.Code.invalidRequest.rawValue,
                                      "a message longer than \(reader.maximumLength) bytes")
            case .message(let line):
                // Blank lines between messages are not messages.
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                reply = server.receive(line)
            }
            guard let reply else { continue }
            if !output.write(reply.encoded() + [0x0A]) {
                log("brain mcp: the client stopped reading; exiting")
                return 1
            }
        }
    }

    /// The reply to one line of input: nil for a notification (or a reply from the client).
    package func receive(_ line: [UInt8]) -> JSON? {
        guard let message = JSON.parse(line) else {
            return JSONRPC.error(id: .null, code: JSONRPC.Code.parseError.rawValue, "the message is not JSON")
        }
        // Batches were in one revision (2025-03-26) and removed again; one at a time is enough.
        guard message.object != nil else {
            return JSONRPC.error(id: .null, code: JSONRPC.Code.invalidRequest.rawValue, "a message must be a JSON object")
        }
        let id = message["id"]
        guard message["jsonrpc"] == "2.0" else {
            return JSONRPC.error(id: JSONRPC.isValidID(id) ? id : .null, code: JSONRPC.Code.invalidRequest.rawValue,
                                 "\"jsonrpc\" must be \"2.0\"")
        }
        guard let method = message["method"].string else {
            // A result or error from the client: the server sends no requests, so nothing waits for it.
            if !message["result"].isNull || !message["error"].isNull { return nil }
            return JSONRPC.error(id: JSONRPC.isValidID(id) ? id : .null, code: JSONRPC.Code.invalidRequest.rawValue,
                                 "a request needs a \"method\" string")
        }
        if id.isNull && message.object?["id"] == nil { return nil }  // notifications/initialized, cancelled…
        guard JSONRPC.isValidID(id) else {
            return JSONRPC.error(id: .null, code: JSONRPC.Code.invalidRequest.rawValue, "a request's id must be a string or an integer")
        }
        let params = message["params"]
        guard params.isNull || params.object != nil else {
            return JSONRPC.error(id: id, code: JSONRPC.Code.invalidParams.rawValue, "params must be an object")
        }
        do {
            return JSONRPC.response(id: id, try handle(method, params))
        } catch let failure as Failure {
            return JSONRPC.error(id: id, code: failure.code, failure.message)
        } catch {
            return JSONRPC.error(id: id, code: JSONRPC.Code.internalError.rawValue, "\(error)")
        }
    }

    private func handle(_ method: String, _ params: JSON) throws -> JSON {
        switch method {
        case "initialize": return initialize(params)
        case "ping": return [:]
        default: break
        }
        guard protocolVersion != nil else {
            throw Failure(.invalidRequest, "the session is not initialized: send initialize first")
        }
        switch method {
        case "tools/list": return ["tools": .array(catalogue.tools.map(\.description))]
        case "tools/call": return try callTool(params)
        case "resources/list": return try listResources()
        case "resources/templates/list": return ["resourceTemplates": .array(catalogue.resourceTemplates)]
        case "resources/read": return try readResource(params)
        default: throw Failure(.methodNotFound, "no method \"\(method.prefix(100))\"")
        }
    }

    private func initialize(_ params: JSON) -> JSON {
        let asked = params["protocolVersion"].string ?? ""
        let version = MCPServer.protocolVersions.contains(asked) ? asked : MCPServer.protocolVersions[0]
        protocolVersion = version
        return [
            "protocolVersion": .string(version),
            "capabilities": ["tools": ["listChanged": false], "resources": ["subscribe": false, "listChanged": false]],
            "serverInfo": ["name": .string(info.name), "title": .string(info.title), "version": .string(info.version)],
            "instructions": .string(info.instructions),
        ]
    }

    private func callTool(_ params: JSON) throws -> JSON {
        guard let name = params["name"].string else { throw Failure(.invalidParams, "tools/call needs a tool \"name\"") }
        guard let tool = toolsByName[name] else { throw Failure(.invalidParams, "no tool \"\(name.prefix(100))\"") }
        let arguments = params["arguments"].isNull ? JSON.object([:]) : params["arguments"]
        // A wrong argument is the tool's error, not the protocol's: the model reads it and corrects the call.
        let result: MCPToolResult
        if let problem = tool.problem(with: arguments) {
            result = .failure(problem)
        } else {
            result = tool.call(arguments)
        }
        var reply: JSON = ["content": [["type": "text", "text": .string(result.text)]], "isError": .bool(result.isError)]
        if let structured = result.structured, structured.object != nil { reply["structuredContent"] = structured }
        return reply
    }

    private func listResources() throws -> JSON {
        do {
            return ["resources": .array(try catalogue.resources().map(\.description))]
        } catch {
            throw Failure(.internalError, "\(error)")
        }
    }

    private func readResource(_ params: JSON) throws -> JSON {
        guard let uri = params["uri"].string else { throw Failure(.invalidParams, "resources/read needs a \"uri\"") }
        let content: MCPResourceContent?
        do {
            content = try catalogue.read(uri)
        } catch {
            throw Failure(code: MCPServer.resourceNotFound, "\(error)")
        }
        guard let content else { throw Failure(code: MCPServer.resourceNotFound, "no resource \(uri.prefix(200))") }
        return ["contents": [["uri": .string(uri), "mimeType": .string(content.mimeType), "text": .string(content.text)]]]
    }
}
