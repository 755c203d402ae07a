import BrainJSONRPC
import BrainFormat
import BrainAnalytics
import BrainStore

/// What sits under the cursor: a link, a link written as a front-matter value, a tag.
extension LanguageServer {
    /// A note a place in a document points to.
    struct Pointer {
        /// Where the pointer is written (byte range in the document).
        var span: Range<Int>
        /// What it names, as written.
        var target: String
        var fragment: String?
        var resolution: Resolution
        /// The link itself, when the pointer is one of the index's links.
        var link: Link?
    }

    /// The front-matter keys whose values name notes (`area: learning`, `goal: "[[run-5k]]"`).
    static let linkKeys = Set(VaultSchema.linkKeys)

    /// The link, or front-matter link value, at byte `offset` of the file at `path`.
    func pointer(at offset: Int, path: String, document: TextDocument) -> Pointer? {
        guard let position = workspace.record(path) else { return nil }
        let index = workspace.index
        let links = index.records[position].links
        let resolutions = index.resolutions[position]
        // The link the cursor is inside; right after a link's end counts as on it.
        let candidates = links.indices.filter { links[$0].byteRange.lowerBound <= offset && offset <= links[$0].byteRange.upperBound }
        if let found = candidates.first(where: { offset < links[$0].byteRange.upperBound }) ?? candidates.first,
           found < resolutions.count {
            let link = links[found]
            return Pointer(span: link.byteRange, target: link.target, fragment: link.fragment, resolution: resolutions[found], link: link)
        }
        return frontMatterPointer(at: offset, path: path, position: position, document: document)
    }

    /// A bare id written as the value of a link key (`area: learning`, `- run-5k` under `habits:`).
    private func frontMatterPointer(at offset: Int, path: String, position: Int, document: TextDocument) -> Pointer? {
        let line = document.position(of: offset, .utf8).line
        guard let yaml = FrontMatterLines.of(document), yaml.contains(line) else { return nil }
        guard let entry = FrontMatterLines.entry(line, in: document, yaml: yaml), LanguageServer.linkKeys.contains(entry.key) else { return nil }
        let range = document.lineRange(line)
        let bytes = document.bytes
        // The value under the cursor: between commas, brackets and quotes.
        let stops: Set<UInt8> = [UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "\""), UInt8(ascii: "'"),
                                 UInt8(ascii: ":")]
        var start = min(max(offset, entry.valueStart), range.upperBound)
        while start > entry.valueStart && !stops.contains(bytes[start - 1]) { start -= 1 }
        var end = start
        while end < range.upperBound && !stops.contains(bytes[end]) && bytes[end] != UInt8(ascii: "#") { end += 1 }
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        var target = Substring(text)
        while let first = target.first, first == " " || first == "-" && target.dropFirst().first == " " { target.removeFirst() }
        let name = String(target).trimming(" \t")
        guard !name.isEmpty else { return nil }
        return Pointer(span: start..<end, target: name, fragment: nil,
                       resolution: workspace.index.resolve(target: name, from: position), link: nil)
    }

    /// The protocol location of a note, at the heading or block a fragment names.
    func location(of note: Int, fragment: String? = nil) -> JSON {
        let path = workspace.index.records[note].path
        var line = 0
        if let fragment, !fragment.isEmpty {
            if fragment.hasPrefix("^") {
                if let bytes = workspace.bytes(path) {
                    let document = TextDocument(uri: "", version: 0, bytes: bytes)
                    line = BlockIDs.of(document).first { $0.id.lowercased() == fragment.dropFirst().lowercased() }?.line ?? 0
                }
            } else if let heading = workspace.index.records[note].headings.first(where: { $0.text.lowercased() == fragment.lowercased() }) {
                line = heading.line - 1
            }
        }
        let place = Position(line: line, character: 0)
        return ["uri": .string(workspace.uri(path)), "range": TextRange(start: place, end: place).json]
    }

    /// The notes a resolution stands for.
    func notes(_ resolution: Resolution) -> [Int] {
        switch resolution {
        case .note(let note): return [note]
        case .ambiguous(let notes): return notes
        case .missing, .external: return []
        }
    }
}
