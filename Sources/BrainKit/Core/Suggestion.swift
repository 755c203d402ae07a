/// "Did you mean" suggestions by edit distance.
public enum Suggestion {
    /// The closest candidate within a distance that scales with the word's length, if any.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let limit = max(1, min(3, word.count / 3 + 1))
        var best: (String, Int)?
        let lowerWord = word.lowercased()
        let length = lowerWord.count
        for candidate in candidates {
            // The distance is at least the difference in length: skip hopeless candidates cheaply.
            if abs(candidate.utf8.count - lowerWord.utf8.count) > limit * 4 { continue }
            if abs(candidate.count - length) > limit { continue }
            let distance = editDistance(lowerWord, candidate.lowercased())
            if distance <= limit, distance < (best?.1 ?? .max) { best = (candidate, distance) }
        }
        if best == nil, word.count >= 3 {
            // A unique prefix is a good suggestion too (`brain stat` → `stats`).
            let prefixed = candidates.filter { $0.lowercased().hasPrefix(word.lowercased()) }
            if prefixed.count == 1 { return prefixed[0] }
        }
        return best?.0
    }

    /// Damerau–Levenshtein distance (optimal string alignment) over characters.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
