import BrainFormat
import BrainAnalytics

/// One replaced link (or title), as reported to the person.
package struct RenameEdit: Hashable, Sendable, Codable {
    package enum Kind: String, Hashable, Sendable, Codable {
        case link, reference, title
    }

    package var kind: Kind
    package var path: String
    package var line: Int
    package var column: Int
    /// The text before: the whole link, or the title.
    package var old: String
    /// The text after.
    package var new: String

    package init(kind: Kind, path: String, line: Int, column: Int, old: String, new: String) {
        self.kind = kind
        self.path = path
        self.line = line
        self.column = column
        self.old = old
        self.new = new
    }
}

extension RenamePlan {
    /// The result of rewriting one file's bytes.
    package struct FileRewrite: Hashable, Sendable {
        package var bytes: [UInt8]
        package var edits: [RenameEdit]
        /// Some link was not where the index saw it: the file changed since indexing.
        package var stale: Bool
    }

    /// Rewrites the links of `changes` in `bytes`, each a minimal edit of the link's target bytes.
    /// A change whose bytes are no longer the indexed link marks the result stale and is skipped.
    package func rewrite(_ bytes: [UInt8], changes: [LinkChange], reportAs path: String) -> FileRewrite {
        var result = FileRewrite(bytes: bytes, edits: [], stale: false)
        // From the end, so earlier byte offsets stay valid.
        for change in changes.sorted(by: { $0.link.byteRange.lowerBound > $1.link.byteRange.lowerBound }) {
            let range = change.link.byteRange
            guard range.lowerBound >= 0, range.upperBound <= bytes.count,
                  let replacement = RenamePlan.rewriteLink(Array(bytes[range]), change.link, newTarget: change.newTarget) else {
                result.stale = true
                continue
            }
            result.bytes.replaceSubrange(range, with: replacement)
            result.edits.append(RenameEdit(kind: .link, path: path, line: change.link.line, column: change.link.column,
                                           old: String(decoding: bytes[range], as: UTF8.self),
                                           new: String(decoding: replacement, as: UTF8.self)))
        }
        result.edits.reverse()
        return result
    }

    /// The link's new bytes, or nil when `text` is not the link the index describes.
    package static func rewriteLink(_ text: [UInt8], _ link: Link, newTarget: String) -> [UInt8]? {
        switch link.kind {
        case .wikilink, .embed:
            let open = link.kind == .embed ? 3 : 2
            guard text.count >= open + 2, text[text.count - 1] == UInt8(ascii: "]"), text[text.count - 2] == UInt8(ascii: "]"),
                  Array(text[..<open]) == Array((link.kind == .embed ? "![[" : "[[").utf8) else { return nil }
            let close = text.count - 2
            var end = open
            while end < close && text[end] != UInt8(ascii: "|") && text[end] != UInt8(ascii: "#") { end += 1 }
            if end < close, text[end] == UInt8(ascii: "|"), end > open, text[end - 1] == UInt8(ascii: "\\") { end -= 1 }
            var start = open
            while start < end && (text[start] == 32 || text[start] == 9) { start += 1 }
            while end > start && (text[end - 1] == 32 || text[end - 1] == 9) { end -= 1 }
            guard String(decoding: text[start..<end], as: UTF8.self) == link.target else { return nil }
            return Array(text[..<start]) + Array(newTarget.utf8) + Array(text[end...])
        case .markdown:
            guard let destination = markdownDestination(text) else { return nil }
            var pathEnd = destination.lowerBound
            while pathEnd < destination.upperBound && text[pathEnd] != UInt8(ascii: "#") { pathEnd += 1 }
            guard percentDecoded(text[destination.lowerBound..<pathEnd]) == link.target else { return nil }
            // Only the file name changes: the relative folders stay as written.
            var nameStart = pathEnd
            while nameStart > destination.lowerBound && text[nameStart - 1] != UInt8(ascii: "/") { nameStart -= 1 }
            let newName = newTarget.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? newTarget
            return Array(text[..<nameStart]) + percentEncoded(newName) + Array(text[pathEnd...])
        case .url, .reference, .optionalReference:
            // Bare ids in front-matter are rewritten as references (`rewriteReferences`).
            return nil
        }
    }

