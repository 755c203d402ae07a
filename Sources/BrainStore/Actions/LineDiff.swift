import BrainFormat
import BrainAnalytics

/// The changed lines between two versions of a file, matched by `SequenceMatch` (edits are
/// minimal, one line for a check-off, so only a small middle is ever compared).
package enum LineDiff {
    /// Line changes from `before` to `after`, in file order; a replaced line is one change with
    /// both texts.
    package static func changes(from before: String, to after: String) -> [LineChange] {
        changes(from: Array(before.utf8), to: Array(after.utf8))
    }

    /// The same on bytes. Lines are compared as byte ranges, so a 100 MB file with one changed line
    /// costs two passes over its bytes, not a string per line; only the changed middle is decoded.
    package static func changes(from beforeBytes: [UInt8], to afterBytes: [UInt8]) -> [LineChange] {
        let oldRanges = lineRanges(beforeBytes)
        let newRanges = lineRanges(afterBytes)
        func same(_ i: Int, _ j: Int) -> Bool {
            beforeBytes[oldRanges[i]].elementsEqual(afterBytes[newRanges[j]])
        }
        // Each run of differing lines: removed lines paired with added ones.
        var result: [LineChange] = []
        for run in SequenceMatch.runs(oldRanges.count, newRanges.count, same: same) {
            let removed = oldRanges[run.old].map { String(decoding: beforeBytes[$0], as: UTF8.self) }
            let added = newRanges[run.new].map { String(decoding: afterBytes[$0], as: UTF8.self) }
            result += pair(removed, added, oldLine: run.old.lowerBound, newLine: run.new.lowerBound)
        }
        return result
    }

    /// Removed lines paired with added ones: a line whose key (the text before `: `, or up to the
    /// first `]]`) reappears is a replacement of that line; the others pair up in order, and the
    /// rest are plain removals or additions.
    private static func pair(_ removed: [String], _ added: [String], oldLine: Int, newLine: Int) -> [LineChange] {
        func key(_ line: String) -> Substring? {
            if let colon = line.range(of: ": ") { return line[..<colon.lowerBound] }
            if let close = line.range(of: "]]") { return line[..<close.upperBound] }
            return nil
        }
        var partner = [Int?](repeating: nil, count: added.count)
        var taken = Set<Int>()
        // The removed lines of each key, first first: each added line takes the first one left
        // (a lookup, not a walk of every removed line: a rewritten file has thousands).
        var removedByKey: [Substring: ArraySlice<Int>] = [:]
        for (i, line) in removed.enumerated() {
            if let key = key(line) { removedByKey[key, default: []].append(i) }
        }
        for (j, line) in added.enumerated() {
            guard let wanted = key(line), let i = removedByKey[wanted]?.popFirst() else { continue }
            partner[j] = i
            taken.insert(i)
        }
        var freeRemoved = removed.indices.filter { !taken.contains($0) }[...]
        for j in added.indices where partner[j] == nil {
            guard let i = freeRemoved.first else { break }
            partner[j] = i
            freeRemoved = freeRemoved.dropFirst()
        }
        let paired = Set(partner.compactMap { $0 })
        var result: [(order: Int, change: LineChange)] = []
        for (j, line) in added.enumerated() {
            let before = partner[j].map { removed[$0] }
            result.append((2 * (newLine + j + 1) + 1, LineChange(line: newLine + j + 1, before: before, after: line)))
        }
        for (i, line) in removed.enumerated() where !paired.contains(i) {
            // A removal sorts just before the line that now stands at its place.
            let place = newLine + min(i, added.count) + 1
            result.append((2 * place, LineChange(line: oldLine + i + 1, before: line, after: nil)))
        }
        return result.sorted { $0.order < $1.order }.map(\.change)
    }

    /// Lines without their endings (`\n`, `\r\n` or `\r`); a final line ending adds no empty line.
    package static func lines(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        return lineRanges(bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// Where each line's text lies in `bytes`, as `lines` splits them.
    package static func lineRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 10 || byte == 13 {
                result.append(start..<index)
                index += byte == 13 && index + 1 < bytes.count && bytes[index + 1] == 10 ? 2 : 1
                start = index
            } else {
                index += 1
            }
        }
        if start < bytes.count { result.append(start..<bytes.count) }
        return result
    }
}
