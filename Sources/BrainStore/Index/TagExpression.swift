import BrainFormat
import BrainAnalytics

/// A tag filter as zk has them: `a, b` (both), `a OR b` (either; also `a|b`), `NOT a` or `-a`
/// (without), and globs (`work/*`, `proj-?`). A nested tag counts for its parents, so `work`
/// matches a note tagged `work/brain`. Case-insensitive.
package struct TagExpression: Hashable, Sendable {
    package struct Term: Hashable, Sendable {
        package var pattern: String
        package var negated: Bool
    }

    /// All groups must hold; a group holds when any of its terms does.
    package var groups: [[Term]]

    package init(_ text: String) throws(TagExpressionError) {
        groups = []
        for clause in text.split(separator: ",") {
            var terms: [Term] = []
            let words = clause.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            var negateNext = false
            var expectTerm = true
            for word in words {
                let upper = word.uppercased()
                if upper == "OR" {
                    guard !expectTerm else { throw TagExpressionError(message: "OR needs a tag on each side in \"\(text)\"") }
                    expectTerm = true
                    continue
                }
                if upper == "AND" { throw TagExpressionError(message: "use a comma for AND in \"\(text)\" (a, b)") }
                if upper == "NOT" {
                    negateNext = true
                    continue
                }
                for piece in word.split(separator: "|") {
                    var name = String(piece)
                    var negated = negateNext
                    if name.hasPrefix("-") || name.hasPrefix("!") {
                        negated = true
                        name.removeFirst()
                    }
                    if name.hasPrefix("#") { name.removeFirst() }
                    guard !name.isEmpty else { throw TagExpressionError(message: "empty tag in \"\(text)\"") }
                    if !expectTerm && !terms.isEmpty {
                        // Two tags with only a space between them: both must hold, as zk reads it.
                        groups.append(terms)
                        terms = []
                    }
                    terms.append(Term(pattern: name.lowercased(), negated: negated))
                    negateNext = false
                    expectTerm = false
                }
            }
            if negateNext || (expectTerm && !terms.isEmpty) {
                throw TagExpressionError(message: "incomplete tag expression \"\(text)\"")
            }
            if !terms.isEmpty { groups.append(terms) }
        }
        if groups.isEmpty { throw TagExpressionError(message: "empty tag expression") }
    }

    /// Whether a note with these tags passes the filter.
    package func matches(_ tags: [String]) -> Bool {
        var expanded: [String] = []
        for tag in tags {
            let lower = tag.lowercased()
            expanded.append(lower)
            var prefix = lower
            while let slash = prefix.lastIndex(of: "/") {
                prefix = String(prefix[..<slash])
                expanded.append(prefix)
            }
        }
        return groups.allSatisfy { group in
            group.contains { term in
                let present = expanded.contains { TagExpression.glob(term.pattern, matches: $0) }
                return term.negated ? !present : present
            }
        }
    }

    /// `*` any run of characters, `?` one character; everything else literal.
    package static func glob(_ pattern: String, matches text: String) -> Bool {
        if !pattern.contains("*") && !pattern.contains("?") { return pattern == text }
        let p = Array(pattern), t = Array(text)
        var pi = 0, ti = 0, star = -1, mark = 0
        while ti < t.count {
            if pi < p.count && (p[pi] == "?" || p[pi] == t[ti]) {
                pi += 1
                ti += 1
            } else if pi < p.count && p[pi] == "*" {
                star = pi
                mark = ti
                pi += 1
            } else if star >= 0 {
                pi = star + 1
                mark += 1
                ti = mark
            } else {
                return false
            }
        }
        while pi < p.count && p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}

package struct TagExpressionError: Error, Hashable, Sendable, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}
