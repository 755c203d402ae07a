import BrainFormat
import BrainAnalytics

/// `brain backlinks NOTE`: the links into a note.
package struct BacklinkList: Hashable, Sendable, Codable {
    package var path: String
    package var backlinks: [Backlink]

    /// The backlinks of the note at `position` of `index`.
    package init(index: VaultIndex, note position: Int) {
        path = index.records[position].path
        backlinks = Backlink.all(to: position, in: index)
    }

    /// Writes the JSON output of `BacklinkList(index:note:)` (`JSONOutput.bytes`, its line break
    /// included), byte for byte, in pieces of about `pieceSize` bytes given to `sink`: each backlink
    /// is written as `Backlink.forEach` finds it, so neither the list, nor a string per line, nor
    /// the whole output is held (the most-linked note of the 10k corpus: 9,975 backlinks, 9.4 MB).
    /// Returns the backlinks' sources, as `Backlink.forEach` does.
    @discardableResult
    package static func writeJSON(index: VaultIndex, note position: Int, pieceSize: Int = 1 << 16,
                                  to sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void) -> [Int] {
        let out = JSONPieces(pieceSize: pieceSize, sink: sink)
        // Keys in the order of their bytes, as `JSONWriter` writes them: schemaVersion first, then
        // backlinks and path; column, line, path and text in each backlink.
        out.raw("{")
        out.newline(2)
        out.raw("\"schemaVersion\" : ")
        out.integer(JSONOutput.schemaVersion)
        out.raw(",")
        out.newline(2)
        out.raw("\"backlinks\" : [")
        var first = true
        let sources = Backlink.forEach(to: position, in: index) { path, line, column, text in
            if first { first = false } else { out.raw(",") }
            out.newline(4)
            out.raw("{")
            out.newline(6)
            out.raw("\"column\" : ")
            out.integer(column)
            out.raw(",")
            out.newline(6)
            out.raw("\"line\" : ")
            out.integer(line)
            out.raw(",")
            out.newline(6)
            out.raw("\"path\" : ")
            out.string(path)
            out.raw(",")
            out.newline(6)
            out.raw("\"text\" : ")
            out.string(bytes: text)
            out.newline(4)
            out.raw("}")
            out.flushIfFull()
        }
        if !first { out.newline(2) }
        out.raw("],")
        out.newline(2)
        out.raw("\"path\" : ")
        out.string(index.records[position].path)
        out.newline(0)
        out.raw("}\n")
        out.flush()
        return sources
    }
}
