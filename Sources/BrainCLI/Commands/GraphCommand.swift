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

    struct Output: Encodable {
        struct Node: Encodable {
            var id: String
            var title: String
            var kind: String
            var tags: [String]
        }
        struct Edge: Encodable {
            var source: String
            var target: String
            var count: Int
        }
        var schemaVersion = 1
        var nodes: [Node]
        var edges: [Edge]
    }

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let json = arguments.flag("json"), dot = arguments.flag("dot")
        guard json != dot else { throw CLIError.usage("brain graph needs exactly one of --json or --dot") }
        let index = try session.index()
        let includeDaily = arguments.flag("include-daily")
        let nodes = index.records.indices.filter { includeDaily || index.records[$0].kind != .daily }
        let kept = Set(nodes)
        var counts: [Pair: Int] = [:]
        for source in nodes {
            for resolution in index.resolutions[source] {
                if let target = resolution.note, target != source, kept.contains(target) {
                    counts[Pair(source: source, target: target), default: 0] += 1
                }
            }
        }
        let edges = counts.sorted { ($0.key.source, $0.key.target) < ($1.key.source, $1.key.target) }
        if json {
            try session.json(Output(
                nodes: nodes.map { Output.Node(id: index.records[$0].path, title: index.records[$0].title,
                                               kind: index.records[$0].kind.rawValue, tags: index.records[$0].tags) },
                edges: edges.map { Output.Edge(source: index.records[$0.key.source].path,
                                               target: index.records[$0.key.target].path, count: $0.value) }))
            return ExitCode.success
        }
        session.line("digraph brain {")
        session.line("  node [shape=box, style=rounded];")
        for node in nodes {
            let record = index.records[node]
            session.line("  \(quote(record.path)) [label=\(quote(record.title))];")
        }
        for edge in edges {
            let weight = edge.value > 1 ? " [weight=\(edge.value)]" : ""
            session.line("  \(quote(index.records[edge.key.source].path)) -> \(quote(index.records[edge.key.target].path))\(weight);")
        }
        session.line("}")
        return ExitCode.success
    }

    private struct Pair: Hashable {
        var source: Int
        var target: Int
    }

    private static func quote(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
