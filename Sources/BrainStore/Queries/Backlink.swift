import BrainFormat
import BrainAnalytics

/// A link into a note: where it sits and the text of its line.
package struct Backlink: Hashable, Sendable, Codable {
    package var path: String
    package var line: Int
    package var column: Int
    /// The line holding the link, trimmed.
    package var text: String

    package init(path: String, line: Int, column: Int, text: String) {
        self.path = path
        self.line = line
        self.column = column
        self.text = text
    }

    /// The links into the note at `position` of `index`, by path then line; each file is read once
    /// for the lines' text, or not at all when the note's `LineCache` has them.
    package static func all(to position: Int, in index: VaultIndex) -> [Backlink] {
        var backlinks: [Backlink] = []
        forEach(to: position, in: index) { path, line, column, text in
            backlinks.append(Backlink(path: path, line: line, column: column, text: String(decoding: text, as: UTF8.self)))
        }
        return backlinks
    }

    /// The links `all` gives, one at a time, each with the text of its line as UTF-8 bytes valid
    /// during the call: thousands of lines are printed without making a string of each. Returns
    /// the record positions of the files they are in (their sources), ascending, each once.
    @discardableResult
    package static func forEach(to position: Int, in index: VaultIndex,
                               _ body: (_ path: String, _ line: Int, _ column: Int, _ text: UnsafeBufferPointer<UInt8>) -> Void) -> [Int] {
        let references = index.backlinkPlaces(of: position)
        index.withBacklinkLineTexts(into: position, references.map { ($0.source, $0.place.line) }) { place, text in
            let reference = references[place]
            body(index.records[reference.source].path, reference.place.line, reference.place.column, text)
        }
        var sources: [Int] = []
        for reference in references where sources.last != reference.source { sources.append(reference.source) }
        return sources
    }

    // MARK: Kept answers

    /// The query under which the printed backlinks of the note at `position` are kept (`KeptAnswer`).
    package static func keptQuery(to position: Int, in index: VaultIndex) -> String {
        "backlinks\u{1F}" + index.records[position].path
    }

    /// Keeps `pieces`, the backlinks of the note at `position` printed in `form` from `sources`
    /// (`forEach`'s result) after `madeAt` (`KeptAnswer.now()`), when they are many: a note
    /// linked from fewer than `LineCache.threshold` files is answered as fast as its answer is read.
    package static func keepAnswer(_ pieces: [[UInt8]], to position: Int, in index: VaultIndex, form: String,
                                   sources: [Int], madeAt: Int64) {
        guard sources.count >= LineCache.threshold else { return }
        KeptAnswer.keep(pieces, index, query: keptQuery(to: position, in: index), form: form,
                        sources: sources.lazy.map { index.records[$0].stamp }, madeAt: madeAt)
    }
}
