import Testing
@testable import BrainFormat

/// Issue 34 (Step 15), point 6: one line matching for the actions' diffs, the language server's
/// edits and the merge driver. It must find a longest common subsequence (checked against the
/// textbook table on random sequences), keep pairs in order, and give up past its limit.
@Suite struct SequenceMatchTests {
    /// The length of a longest common subsequence, by the quadratic table.
    static func lcs(_ a: [Int], _ b: [Int]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }

    @Test func matchesAreALongestCommonSubsequence() {
        var generator = SystemRandomNumberGenerator()
        for trial in 0..<400 {
            let alphabet = [2, 3, 6][trial % 3]
            let a = (0..<Int.random(in: 0...40, using: &generator)).map { _ in Int.random(in: 0..<alphabet, using: &generator) }
            var b = a
            for _ in 0..<Int.random(in: 0...8, using: &generator) {
                if !b.isEmpty && Bool.random(using: &generator) { b.remove(at: Int.random(in: 0..<b.count, using: &generator)) }
                b.insert(Int.random(in: 0..<alphabet, using: &generator), at: Int.random(in: 0...b.count, using: &generator))
            }
            let pairs = SequenceMatch.matches(a, b)
            #expect(pairs.count == Self.lcs(a, b), "\(a) \(b)")
            #expect(pairs.allSatisfy { a[$0.0] == b[$0.1] })
            #expect(zip(pairs, pairs.dropFirst()).allSatisfy { $0.0 < $1.0 && $0.1 < $1.1 })
            // The runs are exactly what lies between the pairs.
            let runs = SequenceMatch.runs(a.count, b.count) { a[$0] == b[$1] }
            #expect(runs.reduce(0) { $0 + $1.old.count } == a.count - pairs.count)
            #expect(runs.reduce(0) { $0 + $1.new.count } == b.count - pairs.count)
        }
    }

    @Test func aMillionSharedLinesGiveOneRun() {
        let a = Array(0..<1_000_000)
        var b = a
        b[500_000] = -1
        b.insert(-2, at: 700_000)
        let runs = SequenceMatch.runs(a.count, b.count) { a[$0] == b[$1] }
        #expect(runs.map(\.old) == [500_000..<500_001, 700_000..<700_000])
        #expect(runs.map(\.new) == [500_000..<500_001, 700_000..<700_001])
    }

    @Test func pastTheLimitTheMiddleIsReplacedWhole() {
        let a = Array(0..<3_000), b = Array((0..<3_000).map { $0 % 2 == 0 ? $0 : -$0 })
        let runs = SequenceMatch.runs(a.count, b.count) { a[$0] == b[$1] }
        #expect(runs.count == 1 && runs[0].old == 1..<3_000 && runs[0].new == 1..<3_000, "\(runs.count) runs")
    }
}
