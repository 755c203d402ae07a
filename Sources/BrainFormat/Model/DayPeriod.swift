import Foundation

/// A run of days `start..end`, both included; an open end runs on forever (`"2026-11-01.."`).
package struct DayPeriod: Hashable, Sendable, Codable, CustomStringConvertible {
    package var start: Day
    package var end: Day?

    package init(start: Day, end: Day? = nil) {
        self.start = start
        self.end = end
    }

    /// Parses `YYYY-MM-DD..YYYY-MM-DD`, `YYYY-MM-DD..` or a single day.
    package init?(_ text: some StringProtocol) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let range = trimmed.range(of: "..") {
            let startText = trimmed[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
            let endText = trimmed[range.upperBound...].trimmingCharacters(in: .whitespaces)
            guard let start = Day(startText) else { return nil }
            if endText.isEmpty {
                self.init(start: start)
            } else {
                guard let end = Day(endText), end >= start else { return nil }
                self.init(start: start, end: end)
            }
        } else {
            guard let day = Day(trimmed) else { return nil }
            self.init(start: day, end: day)
        }
    }

    package func contains(_ day: Day) -> Bool {
        day >= start && (end.map { day <= $0 } ?? true)
    }

    package var description: String { "\(start)..\(end?.description ?? "")" }
}