    /// The destination bytes of `[text](destination "title")`, without `<…>`.
    package static func markdownDestination(_ text: [UInt8]) -> Range<Int>? {
        guard text.first == UInt8(ascii: "[") || (text.first == UInt8(ascii: "!") && text.count > 1 && text[1] == UInt8(ascii: "[")) else { return nil }
        var index = text.first == UInt8(ascii: "!") ? 1 : 0
        var depth = 0
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if byte == UInt8(ascii: "[") { depth += 1 }
            if byte == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { break }
            }
            index += 1
        }
        guard index + 1 < text.count, text[index + 1] == UInt8(ascii: "(") else { return nil }
        var start = index + 2
        while start < text.count && (text[start] == 32 || text[start] == 9) { start += 1 }
        if start < text.count && text[start] == UInt8(ascii: "<") {
            var end = start + 1
            while end < text.count && text[end] != UInt8(ascii: ">") { end += 1 }
            return end < text.count ? (start + 1)..<end : nil
        }
        var end = start
        var parens = 0
        while end < text.count {
            let byte = text[end]
            if byte <= 32 { break }
            if byte == UInt8(ascii: "\\") && end + 1 < text.count {
                end += 2
                continue
            }
            if byte == UInt8(ascii: "(") { parens += 1 }
            if byte == UInt8(ascii: ")") {
                if parens == 0 { break }
                parens -= 1
            }
            end += 1
        }
        return start < end ? start..<end : nil
    }

    package static func percentDecoded(_ bytes: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        var index = bytes.startIndex
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: return byte - 0x30
            case 0x41...0x46: return byte - 0x41 + 10
            case 0x61...0x66: return byte - 0x61 + 10
            default: return nil
            }
        }
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
               let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Spaces and the bytes that would end or confuse a Markdown destination, percent-encoded.
    package static func percentEncoded(_ name: String) -> [UInt8] {
        var out: [UInt8] = []
        for byte in name.utf8 {
            if byte <= 32 || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "%")
                || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "#") {
                let digits = Array("0123456789ABCDEF".utf8)
                out += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
            } else {
                out.append(byte)
            }
        }
        return out
    }

    /// Applies the title change to the renamed note's document (front-matter `title:` and/or the heading).
    package func retitle(_ document: inout Document, reportAs path: String) -> [RenameEdit] {
        var edits: [RenameEdit] = []
        if let headingLine = title.headingLine, headingLine >= 1, headingLine <= document.lineCount {
            var bytes = Array(document.lineBytes(headingLine - 1))
            var start = 0
            while start < bytes.count && bytes[start] == 32 { start += 1 }
            while start < bytes.count && bytes[start] == UInt8(ascii: "#") { start += 1 }
            while start < bytes.count && (bytes[start] == 32 || bytes[start] == 9) { start += 1 }
            let old = Array(oldTitle.utf8)
            if start + old.count <= bytes.count, Array(bytes[start..<(start + old.count)]) == old {
                bytes.replaceSubrange(start..<(start + old.count), with: Array(newTitle.utf8))
                document.replaceLine(headingLine, withBytes: bytes)
                edits.append(RenameEdit(kind: .title, path: path, line: headingLine, column: start + 1, old: oldTitle, new: newTitle))
            }
        }
        if title.frontMatter {
            document.set("title", to: .string(newTitle))
            let location = document.location(ofKey: "title")
            edits.append(RenameEdit(kind: .title, path: path, line: location?.line ?? 1, column: location?.column ?? 1,
                                    old: "title: " + oldTitle, new: "title: " + newTitle))
        }
        if let keptAlias {
            let all = aliases + [keptAlias]
            document.set("aliases", to: .list(all.map { .string($0) }))
            let location = document.location(ofKey: "aliases")
            edits.append(RenameEdit(kind: .title, path: path, line: location?.line ?? 1, column: location?.column ?? 1,
                                    old: aliases.isEmpty ? "" : "aliases: [\(aliases.joined(separator: ", "))]",
                                    new: "aliases: [\(all.joined(separator: ", "))]"))
        }
        return edits.sorted { $0.line < $1.line }
    }

    /// Rewrites one file's document: its link changes, re-scanned when the file changed since
    /// indexing, and the title when it is the renamed note.
    package func apply(to document: inout Document, path: String, reportAs reportPath: String, index: VaultIndex) -> [RenameEdit] {
        let bytes = document.bytes
        let mine = changes.filter { $0.path == path }
        var rewrite = rewrite(bytes, changes: mine, reportAs: reportPath)
        if rewrite.stale {
            let source = index.index(ofPath: path) ?? note
            rewrite = self.rewrite(bytes, changes: changes(rescanning: bytes, path: path, source: source, index: index), reportAs: reportPath)
        }
        if rewrite.bytes != bytes {
            document.replaceBytes(rewrite.bytes)
        }
        var edits = rewrite.edits
        let reference = rewriteReferences(&document, path: path, source: index.index(ofPath: path) ?? note, index: index, reportAs: reportPath)
        if !reference.isEmpty {
            edits += reference
            edits.sort { $0.line < $1.line }
        }
        if path == source {
            edits += retitle(&document, reportAs: reportPath)
            edits.sort { $0.line < $1.line }
        }
        return edits
    }
}
