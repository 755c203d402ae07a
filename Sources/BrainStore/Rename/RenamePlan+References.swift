import BrainFormat
import BrainAnalytics

/// Bare ids in front-matter (`area: learning`, `habits: [read, walk]`, `after: read`): the
/// models read them as references, so a rename rewrites them like links.
extension RenamePlan {
    /// The front-matter keys whose plain values name another note.
    package static var referenceKeys: [String] { VaultSchema.linkKeys }

    /// A bare id in a front-matter value that names the renamed note.
    package struct ReferenceChange: Hashable, Sendable {
        package var path: String
        package var source: Int
        package var key: String
        /// The value as read (`learning`).
        package var value: String
        /// What it becomes (`learning-and-growth`).
        package var newValue: String
    }

    /// Bare-id references to the note in one record's front-matter.
    package func references(in frontMatter: YAMLMap, path: String, source: Int, index: VaultIndex) -> [ReferenceChange] {
        var result: [ReferenceChange] = []
        for key in RenamePlan.referenceKeys {
            guard let values = frontMatter[key]?.stringList else { continue }
            for value in values where !value.contains("[[") {
                let target = value.trimmingBlanks
                guard !target.isEmpty, index.resolve(target: target, from: source) == .note(note),
                      let newValue = newTarget(for: Link(kind: .wikilink, target: target, line: 0, column: 0, byteRange: 0..<0)),
                      !result.contains(where: { $0.key == key && $0.value == target }) else { continue }
                result.append(ReferenceChange(path: path, source: source, key: key, value: target, newValue: newValue))
            }
        }
        return result
    }

    /// Rewrites bare-id references in the document's front-matter, found again in its current
    /// text; each id is replaced where it stands as a whole token, the rest of the line kept.
    package func rewriteReferences(_ document: inout Document, path: String, source: Int, index: VaultIndex, reportAs reportPath: String) -> [RenameEdit] {
        let found = references(in: document.frontMatter, path: path, source: source, index: index)
        if found.isEmpty { return [] }
        var edits: [RenameEdit] = []
        var lines = (0..<document.lineCount).map { Array(document.lineBytes($0)) }
        var changedLines = Set<Int>()
        for change in found {
            guard let span = document.spans.first(where: { $0.key == change.key }) else { continue }
            let old = Array(change.value.utf8)
            let new = Array(change.newValue.utf8)
            for lineNumber in span.line...max(span.line, span.lastLine) where lineNumber <= lines.count {
                var bytes = lines[lineNumber - 1]
                var position = lineNumber == span.line ? min(span.colonEnd, bytes.count) : 0
                while position + old.count <= bytes.count {
                    if Array(bytes[position..<(position + old.count)]) == old,
                       RenamePlan.isBoundary(position == 0 ? nil : bytes[position - 1], before: true),
                       RenamePlan.isBoundary(position + old.count < bytes.count ? bytes[position + old.count] : nil, before: false) {
                        bytes.replaceSubrange(position..<(position + old.count), with: new)
                        edits.append(RenameEdit(kind: .reference, path: reportPath, line: lineNumber, column: position + 1,
                                                old: change.key + ": " + change.value, new: change.key + ": " + change.newValue))
                        position += new.count
                    } else {
                        position += 1
                    }
                }
                if bytes != lines[lineNumber - 1] {
                    lines[lineNumber - 1] = bytes
                    changedLines.insert(lineNumber)
                }
            }
        }
        for lineNumber in changedLines.sorted() {
            document.replaceLine(lineNumber, withBytes: lines[lineNumber - 1])
        }
        return edits
    }

    /// Whether a byte next to an id ends it: a YAML separator, quote, or the line's edge.
    package static func isBoundary(_ byte: UInt8?, before: Bool) -> Bool {
        guard let byte else { return true }
        switch byte {
        case 32, 9, 13, UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: "'"): return true
        case UInt8(ascii: "["), UInt8(ascii: "-"), UInt8(ascii: ":"): return before
        case UInt8(ascii: "]"), UInt8(ascii: "#"): return !before
        default: return false
        }
    }
}
