import BrainFormat
import BrainStore

/// The three-way merge of one vault file, as `brain merge-driver` runs it for git.
///
/// - Daily files: front-matter key by key; habit lines by habit, field by field; list items both
///   sides added as a set; prose lines word by word; the rest line by line.
/// - Other notes: front-matter key by key, the body line by line.
/// - Anything else, and any file that is not UTF-8: line by line.
///
/// Every kept line keeps its bytes and its line ending; new lines (conflict markers, a merged
/// habit line) use the file's line ending. Where both sides changed the same thing differently, both
/// versions are written between standard conflict markers, so no line of either side is lost.
package enum VaultMerge {
    /// How a file is merged.
    package enum Kind: String, Sendable, Hashable, Codable {
        case daily, note, text
    }

    /// The merged bytes and the conflicts left in them.
    package struct Outcome: Sendable, Hashable {
        package var bytes: [UInt8]
        package var conflicts: [MergeConflict]
        package var isClean: Bool { conflicts.isEmpty }
    }

    /// Merges `ours` and `theirs`, both changed from `base`. `markerSize` is the length of the
    /// conflict markers (git's `conflict-marker-size`, 7 by default).
    package static func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8], kind: Kind,
                             labels: MergeLabels = MergeLabels(), markerSize: Int = 7) -> Outcome {
        combine(base: base, ours: ours, theirs: theirs, kind: kind, labels: labels, markerSize: markerSize, twoWay: false)
    }

    /// Merges two versions of a file that have no common base — a file and the conflict copy a sync
    /// engine (Syncthing, Dropbox, iCloud) left beside it — by the same rules, the base taken as
    /// empty: what both hold is kept once, what one side alone holds is kept, front-matter keys
    /// and habit lines are matched by key and habit wherever they are, list items and front-matter
    /// lists merge as sets, and an open habit box is a field not yet filled (done or skipped on the
    /// other side is taken). The same habit done on one side and skipped on the other, two values,
    /// two notes, a key with two values, two different lines at one place: a conflict between
    /// markers, ours first. Nothing is removed: without a base, a line one side deleted cannot be
    /// told from a line the other added. Identical versions are ours, byte for byte; the merge keeps
    /// ours's line ending and byte-order mark.
    package static func mergeTwoWay(ours: [UInt8], theirs: [UInt8], kind: Kind,
                                    labels: MergeLabels = MergeLabels(), markerSize: Int = 7) -> Outcome {
        if ours == theirs { return Outcome(bytes: ours, conflicts: []) }
        return combine(base: [], ours: ours, theirs: theirs, kind: kind, labels: labels, markerSize: markerSize, twoWay: true)
    }

    private static func combine(base: [UInt8], ours: [UInt8], theirs: [UInt8], kind: Kind, labels: MergeLabels,
                                markerSize: Int, twoWay: Bool) -> Outcome {
        let sides = [base, ours, theirs].map { MergeSide(bytes: $0, kind: kind) }
        let structured = kind != .text && sides.allSatisfy(\.isText)
        var pieces: [MergePiece]
        if structured {
            pieces = ThreeWayMerge(mode: .frontMatter, labels: labels, twoWay: twoWay).merge(
                base: sides[0].frontMatter, ours: sides[1].frontMatter, theirs: sides[2].frontMatter)
            pieces += ThreeWayMerge(mode: kind == .daily ? .dailyBody : .lines, labels: labels, twoWay: twoWay).merge(
                base: sides[0].body, ours: sides[1].body, theirs: sides[2].body)
        } else {
            pieces = ThreeWayMerge(mode: .lines, labels: labels, twoWay: twoWay).merge(
                base: sides[0].allLines, ours: sides[1].allLines, theirs: sides[2].allLines)
        }
        let ending = sides[1].lineEnding ?? sides[2].lineEnding ?? sides[0].lineEnding ?? [10]
        var bom = sides[1].hasByteOrderMark
        if !twoWay, sides[1].hasByteOrderMark != sides[2].hasByteOrderMark && sides[0].hasByteOrderMark == bom {
            bom = sides[2].hasByteOrderMark
        }
        return assemble(pieces, ending: ending, byteOrderMark: bom, labels: labels, markerSize: max(1, markerSize))
    }

    /// Writes the pieces out: each line with its ending (a line that ended the file on one side but
    /// is followed by more gets the file's ending), each conflict between markers.
    private static func assemble(_ pieces: [MergePiece], ending: [UInt8], byteOrderMark: Bool, labels: MergeLabels,
                                 markerSize: Int) -> Outcome {
        // Adjacent conflicts read as one.
        var merged: [MergePiece] = []
        for piece in pieces {
            if case .conflict(let next) = piece, case .conflict(var previous)? = merged.last {
                previous.ours += next.ours
                previous.theirs += next.theirs
                if !previous.reason.contains(next.reason) { previous.reason += "; " + next.reason }
                merged[merged.count - 1] = .conflict(previous)
            } else {
                merged.append(piece)
            }
        }
        var lines: [MergeLine] = []
        var conflicts: [MergeConflict] = []
        func marker(_ character: Character, _ label: String?) -> MergeLine {
            let text = String(repeating: character, count: markerSize) + (label.map { " " + $0 } ?? "")
            return MergeLine(text, ending: ending)
        }
        func closed(_ line: MergeLine) -> MergeLine {
            line.ending.isEmpty ? MergeLine(content: line.content, ending: ending) : line
        }
        for piece in merged {
            switch piece {
            case .unit(let unit, _):
                lines += unit.lines
            case .conflict(let hunk):
                if let last = lines.last, last.ending.isEmpty { lines[lines.count - 1].ending = ending }
                conflicts.append(MergeConflict(line: lines.count + 1, reason: hunk.reason,
                                               ours: hunk.ours.map(\.text), theirs: hunk.theirs.map(\.text)))
                lines.append(marker("<", labels.ours))
                lines += hunk.ours.map(closed)
                lines.append(marker("=", nil))
                lines += hunk.theirs.map(closed)
                lines.append(marker(">", labels.theirs))
            }
        }
        var bytes: [UInt8] = byteOrderMark ? MergeLine.byteOrderMark : []
        for (index, line) in lines.enumerated() {
            bytes += line.content
            if line.ending.isEmpty && index < lines.count - 1 {
                bytes += ending
            } else {
                bytes += line.ending
            }
        }
        return Outcome(bytes: bytes, conflicts: conflicts)
    }
}

