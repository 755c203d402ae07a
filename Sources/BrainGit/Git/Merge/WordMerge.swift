import BrainFormat
import BrainStore

/// Merges one line of prose that both sides edited, word by word: a reflection written as one long
/// line and edited in two places on two machines keeps both edits. Nil when the edits touch the
/// same words; the line is then a conflict.
package enum WordMerge {
    package static func merge(base: MergeLine, ours: MergeLine, theirs: MergeLine, labels: MergeLabels) -> MergeLine? {
        let pieces = ThreeWayMerge(mode: .lines, labels: labels).merge(
            base: words(base.content), ours: words(ours.content), theirs: words(theirs.content))
        var content: [UInt8] = []
        for piece in pieces {
            guard case .unit(let unit, _) = piece else { return nil }
            content += unit.lines.flatMap(\.content)
        }
        var ending = ours.ending
        if ours.ending != theirs.ending && base.ending == ours.ending { ending = theirs.ending }
        return MergeLine(content: content, ending: ending)
    }

    /// Runs of blanks and runs of everything else, each one unit.
    package static func words(_ bytes: [UInt8]) -> [MergeUnit] {
        var units: [MergeUnit] = []
        var start = 0
        while start < bytes.count {
            let blank = isBlank(bytes[start])
            var end = start + 1
            while end < bytes.count && isBlank(bytes[end]) == blank { end += 1 }
            units.append(MergeUnit(line: MergeLine(content: Array(bytes[start..<end]), ending: [])))
            start = end
        }
        return units
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 }
}
