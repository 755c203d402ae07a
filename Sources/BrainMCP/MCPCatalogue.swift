import BrainJSONRPC

/// What an MCP server offers: its tools and its resources. The server speaks the protocol; the
/// catalogue does the work.
package protocol MCPCatalogue: AnyObject {
    var tools: [MCPTool] { get }
    /// Templates of resource URIs (`brain://note/{path}`), as MCP describes them.
    var resourceTemplates: [JSON] { get }
    func resources() throws -> [MCPResource]
    /// The resource at `uri`; nil when there is none.
    func read(_ uri: String) throws -> MCPResourceContent?
}

/// One resource as `resources/list` names it.
package struct MCPResource: Sendable {
    package var uri: String
    package var name: String
    package var title: String?
    package var mimeType: String

    package init(uri: String, name: String, title: String?, mimeType: String) {
        self.uri = uri
        self.name = name
        self.title = title
        self.mimeType = mimeType
    }

    var description: JSON {
        var value: JSON = ["uri": .string(uri), "name": .string(name), "mimeType": .string(mimeType)]
        if let title { value["title"] = .string(title) }
        return value
    }
}

/// A resource's text.
package struct MCPResourceContent: Sendable {
    package var mimeType: String
    package var text: String

    package init(mimeType: String, text: String) {
        self.mimeType = mimeType
        self.text = text
    }
}

/// The answer of one tool call: its text, the same value as JSON when it is one, and whether the
/// tool failed (a failure the model can read and correct, not a protocol error).
package struct MCPToolResult: Sendable {
    package var text: String
    package var structured: JSON?
    package var isError: Bool

    package init(text: String, structured: JSON?, isError: Bool) {
        self.text = text
        self.structured = structured
        self.isError = isError
    }

    package static func failure(_ message: String) -> MCPToolResult {
        MCPToolResult(text: message, structured: nil, isError: true)
    }
}