/// A conflict left in a merged file.
package struct MergeConflict: Sendable, Hashable, Codable {
    /// 1-based line of the `<<<<<<<` marker in the merged file.
    package var line: Int
    /// Why the two sides could not be combined (`read: done on ours, skipped on theirs`).
    package var reason: String
    /// The lines of each side between the markers, without their endings.
    package var ours: [String]
    package var theirs: [String]
}

/// One side of a merge, cut into the units the merge compares.
package struct MergeSide {
    package var hasByteOrderMark = false
    /// Whether the bytes are UTF-8 (a structured merge needs text).
    package var isText = true
    package var lineEnding: [UInt8]?
    package var allLines: [MergeUnit] = []
    package var frontMatter: [MergeUnit] = []
    package var body: [MergeUnit] = []

    package init(bytes: [UInt8], kind: VaultMerge.Kind) {
        var content = bytes[...]
        if bytes.starts(with: MergeLine.byteOrderMark) {
            hasByteOrderMark = true
            content = bytes.dropFirst(3)
        }
        let lines = MergeLine.split(content)
        lineEnding = lines.first(where: { !$0.ending.isEmpty })?.ending
        allLines = lines.map(MergeUnit.init(line:))
        guard kind != .text, let text = String(validating: bytes, as: UTF8.self) else {
            isText = String(validating: bytes, as: UTF8.self) != nil
            return
        }
        let document = Document(text: text)
        let bodyStart = document.hasFrontMatter ? min(max(0, document.bodyStartLine - 1), lines.count) : 0
        frontMatter = MergeSide.frontMatterUnits(document, lines: Array(lines[..<bodyStart]))
        var habitAt: [Int: HabitLine] = [:]
        if kind == .daily {
            for line in DailyEditor.habitLines(in: document) { habitAt[line.line - 1] = line }
        }
        var occurrences: [String: Int] = [:]
        for index in bodyStart..<lines.count {
            if let habit = habitAt[index] {
                let key = habit.habitKey
                occurrences[key, default: 0] += 1
                body.append(MergeUnit(key: .habit(key, occurrences[key]!), lines: [lines[index]], habit: habit))
            } else {
                body.append(MergeUnit(line: lines[index]))
            }
        }
    }

    /// The front-matter block as units: the `---` lines and comments as lines, each top-level key with
    /// the lines of its value. Front-matter the reader refused is merged line by line.
    private static func frontMatterUnits(_ document: Document, lines: [MergeLine]) -> [MergeUnit] {
        guard document.hasFrontMatter, document.parseDiagnostics.isEmpty, lines.count >= 2 else {
            return lines.map(MergeUnit.init(line:))
        }
        var units: [MergeUnit] = []
        var index = 0
        // The closing `---` is the last line of the block; keys lie between.
        let closing = lines.count - 1
        for span in document.spans.sorted(by: { $0.line < $1.line }) {
            let first = span.line - 1
            let last = min(max(span.lastLine, span.line) - 1, closing - 1)
            guard first >= index, first >= 1, first <= last else { continue }
            while index < first {
                units.append(MergeUnit(line: lines[index]))
                index += 1
            }
            units.append(MergeUnit(key: .yaml(span.key), lines: Array(lines[first...last]), value: document.frontMatter[span.key]))
            index = last + 1
        }
        while index < lines.count {
            units.append(MergeUnit(line: lines[index]))
            index += 1
        }
        return units
    }
}
