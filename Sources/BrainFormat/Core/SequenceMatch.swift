/// The one way brain matches two versions of a sequence (a file's lines, a merge's units): the
/// common start and end are cut, and the middle is matched by the standard library's
/// `difference(from:)` (Myers' algorithm: time grows with the size of the change, not the file);
/// a middle past `limit` cells by Myers' algorithm stopped after `maximumEdits` steps.
/// The dry-run diff of every action, the language server's edits and the merge driver all use it.
package enum SequenceMatch {
    /// Past this many cells (middle rows × middle columns) the standard library's search, which
    /// has no bound, is not used.
    package static let limit = 4_000_000
    /// A bigger middle is matched only while it takes at most this many removed and added lines.
    package static let maximumEdits = 2_000

    /// Index pairs `(i, j)` with `a[i] == b[j]`, increasing in both: a longest common subsequence.
    package static func matches<Element: Equatable>(_ a: [Element], _ b: [Element]) -> [(Int, Int)] {
        matches(a.count, b.count) { a[$0] == b[$1] }
    }

    /// The same over indices, with `same(i, j)` telling whether `a[i]` equals `b[j]`.
    package static func matches(_ n: Int, _ m: Int, same: (Int, Int) -> Bool) -> [(Int, Int)] {
        let found = middle(n, m, same: same)
        return (0..<found.prefix).map { ($0, $0) } + found.pairs + (0..<found.suffix).map { (n - found.suffix + $0, m - found.suffix + $0) }
    }

    /// The runs that differ, in order: lines `old` of `a` replaced by lines `new` of `b` (either may
    /// be empty). A file of a million lines with one changed line gives one run, without a pair
    /// for each line the two share.
    package static func runs(_ n: Int, _ m: Int, same: (Int, Int) -> Bool) -> [(old: Range<Int>, new: Range<Int>)] {
        let found = middle(n, m, same: same)
        var result: [(old: Range<Int>, new: Range<Int>)] = []
        var i = found.prefix, j = found.prefix
        for (matchI, matchJ) in found.pairs + [(n - found.suffix, m - found.suffix)] {
            if matchI > i || matchJ > j { result.append((i..<matchI, j..<matchJ)) }
            i = matchI + 1
            j = matchJ + 1
        }
        return result
    }

    /// The common start and end, and the matched pairs between them.
    private static func middle(_ n: Int, _ m: Int, same: (Int, Int) -> Bool) -> (prefix: Int, suffix: Int, pairs: [(Int, Int)]) {
        var prefix = 0
        while prefix < n && prefix < m && same(prefix, prefix) { prefix += 1 }
        var suffix = 0
        while suffix < n - prefix && suffix < m - prefix && same(n - 1 - suffix, m - 1 - suffix) { suffix += 1 }
        var result: [(Int, Int)] = []
        let rows = n - prefix - suffix, columns = m - prefix - suffix
        if rows > 0 && columns > 0 && rows * columns > limit {
            // Past the bound: no pairs, the middle replaced whole, a larger change shown, never a slow command.
            let found = myers(rows, columns) { same(prefix + $0, prefix + $1) } ?? []
            return (prefix, suffix, found.map { (prefix + $0.0, prefix + $0.1) })
        }
        if rows > 0 && columns > 0 {
            // The middle's indices; the comparison reads the sequences through them.
            let old = Array(prefix..<(prefix + rows)), new = Array(prefix..<(prefix + columns))
            let difference = new.difference(from: old) { same($0, $1) }
            var removed = [Bool](repeating: false, count: rows), inserted = [Bool](repeating: false, count: columns)
            for change in difference {
                switch change {
                case .remove(let offset, _, _): removed[offset] = true
                case .insert(let offset, _, _): inserted[offset] = true
                }
            }
            var i = 0, j = 0
            while i < rows && j < columns {
                if removed[i] { i += 1; continue }
                if inserted[j] { j += 1; continue }
                result.append((prefix + i, prefix + j))
                i += 1
                j += 1
            }
        }
        return (prefix, suffix, result)
    }

    /// Myers' greedy algorithm with the path kept per step, for a middle too big for the standard
    /// library's: it stops after `maximumEdits` steps (then no pairs: the middle is replaced whole).
    private static func myers(_ n: Int, _ m: Int, same: (Int, Int) -> Bool) -> [(Int, Int)]? {
        if n == 0 || m == 0 { return [] }
        let limit = min(n + m, maximumEdits)
        let offset = limit + 1
        var v = [Int32](repeating: 0, count: 2 * limit + 3)
        var trace: [[Int32]] = []
        var found = false
        search: for d in 0...limit {
            // Only the diagonals -d...d are read at the next step; keeping those is enough.
            trace.append(Array(v[(offset - d - 1)...(offset + d + 1)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    x = Int(v[offset + k + 1])
                } else {
                    x = Int(v[offset + k - 1]) + 1
                }
                var y = x - k
                while x < n && y < m && same(x, y) {
                    x += 1
                    y += 1
                }
                v[offset + k] = Int32(x)
                if x >= n && y >= m {
                    found = true
                    break search
                }
            }
        }
        guard found else { return nil }
        // Walk back from (n, m) through the saved steps.
        var pairs: [(Int, Int)] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let saved = trace[d]
            // saved[i] holds v[offset - d - 1 + i], the state before step d.
            func previous(_ k: Int) -> Int { Int(saved[k + d + 1]) }
            let k = x - y
            let previousK: Int
            if d == 0 {
                previousK = 0
            } else if k == -d || (k != d && previous(k - 1) < previous(k + 1)) {
                previousK = k + 1
            } else {
                previousK = k - 1
            }
            let startX = d == 0 ? 0 : previous(previousK)
            let startY = startX - previousK
            let snakeStartX = d == 0 ? 0 : (previousK == k + 1 ? startX : startX + 1)
            let snakeStartY = snakeStartX - k
            while x > snakeStartX && y > snakeStartY {
                x -= 1
                y -= 1
                pairs.append((x, y))
            }
            x = startX
            y = startY
        }
        return pairs.reversed()
    }
}
