/// "Did you mean" suggestions by edit distance.
///
/// The answer never depends on the order of the candidates (which often come from a dictionary
/// or a set, whose order changes from run to run): the closest candidate wins, and among equally
/// close ones the first in lower-case then plain string order.
package enum Suggestion {
    /// The closest candidate within a distance that scales with the word's length, if any.
    package static func closest(to word: String, in candidates: [String]) -> String? {
        Finder(candidates).closest(to: word)
    }

    /// Candidates prepared once (lower-cased, split into characters) for many look-ups: the
    /// unknown keys of a 100,000-key front-matter are each compared with the same few names.
    package struct Finder: Sendable {
        private struct Candidate: Sendable {
            package var text: String
            package var lower: String
            package var characters: [Unicode.Scalar]
        }

        private let candidates: [Candidate]

        package init(_ candidates: [String]) {
            self.candidates = candidates.map { text in
                let lower = text.lowercased()
                return Candidate(text: text, lower: lower, characters: Array(lower.unicodeScalars))
            }
        }

        /// The closest candidate within a distance that scales with the word's length, if any.
        package func closest(to word: String) -> String? {
            let lowerWord = word.lowercased()
            let characters = Array(lowerWord.unicodeScalars)
            let length = characters.count
            let limit = max(1, min(3, length / 3 + 1))
            var best: (candidate: Candidate, distance: Int)?
            var rows = Rows()
            for candidate in candidates {
                // The distance is at least the difference in length: skip hopeless candidates cheaply.
                if abs(candidate.characters.count - length) > limit { continue }
                let bound = min(limit, best?.distance ?? limit)
                guard let distance = Suggestion.editDistance(characters, candidate.characters, atMost: bound, rows: &rows) else { continue }
                if let current = best {
                    if distance < current.distance || (distance == current.distance && Finder.precedes(candidate, current.candidate)) {
                        best = (candidate, distance)
                    }
                } else {
                    best = (candidate, distance)
                }
            }
            if best == nil, length >= 3 {
                // A unique prefix is a good suggestion too (`brain stat` → `stats`).
                let prefixed = candidates.filter { $0.lower.hasPrefix(lowerWord) }
                if prefixed.count == 1 { return prefixed[0].text }
                // The same name spelled twice in the list is still one suggestion.
                if let first = prefixed.first, prefixed.allSatisfy({ $0.text == first.text }) { return first.text }
            }
            return best?.candidate.text
        }

        private static func precedes(_ a: Candidate, _ b: Candidate) -> Bool {
            a.lower != b.lower ? a.lower < b.lower : a.text < b.text
        }
    }

    /// Damerau–Levenshtein distance (optimal string alignment) over Unicode scalars.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        var rows = Rows()
        return editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars), atMost: .max, rows: &rows)!
    }

    /// Three rows of the distance table, reused from one comparison to the next.
    package struct Rows {
        package var previous2: [Int] = []
        package var previous: [Int] = []
        package var current: [Int] = []
    }

    /// The distance, or nil as soon as it must exceed `bound` (every entry of a row is above it).
    package static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost bound: Int, rows: inout Rows) -> Int? {
        if a.isEmpty { return b.count <= bound ? b.count : nil }
        if b.isEmpty { return a.count <= bound ? a.count : nil }
        let width = b.count + 1
        if rows.current.count < width {
            rows.previous2 = [Int](repeating: 0, count: width)
            rows.previous = rows.previous2
            rows.current = rows.previous2
        }
        for j in 0...b.count { rows.previous[j] = j }
        for i in 1...a.count {
            rows.current[0] = i
            var smallest = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(rows.previous[j] + 1, rows.current[j - 1] + 1, rows.previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, rows.previous2[j - 2] + 1)
                }
                rows.current[j] = value
                smallest = min(smallest, value)
            }
            if smallest > bound { return nil }
            swap(&rows.previous2, &rows.previous)
            swap(&rows.previous, &rows.current)
        }
        let distance = rows.previous[b.count]
        return distance <= bound ? distance : nil
    }
}
