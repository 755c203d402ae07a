/// JSON-RPC 2.0's messages, as both of Brain's JSON-RPC servers (the language server and the MCP
/// server) build them: a reply is a result or an error, never both; a notification has no id.
package enum JSONRPC {
    /// The error codes JSON-RPC 2.0 reserves.
    package enum Code: Int, Sendable {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case internalError = -32603
    }

    /// `{"jsonrpc": "2.0", "id": id, "result": result}`.
    package static func response(id: JSON, _ result: JSON) -> JSON {
        ["jsonrpc": "2.0", "id": id, "result": result]
    }

    /// `{"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}}`; the id is
    /// `null` when the request's could not be read.
    package static func error(id: JSON, code: Int, _ message: String) -> JSON {
        ["jsonrpc": "2.0", "id": id, "error": ["code": .int(code), "message": .string(message)]]
    }

    /// `{"jsonrpc": "2.0", "method": method, "params": params}`.
    package static func notification(_ method: String, _ params: JSON) -> JSON {
        ["jsonrpc": "2.0", "method": .string(method), "params": params]
    }

    /// Whether `id` is one a request may carry: a string or an integer (JSON-RPC also allows
    /// `null`, which MCP forbids).
    package static func isValidID(_ id: JSON) -> Bool {
        switch id {
        case .string, .int: return true
        default: return false
        }
    }
}
