import BrainKit

/// `brain graph --json|--dot`: the link graph between notes.
enum GraphCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "graph",
        summary: "print the link graph as JSON or Graphviz dot",
        discussion: "Render the dot form with: brain graph --dot | dot -Tsvg > graph.svg",
        options: [
            .flag("json", "print JSON: nodes and edges"),
            .flag("dot", "print Graphviz dot"),
            .flag("include-daily", "include daily files (left out by default)"),
        ])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let json = arguments.flag("json"), dot = arguments.flag("dot")
        guard json != dot else { throw CLIError.usage("brain graph needs exactly one of --json or --dot") }
        let graph = LinkGraph(index: try session.index(), includeDaily: arguments.flag("include-daily"))
        if json { return try session.printJSON(graph) }
        session.line("digraph brain {")
        session.line("  node [shape=box, style=rounded];")
        for node in graph.nodes {
            session.line("  \(quote(node.id)) [label=\(quote(node.title))];")
        }
        for edge in graph.edges {
            let weight = edge.count > 1 ? " [weight=\(edge.count)]" : ""
            session.line("  \(quote(edge.source)) -> \(quote(edge.target))\(weight);")
        }
        session.line("}")
        return ExitCode.success
    }

    private static func quote(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
