import BrainFormat
import BrainAnalytics

/// `brain graph`: notes as nodes and the links between them as weighted edges.
package struct LinkGraph: Hashable, Sendable, Codable {
    package struct Node: Hashable, Sendable, Codable {
        /// The note's path.
        package var id: String
        package var title: String
        package var kind: NoteKind
        package var tags: [String]
    }

    /// Links from one note to another (a note's links to itself are left out).
    package struct Edge: Hashable, Sendable, Codable {
        package var source: String
        package var target: String
        /// How many links.
        package var count: Int
    }

    /// By path.
    package var nodes: [Node]
    /// By source, then target, in index order.
    package var edges: [Edge]

    /// The graph of `index`; daily files are left out unless `includeDaily`.
    package init(index: VaultIndex, includeDaily: Bool = false) {
        let records = index.records
        let kept = records.indices.filter { includeDaily || records[$0].kind != .daily }
        let keptSet = Set(kept)
        var counts: [Pair: Int] = [:]
        for source in kept {
            for resolution in index.resolutions[source] {
                if let target = resolution.note, target != source, keptSet.contains(target) {
                    counts[Pair(source: source, target: target), default: 0] += 1
                }
            }
        }
        nodes = kept.map { Node(id: records[$0].path, title: records[$0].title, kind: records[$0].kind, tags: records[$0].tags) }
        edges = counts.sorted { ($0.key.source, $0.key.target) < ($1.key.source, $1.key.target) }.map {
            Edge(source: records[$0.key.source].path, target: records[$0.key.target].path, count: $0.value)
        }
    }

    private struct Pair: Hashable {
        package var source: Int
        package var target: Int
    }
}
