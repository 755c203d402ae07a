import BrainFormat
import BrainAnalytics

/// What a template's placeholders are filled with; a value left nil renders as nothing.
package struct TemplateValues: Hashable, Sendable {
    package var title: String
    /// The file stem; defaults to `Slug.make(title)`.
    package var id: String
    /// Today (the `{{date}}` and `{{weekday}}` placeholders).
    package var date: Day
    package var area: String?
    package var every: Frequency?
    package var due: Day?
    package var url: String?
    /// The parent goal's id; rendered as the link `[[id]]`.
    package var parent: String?
    package var tags: [String]

    package init(title: String, id: String? = nil, date: Day, area: String? = nil, every: Frequency? = nil,
                due: Day? = nil, url: String? = nil, parent: String? = nil, tags: [String] = []) {
        self.title = title
        self.id = id ?? Slug.make(title)
        self.date = date
        self.area = area
        self.every = every
        self.due = due
        self.url = url
        self.parent = parent
        self.tags = tags
    }

    /// The typed front-matter value of a placeholder; nil when it is empty or not given,
    /// `.null` never. Unknown names are nil too: check `Placeholder.known` first.
    package func value(of name: String) -> YAMLValue? {
        func text(_ value: String?) -> YAMLValue? {
            guard let value, !value.isEmpty else { return nil }
            return .string(value)
        }
        switch name {
        case "title": return text(title)
        case "id": return text(id)
        case "date": return .date(date)
        case "weekday": return .string(TemplateValues.weekdayName(date.weekday))
        case "area": return text(area)
        case "every":
            guard let every else { return nil }
            // `[mon, wed]` is a list in YAML, not the string "[mon, wed]".
            if case .days(let set) = every {
                return .list(Weekday.allCases.filter(set.contains).map { .string($0.shortName) })
            }
            return .string(every.description)
        case "due": return due.map(YAMLValue.date)
        case "url": return text(url)
        case "parent": return parent.flatMap { $0.isEmpty ? nil : .string("[[\($0)]]") }
        case "tags": return tags.isEmpty ? nil : .list(tags.map(YAMLValue.string))
        default: return nil
        }
    }

    /// The text a placeholder becomes inside longer text: empty when not given, nil when unknown.
    package func text(of name: String) -> String? {
        guard Placeholder.known.contains(name) else { return nil }
        guard let value = value(of: name) else { return "" }
        switch value {
        case .string(let text): return text
        default: return YAMLWriter.render(value)
        }
    }

    /// `Sunday`, as people write it in a sentence.
    package static func weekdayName(_ weekday: Weekday) -> String {
        weekday.name.prefix(1).uppercased() + weekday.name.dropFirst()
    }
}
