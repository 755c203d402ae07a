import BrainFormat
import BrainAnalytics

/// A status line's layout: text with `{field}` names (`StatusField.all`), `{{` and `}}` for
/// braces. The template is cut into parts at ` · `; a part with fields that are all empty is left
/// out with its separator, so "momentum {momentum}" disappears while there is no momentum yet.
package struct StatusTemplate: Hashable, Sendable {
    package enum Piece: Hashable, Sendable {
        case text(String)
        case field(String)
    }

    /// Why a template cannot be used.
    package struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        package var description: String
    }

    package static let separator = " · "
    /// `brain status` without `--format`.
    package static let standard = "{today} · momentum {momentum} · {streak}"

    package let parts: [[Piece]]

    package init(_ text: String) throws(Problem) {
        var parts: [[Piece]] = []
        for part in text.components(separatedBy: StatusTemplate.separator) {
            parts.append(try StatusTemplate.pieces(part))
        }
        self.parts = parts
    }

    package static func pieces(_ text: String) throws(Problem) -> [Piece] {
        var pieces: [Piece] = []
        var literal = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "{", next < text.endIndex, text[next] == "{" {
                literal.append("{")
                index = text.index(after: next)
            } else if character == "}", next < text.endIndex, text[next] == "}" {
                literal.append("}")
                index = text.index(after: next)
            } else if character == "{" {
                guard let close = text[next...].firstIndex(of: "}") else {
                    throw Problem(description: "unclosed { in the status format (write {{ for a brace)")
                }
                let name = String(text[next..<close])
                guard StatusField.named(name) != nil else {
                    let names = StatusField.all.map(\.name)
                    var message = "unknown status field {\(name)}"
                    if let suggestion = Suggestion.closest(to: name, in: names) { message += "; did you mean {\(suggestion)}?" }
                    throw Problem(description: message + " (fields: \(names.joined(separator: ", ")))")
                }
                if !literal.isEmpty { pieces.append(.text(literal)) }
                literal = ""
                pieces.append(.field(name))
                index = text.index(after: close)
            } else if character == "}" {
                throw Problem(description: "a lone } in the status format (write }} for a brace)")
            } else {
                literal.append(character)
                index = next
            }
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        return pieces
    }

    /// The names of the fields the template uses, in order.
    package var fields: [String] {
        parts.flatMap { $0 }.compactMap { if case .field(let name) = $0 { return name } else { return nil } }
    }

    /// The line for `status`.
    package func render(_ status: StatusLine) -> String {
        render(StatusSummary(status))
    }

    /// The line for `summary`.
    package func render(_ summary: StatusSummary) -> String {
        var shown: [String] = []
        for part in parts {
            var text = ""
            var fields = 0
            var empty = 0
            for piece in part {
                switch piece {
                case .text(let literal): text += literal
                case .field(let name):
                    let value = summary.value(name)!
                    fields += 1
                    if value.isEmpty { empty += 1 }
                    text += value
                }
            }
            if fields > 0 && empty == fields { continue }
            shown.append(text)
        }
        return shown.joined(separator: StatusTemplate.separator)
    }
}

/// `brain status --json`: the line and every field.
package struct StatusReport: Hashable, Sendable, Codable {
    package var date: Day
    /// The line as the template (`--format`, else the standard one) gives it.
    package var text: String
    package var format: String
    /// Every field of `StatusField.all` by name, "" when it has no value.
    package var fields: [String: String]
    package var done: Int
    package var due: Int
    package var rest: Bool
    @Nullable package var momentum: MomentumSummary?
    @Nullable package var streak: Streak?
    /// The auto-tracked habits due on the day and their progress (`AutoProgress.Item`, as in
    /// `brain today --json`).
    package var progress: [AutoProgress.Item]
    /// Days of daily files read (the fewer, the faster).
    package var daysRead: Int

    package struct Streak: Hashable, Sendable, Codable {
        package var habit: String
        package var title: String
        package var current: Int
        package var unit: Streaks.Unit
        @Nullable package var blockDays: Int?
        @Nullable package var since: Day?
    }

    package init(_ status: StatusLine, template: StatusTemplate, format: String) {
        self.init(StatusSummary(status), template: template, format: format)
    }

    package init(_ summary: StatusSummary, template: StatusTemplate, format: String) {
        date = summary.day
        text = template.render(summary)
        self.format = format
        fields = Dictionary(uniqueKeysWithValues: zip(StatusField.all.map(\.name), summary.values))
        done = summary.done
        due = summary.due
        rest = summary.rest
        momentum = summary.momentum
        streak = summary.streak
        progress = summary.progress
        daysRead = summary.daysRead
    }
}
