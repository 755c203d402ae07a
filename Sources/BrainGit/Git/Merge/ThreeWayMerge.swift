import BrainFormat
import BrainStore

/// A three-way merge of unit sequences (lines, or front-matter keys).
///
/// Each side is diffed against the base into hunks (a base range and the lines that replace it).
/// Hunks of the two sides conflict only when they touch the same base lines: overlapping ranges,
/// an insertion strictly inside the other side's range, or two insertions at the same place. A
/// change next to the other side's change is no conflict (git would call it one). Conflicting
/// hunks are resolved by the rules of the mode before anything is left to the person:
///
/// - the same change on both sides is taken once;
/// - units with the same key (a habit, a front-matter key) are merged field by field or line by line;
/// - where both sides only added, lines both added are kept once, and in a daily body list items
///   (and in front-matter, keys) are merged as sets; an empty list item (`- `) in the base is a
///   place both may fill;
/// - a region both rewrote line for line is merged line by line, prose lines of a daily body word
///   by word;
/// - what remains is a conflict with both sides' lines: nothing is dropped.
package struct ThreeWayMerge {
    package enum Mode {
        /// Plain lines: a note's body, a file that is not Markdown, the words of a line.
        case lines
        /// Front-matter units: keys merged line by line, keys added on both sides merged as a set.
        case frontMatter
        /// A daily file's body: habit lines by field, list items as sets, prose by word.
        case dailyBody
    }

    package var mode: Mode
    package var labels: MergeLabels
    /// Two versions with no common base (a sync engine's conflict copy and its file): an open habit
    /// box is taken as not yet filled, and a front-matter list both sides hold merges as a set.
    package var twoWay = false

    package init(mode: Mode, labels: MergeLabels, twoWay: Bool = false) {
        self.mode = mode
        self.labels = labels
        self.twoWay = twoWay
    }

    private enum Side { case ours, theirs }

    /// A base range `start..<end` replaced by `units` on one side (`start == end`: an insertion).
    private struct Hunk {
        package var start: Int
        package var end: Int
        package var units: [MergeUnit]
        package var side: Side
        package var isInsertion: Bool { start == end }
    }

    /// One side's changes against the base, and for each unchanged base unit its partner on that side.
    private struct SideDiff {
        package var hunks: [Hunk]
        package var same: [Int: Int]
    }

    package func merge(base: [MergeUnit], ours: [MergeUnit], theirs: [MergeUnit]) -> [MergePiece] {
        var keys = KeyTable()
        let baseIDs = keys.ids(base)
        let diffOurs = diff(base: base, baseIDs: baseIDs, side: ours, sideIDs: keys.ids(ours), .ours)
        let diffTheirs = diff(base: base, baseIDs: baseIDs, side: theirs, sideIDs: keys.ids(theirs), .theirs)

        var pieces: [MergePiece] = []
        var position = 0
        for group in groups(diffOurs.hunks + diffTheirs.hunks) {
            let start = group.map(\.start).min()!, end = group.map(\.end).max()!
            for index in position..<start {
                pieces.append(stable(index, base: base, ours: ours, theirs: theirs, diffOurs, diffTheirs))
            }
            let oursHunks = group.filter { $0.side == .ours }
            let theirsHunks = group.filter { $0.side == .theirs }
            if theirsHunks.isEmpty {
                pieces += version(oursHunks, start, end, base: base, side: ours, same: diffOurs.same).map { .unit($0, .ours) }
            } else if oursHunks.isEmpty {
                pieces += version(theirsHunks, start, end, base: base, side: theirs, same: diffTheirs.same).map { .unit($0, .theirs) }
            } else {
                pieces += resolve(base: Array(base[start..<end]),
                                  ours: version(oursHunks, start, end, base: base, side: ours, same: diffOurs.same),
                                  theirs: version(theirsHunks, start, end, base: base, side: theirs, same: diffTheirs.same))
            }
            position = end
        }
        for index in position..<base.count {
            pieces.append(stable(index, base: base, ours: ours, theirs: theirs, diffOurs, diffTheirs))
        }
        return dedupe(pieces, base: base)
    }

    // MARK: - Diffing

    private func diff(base: [MergeUnit], baseIDs: [Int], side: [MergeUnit], sideIDs: [Int], _ name: Side) -> SideDiff {
        var hunks: [Hunk] = []
        var same: [Int: Int] = [:]
        var i = 0, j = 0
        for (b, s) in SequenceMatch.matches(baseIDs, sideIDs) {
            if i < b || j < s { hunks += split(base: base, i..<b, side: side, j..<s, name) }
            if base[b].sameContent(as: side[s]) {
                same[b] = s
            } else {
                // The same key with other content: a change of that one unit.
                hunks.append(Hunk(start: b, end: b + 1, units: [side[s]], side: name))
            }
            i = b + 1
            j = s + 1
        }
        if i < base.count || j < side.count {
            hunks += split(base: base, i..<base.count, side: side, j..<side.count, name)
        }
        return SideDiff(hunks: hunks, same: same)
    }

    /// Base units `old` replaced by side units `new`, as hunks. When the counts differ, the side's
    /// units most like the base's are taken as their rewrite (one for one) and the rest as added or
    /// removed around it: a line edited with a line added after it is an edit and an addition, so an
    /// edit of the same line on the other side meets only the edit.
    private func split(base: [MergeUnit], _ old: Range<Int>, side: [MergeUnit], _ new: Range<Int>, _ name: Side) -> [Hunk] {
        let n = old.count, m = new.count
        // Past a few thousand comparisons the run stays one hunk: a larger conflict, never a slow merge.
        // An empty list item (`- `) is filled as a whole, whatever the side wrote in its place.
        guard n > 0, m > 0, n != m, (max(n, m) - min(n, m) + 1) * min(n, m) <= 20_000,
              !(mode == .dailyBody && isPlaceholder(Array(base[old]))) else {
            return [Hunk(start: old.lowerBound, end: old.upperBound, units: Array(side[new]), side: name)]
        }
        let shorter = min(n, m)
        var best = 0, bestScore = -1
        for offset in 0...(max(n, m) - shorter) {
            var score = 0
            for k in 0..<shorter {
                let b = base[old.lowerBound + (n > m ? offset + k : k)]
                let s = side[new.lowerBound + (m > n ? offset + k : k)]
                score += Self.likeness(b, s)
            }
            if score > bestScore { best = offset; bestScore = score }
        }
        var hunks: [Hunk] = []
        if m > n {
            let first = new.lowerBound + best
            if best > 0 { hunks.append(Hunk(start: old.lowerBound, end: old.lowerBound, units: Array(side[new.lowerBound..<first]), side: name)) }
            hunks.append(Hunk(start: old.lowerBound, end: old.upperBound, units: Array(side[first..<(first + n)]), side: name))
            if first + n < new.upperBound {
                hunks.append(Hunk(start: old.upperBound, end: old.upperBound, units: Array(side[(first + n)..<new.upperBound]), side: name))
            }
        } else {
            let first = old.lowerBound + best
            if best > 0 { hunks.append(Hunk(start: old.lowerBound, end: first, units: [], side: name)) }
            hunks.append(Hunk(start: first, end: first + m, units: Array(side[new]), side: name))
            if first + m < old.upperBound { hunks.append(Hunk(start: first + m, end: old.upperBound, units: [], side: name)) }
        }
        return hunks
    }

    /// How alike two units are: the same key counts most, then the words they share.
    package static func likeness(_ a: MergeUnit, _ b: MergeUnit) -> Int {
        if a.key == b.key { return 1_000 }
        var words: [ArraySlice<UInt8>: Int] = [:]
        for line in a.lines {
            for word in line.content.split(whereSeparator: { $0 == 32 || $0 == 9 }) { words[word, default: 0] += 1 }
        }
        var shared = 0
        for line in b.lines {
            for word in line.content.split(whereSeparator: { $0 == 32 || $0 == 9 }) where words[word, default: 0] > 0 {
                words[word]! -= 1
                shared += 1
            }
        }
        return shared
    }

    /// Hunks of both sides gathered into groups that touch the same base units.
    private func groups(_ hunks: [Hunk]) -> [[Hunk]] {
        let sorted = hunks.sorted { a, b in
            if a.start != b.start { return a.start < b.start }
            if a.isInsertion != b.isInsertion { return a.isInsertion }
            return a.side == .ours && b.side == .theirs
        }
        var groups: [[Hunk]] = []
        for hunk in sorted {
            if let last = groups.last, joins(hunk, last) {
                groups[groups.count - 1].append(hunk)
            } else {
                groups.append([hunk])
            }
        }
        return groups
    }

    private func joins(_ hunk: Hunk, _ group: [Hunk]) -> Bool {
        let start = group.map(\.start).min()!, end = group.map(\.end).max()!
        if hunk.isInsertion {
            let point = hunk.start
            return (start < point && point < end) || (start == end && start == point)
        }
        // Sorted by start, so `hunk.start >= start`.
        return end > start && hunk.start < end
    }

    /// The base unit at `index`, kept by both sides, with each line's ending as a side changed it.
    private func stable(_ index: Int, base: [MergeUnit], ours: [MergeUnit], theirs: [MergeUnit],
                        _ diffOurs: SideDiff, _ diffTheirs: SideDiff) -> MergePiece {
        let original = base[index]
        guard let o = diffOurs.same[index], let t = diffTheirs.same[index] else { return .unit(original, .base) }
        return .unit(Self.endings(base: original, ours: ours[o], theirs: theirs[t]), .base)
    }

    /// `ours` with each line's ending merged: a side that changed an ending (CRLF to LF) wins.
    package static func endings(base: MergeUnit?, ours: MergeUnit, theirs: MergeUnit) -> MergeUnit {
        guard ours.lines.count == theirs.lines.count else { return ours }
        var result = ours
        for index in result.lines.indices {
            let a = ours.lines[index].ending, b = theirs.lines[index].ending
            if a == b { continue }
            if let base, index < base.lines.count, base.lines[index].ending == a { result.lines[index].ending = b }
        }
        return result
    }

    /// One side's version of base units `start..<end`: its hunks applied, the rest its own units.
    private func version(_ hunks: [Hunk], _ start: Int, _ end: Int, base: [MergeUnit], side: [MergeUnit],
                         same: [Int: Int]) -> [MergeUnit] {
        var result: [MergeUnit] = []
        var index = start
        func keep(upTo limit: Int) {
            while index < limit {
                result.append(same[index].map { side[$0] } ?? base[index])
                index += 1
            }
        }
        for hunk in hunks {
            keep(upTo: hunk.start)
            result += hunk.units
            index = max(index, hunk.end)
        }
        keep(upTo: end)
        return result
    }

    // MARK: - Resolving

    /// Both sides changed `base` (possibly empty: both inserted at one place).
    private func resolve(base: [MergeUnit], ours: [MergeUnit], theirs: [MergeUnit]) -> [MergePiece] {
        if ours.count == theirs.count && zip(ours, theirs).allSatisfy({ $0.sameContent(as: $1) }) {
            return zip(ours, theirs).map { .unit(Self.endings(base: nil, ours: $0, theirs: $1), .both) }
        }
        if base.isEmpty { return twoWay(ours, theirs) }
        if mode == .dailyBody, isPlaceholder(base) {
            // `- ` left by the template under ## Intentions, filled differently on each side.
            let empty = Set(base.map(\.contents))
            return twoWay(ours.filter { !empty.contains($0.contents) }, theirs.filter { !empty.contains($0.contents) })
        }
        if base.count == ours.count && base.count == theirs.count
            && (0..<base.count).allSatisfy({ parallel(base[$0], ours[$0], theirs[$0]) }) {
            return (0..<base.count).flatMap { mergeUnit(base: base[$0], ours[$0], theirs[$0]) }
        }
        // Lines both sides have at the start and end of the region are kept once.
        var prefix = 0
        while prefix < ours.count && prefix < theirs.count && ours[prefix].sameContent(as: theirs[prefix]) { prefix += 1 }
        var suffix = 0
        while suffix < ours.count - prefix && suffix < theirs.count - prefix
            && ours[ours.count - 1 - suffix].sameContent(as: theirs[theirs.count - 1 - suffix]) { suffix += 1 }
        var pieces: [MergePiece] = (0..<prefix).map { .unit(Self.endings(base: nil, ours: ours[$0], theirs: theirs[$0]), .both) }
        let middleOurs = Array(ours[prefix..<(ours.count - suffix)])
        let middleTheirs = Array(theirs[prefix..<(theirs.count - suffix)])
        let reason: String
        if middleOurs.isEmpty || middleTheirs.isEmpty {
            reason = "\(middleOurs.isEmpty ? labels.ours : labels.theirs) removed lines that \(middleOurs.isEmpty ? labels.theirs : labels.ours) changed"
        } else {
            reason = "both sides changed the same lines"
        }
        pieces.append(.conflict(ConflictHunk(ours: middleOurs.flatMap(\.lines), theirs: middleTheirs.flatMap(\.lines), reason: reason)))
        pieces += (0..<suffix).map {
            .unit(Self.endings(base: nil, ours: ours[ours.count - suffix + $0], theirs: theirs[theirs.count - suffix + $0]), .both)
        }
        return pieces
    }

    /// Whether the base region is only empty list items and blank lines, with at least one empty item.
    private func isPlaceholder(_ base: [MergeUnit]) -> Bool {
        let lines = base.flatMap(\.lines)
        return lines.contains(where: \.isEmptyListItem) && lines.allSatisfy { $0.isEmptyListItem || $0.isBlank }
    }

    /// Whether three units at one position may be merged as the same unit: all plain lines, or one key.
    private func parallel(_ base: MergeUnit, _ ours: MergeUnit, _ theirs: MergeUnit) -> Bool {
        if case .text = base.key, case .text = ours.key, case .text = theirs.key { return true }
        return base.key == ours.key && base.key == theirs.key
    }

    /// Both sides inserted at one place (there is no base to compare with): what both have is kept
    /// once, and between those, what only one has is kept; different lines at the same place are
    /// combined when they form a set, else a conflict.
    private func twoWay(_ ours: [MergeUnit], _ theirs: [MergeUnit]) -> [MergePiece] {
        var keys = KeyTable()
        var pieces: [MergePiece] = []
        var i = 0, j = 0
        func gap(_ oursGap: ArraySlice<MergeUnit>, _ theirsGap: ArraySlice<MergeUnit>) {
            if oursGap.isEmpty {
                pieces += theirsGap.map { .unit($0, .theirs) }
            } else if theirsGap.isEmpty {
                pieces += oursGap.map { .unit($0, .ours) }
            } else if isSet(oursGap) && isSet(theirsGap) {
                pieces += oursGap.map { .unit($0, .ours) }
                var seen = oursGap.map(\.contents)
                for unit in theirsGap {
                    if let found = seen.firstIndex(of: unit.contents) {
                        seen.remove(at: found)
                    } else {
                        pieces.append(.unit(unit, .theirs))
                    }
                }
            } else {
                pieces.append(.conflict(ConflictHunk(ours: oursGap.flatMap(\.lines), theirs: theirsGap.flatMap(\.lines),
                                                     reason: "both sides added different lines here")))
            }
        }
        for (a, b) in SequenceMatch.matches(keys.ids(ours), keys.ids(theirs)) {
            gap(ours[i..<a], theirs[j..<b])
            pieces += mergeUnit(base: nil, ours[a], theirs[b])
            i = a + 1
            j = b + 1
        }
        gap(ours[i...], theirs[j...])
        return pieces
    }

    /// Lines that may be combined as a set where both sides added them.
    private func isSet(_ units: ArraySlice<MergeUnit>) -> Bool {
        switch mode {
        case .lines: return false
        case .frontMatter: return true
        case .dailyBody:
            let lines = units.flatMap(\.lines)
            return lines.contains(where: \.isListItem) && lines.allSatisfy { $0.isListItem || $0.isBlank }
        }
    }

    /// Two versions of one unit (same key), with the base version when there is one.
    package func mergeUnit(base: MergeUnit?, _ ours: MergeUnit, _ theirs: MergeUnit) -> [MergePiece] {
        if ours.sameContent(as: theirs) { return [.unit(Self.endings(base: base, ours: ours, theirs: theirs), .both)] }
        if let base, base.sameContent(as: ours) { return [.unit(theirs, .theirs)] }
        if let base, base.sameContent(as: theirs) { return [.unit(ours, .ours)] }
        if mode == .dailyBody, let a = ours.habit, let b = theirs.habit {
            switch HabitLineMerge.merge(base: base?.habit, ours: a, theirs: b, oursText: ours.lines[0].text,
                                        theirsText: theirs.lines[0].text, labels: labels, openIsEmpty: twoWay && base == nil) {
            case .merged(let text):
                var unit = ours
                unit.lines[0].content = Array(text.utf8)
                unit.habit = HabitLine.parse(text[...], lineNumber: a.line)
                return [.unit(unit, .both)]
            case .conflict(let reason):
                return [.conflict(ConflictHunk(ours: ours.lines, theirs: theirs.lines, reason: reason))]
            }
        }
        if base == nil, case .yaml = ours.key, ours.value?.isNull ?? false || theirs.value?.isNull ?? false {
            // Both sides added the key and one left it empty (`mood:` from the daily template): the
            // value the other side wrote is taken.
            return [(ours.value?.isNull ?? false) ? .unit(theirs, .theirs) : .unit(ours, .ours)]
        }
        if twoWay, base == nil, case .yaml(let name) = ours.key, let union = Self.listUnion(name, ours, theirs) {
            return [.unit(union, .both)]
        }
        if case .yaml(let name) = ours.key {
            // A key changed on both sides: its lines merged as lines; a conflict covers the lines both changed.
            let lines = ThreeWayMerge(mode: .lines, labels: labels).merge(
                base: base?.lines.map(MergeUnit.init(line:)) ?? [], ours: ours.lines.map(MergeUnit.init(line:)),
                theirs: theirs.lines.map(MergeUnit.init(line:)))
            let hasConflict = lines.contains { if case .conflict = $0 { return true } else { return false } }
            if !hasConflict {
                let merged = lines.flatMap { piece -> [MergeLine] in
                    if case .unit(let unit, _) = piece { return unit.lines }
                    return []
                }
                return [.unit(MergeUnit(key: ours.key, lines: merged), .both)]
            }
            return lines.map { piece in
                guard case .conflict(var hunk) = piece else { return piece }
                hunk.reason = "both sides changed \(name)"
                return .conflict(hunk)
            }
        }
        if mode == .dailyBody, let base, base.lines.count == 1, ours.lines.count == 1, theirs.lines.count == 1,
           let merged = WordMerge.merge(base: base.lines[0], ours: ours.lines[0], theirs: theirs.lines[0], labels: labels) {
            return [.unit(MergeUnit(line: merged), .both)]
        }
        let reason = base == nil ? "both sides added different lines here" : "both sides changed the same lines"
        return [.conflict(ConflictHunk(ours: ours.lines, theirs: theirs.lines, reason: reason))]
    }

    /// A front-matter list both sides hold with different items, as one list: our items, then
    /// theirs that we lack. Block lists (`- item` lines) keep each side's lines; a flow list
    /// (`[a, b]`) is written again in flow style. Nil when either value is not a list of scalars, or a
    /// line carries a comment that rewriting would lose.
    static func listUnion(_ name: String, _ ours: MergeUnit, _ theirs: MergeUnit) -> MergeUnit? {
        guard case .list(let a)? = ours.value, case .list(let b)? = theirs.value,
              !(a + b).contains(where: { if case .list = $0 { return true }; if case .map = $0 { return true }; return false }) else {
            return nil
        }
        var result = ours
        if ours.lines.count > 1, theirs.lines.count > 1,
           ours.lines[0].content == theirs.lines[0].content,
           (ours.lines.dropFirst() + theirs.lines.dropFirst()).allSatisfy(\.isListItem) {
            func item(_ line: MergeLine) -> [UInt8] {
                var content = line.content[...]
                while let first = content.first, first == 32 || first == 9 { content = content.dropFirst() }
                while let last = content.last, last == 32 || last == 9 { content = content.dropLast() }
                return Array(content)
            }
            var items = Set(ours.lines.dropFirst().map(item))
            for line in theirs.lines.dropFirst() where items.insert(item(line)).inserted {
                var added = line
                if let ending = ours.lines.last?.ending, !ending.isEmpty { added.ending = ending }
                if result.lines[result.lines.count - 1].ending.isEmpty { result.lines[result.lines.count - 1].ending = added.ending }
                result.lines.append(added)
            }
        } else if ours.lines.count == 1, theirs.lines.count == 1,
                  !ours.lines[0].text.contains(" #"), !theirs.lines[0].text.contains(" #") {
            var items = a
            for item in b where !items.contains(item) { items.append(item) }
            let text = YAMLWriter.renderKey(name) + ": " + YAMLWriter.render(.list(items))
            result.lines[0].content = Array(text.utf8)
            result.value = .list(items)
        } else {
            return nil
        }
        return result
    }

    // MARK: - One line per habit, one value per key

    /// What may be in the merged file once: a habit's line, a key, and in a day a list item (the
    /// same intention added on both sides is one intention).
    private func identity(of unit: MergeUnit) -> String? {
        if let identity = unit.identity { return identity }
        guard mode == .dailyBody, unit.lines.count == 1, unit.lines[0].isListItem, !unit.lines[0].isEmptyListItem else {
            return nil
        }
        return "item:" + unit.lines[0].text
    }

    /// A habit line or key that each side added at a different place would be there twice: the two
    /// are merged into the first place.
    private func dedupe(_ pieces: [MergePiece], base: [MergeUnit]) -> [MergePiece] {
        var oursAt: [String: [Int]] = [:]
        var theirsAt: [String: [Int]] = [:]
        var order: [String] = []
        for (index, piece) in pieces.enumerated() {
            guard case .unit(let unit, let origin) = piece, let identity = identity(of: unit) else { continue }
            if oursAt[identity] == nil && theirsAt[identity] == nil { order.append(identity) }
            switch origin {
            case .ours: oursAt[identity, default: []].append(index)
            case .theirs: theirsAt[identity, default: []].append(index)
            case .base, .both: break
            }
        }
        var replaced: [Int: [MergePiece]] = [:]
        var removed = Set<Int>()
        for identity in order {
            guard let a = oursAt[identity]?.first, let b = theirsAt[identity]?.first,
                  case .unit(let ours, _) = pieces[a], case .unit(let theirs, _) = pieces[b] else { continue }
            let original = base.first { self.identity(of: $0) == identity }
            replaced[min(a, b)] = mergeUnit(base: original, ours, theirs)
            removed.insert(max(a, b))
        }
        if replaced.isEmpty { return pieces }
        var result: [MergePiece] = []
        for (index, piece) in pieces.enumerated() where !removed.contains(index) {
            if let pieces = replaced[index] { result += pieces } else { result.append(piece) }
        }
        return result
    }
}

/// Numbers for unit keys, so the diff compares integers.
package struct KeyTable {
    private var numbers: [MergeUnit.Key: Int] = [:]

    package mutating func ids(_ units: [MergeUnit]) -> [Int] {
        units.map { unit in
            if let known = numbers[unit.key] { return known }
            let next = numbers.count
            numbers[unit.key] = next
            return next
        }
    }
}
