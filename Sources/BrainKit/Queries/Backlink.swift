/// A link into a note: where it sits and the text of its line.
public struct Backlink: Hashable, Sendable, Codable {
    public var path: String
    public var line: Int
    public var column: Int
    /// The line holding the link, trimmed.
    public var text: String

    public init(path: String, line: Int, column: Int, text: String) {
        self.path = path
        self.line = line
        self.column = column
        self.text = text
    }

    /// The links into the note at `position` of `index`, by path then line; each file is read once
    /// for the lines' text.
    public static func all(to position: Int, in index: VaultIndex) -> [Backlink] {
        let references = index.backlinkPlaces(of: position)
        let texts = index.lineTexts(references.map { (index.records[$0.source].path, $0.place.line) })
        return zip(references, texts).map { reference, text in
            Backlink(path: index.records[reference.source].path, line: reference.place.line,
                     column: reference.place.column, text: text)
        }
    }
}
