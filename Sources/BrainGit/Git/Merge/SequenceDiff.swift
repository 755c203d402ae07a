import BrainFormat
import BrainStore

/// A longest common subsequence of two sequences of keys, for the three-way merge.
///
/// The common start and end are cut first; the middle goes through Myers' O(ND) algorithm. Past
/// `maximumEdits` differences the middle counts as wholly replaced: the merge then shows a larger
/// conflict instead of spending minutes, and still loses nothing.
package enum SequenceDiff {
    package static let maximumEdits = 2_000

    /// Index pairs `(i, j)` with `a[i] == b[j]`, increasing in both, as many as Myers finds.
    package static func matches(_ a: [Int], _ b: [Int]) -> [(Int, Int)] {
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix
            && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        var result: [(Int, Int)] = (0..<prefix).map { ($0, $0) }
        let middleA = Array(a[prefix..<(a.count - suffix)])
        let middleB = Array(b[prefix..<(b.count - suffix)])
        for (i, j) in myers(middleA, middleB) { result.append((i + prefix, j + prefix)) }
        for k in 0..<suffix { result.append((a.count - suffix + k, b.count - suffix + k)) }
        return result
    }

    /// Myers' greedy algorithm with the path kept per step; nil pairs past `maximumEdits`.
    private static func myers(_ a: [Int], _ b: [Int]) -> [(Int, Int)] {
        let n = a.count, m = b.count
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
                while x < n && y < m && a[x] == b[y] {
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
        guard found else { return [] }
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
