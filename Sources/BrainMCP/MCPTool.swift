import BrainJSONRPC

/// One tool: its name, what it is for, its parameters (an object of flat values, described to the
/// client as JSON Schema) and what a call does.
package struct MCPTool {
    /// One parameter of a tool.
    package struct Parameter: Sendable {
        package enum Kind: String, Sendable {
            case string, number, integer, boolean
            /// A list of strings.
            case strings
        }

        package var name: String
        package var kind: Kind
        package var help: String
        package var required: Bool
        /// The values allowed, for a string.
        package var choices: [String]

        package init(_ name: String, _ kind: Kind, _ help: String, required: Bool = false, choices: [String] = []) {
            self.name = name
            self.kind = kind
            self.help = help
            self.required = required
            self.choices = choices
        }

        var schema: JSON {
            var value: JSON
            switch kind {
            case .strings: value = ["type": "array", "items": ["type": "string"]]
            default: value = ["type": .string(kind.rawValue)]
            }
            value["description"] = .string(help)
            if !choices.isEmpty { value["enum"] = .array(choices.map(JSON.string)) }
            return value
        }

        /// Why `value` is not one of this parameter's, or nil.
        func problem(with value: JSON) -> String? {
            let fits: Bool
            switch (kind, value) {
            case (.string, .string(let text)): return choices.isEmpty || choices.contains(text) ? nil
                : "\(name) must be one of \(choices.joined(separator: ", ")), not \"\(text.prefix(40))\""
            case (.number, .int), (.number, .double): fits = true
            case (.integer, _): fits = value.int != nil
            case (.boolean, .bool): fits = true
            case (.strings, .array(let items)): fits = items.allSatisfy { $0.string != nil }
            default: fits = false
            }
            return fits ? nil : "\(name) must be \(kind == .strings ? "an array of strings" : "a " + kind.rawValue)"
        }
    }

    package var name: String
    package var title: String
    package var help: String
    package var parameters: [Parameter]
    /// Whether the tool only reads (MCP's `readOnlyHint`); a writing tool is never destructive
    /// here: every write can be undone or corrected.
    package var readOnly: Bool
    package var call: (JSON) -> MCPToolResult

    package init(name: String, title: String, help: String, parameters: [Parameter], readOnly: Bool,
                 call: @escaping (JSON) -> MCPToolResult) {
        self.name = name
        self.title = title
        self.help = help
        self.parameters = parameters
        self.readOnly = readOnly
        self.call = call
    }

    /// The tool as `tools/list` describes it.
    var description: JSON {
        var properties: [String: JSON] = [:]
        for parameter in parameters { properties[parameter.name] = parameter.schema }
        let required = parameters.filter(\.required).map { JSON.string($0.name) }
        return [
            "name": .string(name),
            "title": .string(title),
            "description": .string(help),
            "inputSchema": ["type": "object", "properties": .object(properties), "required": .array(required),
                            "additionalProperties": false],
            "annotations": ["readOnlyHint": .bool(readOnly), "destructiveHint": false, "openWorldHint": false],
        ]
    }

    /// Why `arguments` do not fit the parameters (one not known, one missing, one of the wrong
    /// type), or nil.
    package func problem(with arguments: JSON) -> String? {
        guard let members = arguments.object else { return "arguments must be an object" }
        for key in members.keys.sorted() where !parameters.contains(where: { $0.name == key }) {
            let known = parameters.map(\.name).joined(separator: ", ")
            return "\(name) has no parameter \"\(key.prefix(60))\"" + (known.isEmpty ? "" : " (it takes \(known))")
        }
        for parameter in parameters {
            guard let value = members[parameter.name], !value.isNull else {
                if parameter.required { return "\(name) needs \(parameter.name): \(parameter.help)" }
                continue
            }
            if let problem = parameter.problem(with: value) { return problem }
        }
        return nil
    }
}
