import BrainJSONRPC
import BrainKit
import BrainMCP

/// `brain mcp`: a Model Context Protocol server on standard input and output, for AI assistants.
enum McpCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "mcp",
        summary: "a Model Context Protocol server for AI assistants: the day, stats, history, goals, search and check-offs",
        discussion: """
        Speaks the Model Context Protocol (JSON-RPC 2.0, one message per line) on standard input and
        output, for assistants such as Claude Desktop, Claude Code or any MCP client (set-up in
        docs/MCP.md). Its tools are brain's commands: today, stats, history (log), goals, search,
        show, and the writes done, skip, undo, checkin and goal_progress; each answers exactly the
        command's --json, and a write with dryRun answers the change without making it. Every note
        is a resource (brain://note/PATH). A message that cannot be read gets a JSON-RPC error;
        the server exits at the end of its input. With --json it prints its tools and exits.
        """,
        options: [
            .flag("json", "print the protocol versions and the tools offered as JSON, and exit"),
        ],
        examples: ["brain mcp", "brain mcp --vault ~/brain"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let context = session.context
        var global: [String] = []
        if let vault = arguments.value("vault") { global = ["--vault", VaultLocator.absolute(vault, from: context.currentDirectory)] }
        let toolbox = MCPToolbox(context: context, global: global)
        if arguments.flag("json") {
            let tools = toolbox.tools.map { Description.Tool(name: $0.name, title: $0.title, readOnly: $0.readOnly,
                                                             parameters: $0.parameters.map(\.name)) }
            return try session.printJSON(Description(protocolVersions: MCPServer.protocolVersions, tools: tools))
        }
        let stderr = context.stderr
        return MCPServer.serve(info: info, catalogue: toolbox, input: FileDescriptorSource(descriptor: 0),
                               output: FileDescriptorSink(descriptor: 1), log: { stderr.write($0 + "\n") })
    }

    static let info = MCPServer.Info(
        name: "brain", title: "Brain", version: BrainCLI.version,
        instructions: """
        Brain keeps a person's habits, goals, notes and daily check-ins as Markdown files. Read the day \
        with today, a habit's record with history or stats, goals with goals, notes with search, show and \
        the brain://note/ resources. Writes (done, skip, undo, checkin, goal_progress) change the person's \
        files: call them with dryRun true first and show the change when the person has not asked for it \
        in so many words. Every answer is the JSON of the matching brain command.
        """)

    /// `brain mcp --json`.
    struct Description: Encodable {
        struct Tool: Encodable {
            var name: String
            var title: String
            var readOnly: Bool
            var parameters: [String]
        }

        var schemaVersion = 1
        var protocolVersions: [String]
        var tools: [Tool]
    }
}
