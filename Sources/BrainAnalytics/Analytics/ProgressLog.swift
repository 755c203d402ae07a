import Foundation
import BrainFormat

/// A goal's progress history: the dated lines of its `## Progress` section, one per recorded
/// `current:` value (`- 2026-11-20: 1850 EUR`), which `brain goal progress` appends and a person may
/// write by hand. Pace is read from it (docs/ANALYTICS.md, section 7), never from git.
package struct ProgressLog: Hashable, Sendable, Codable {
    /// One recorded value.
    package struct Point: Hashable, Sendable, Codable {
        package var day: Day
        package var value: Double

        package init(day: Day, value: Double) {
            self.day = day
            self.value = value
        }
    }

    /// The heading the lines live under.
    package static let heading = "Progress"

    /// By day; a day written twice keeps its last value.
    package var points: [Point]

    package init(points: [Point] = []) {
        var byDay: [Day: Double] = [:]
        for point in points { byDay[point.day] = point.value }
        self.points = byDay.map { Point(day: $0.key, value: $0.value) }.sorted { $0.day < $1.day }
    }

    /// The line `brain goal progress` appends: `- 2026-11-20: 1850 EUR`.
    package static func line(day: Day, value: Double, unit: String?) -> String {
        "- \(day): \(HabitLine.format(value))" + (unit.map { " " + Quantity.unit($0, for: value) } ?? "")
    }

    /// The 1-based file line of `day`'s entry under the `Progress` heading, when it has one.
    package static func lineNumber(of day: Day, in lines: [Substring], from bodyStartLine: Int) -> Int? {
        var found: Int?
        var inside = false
        var level = 0
        for index in max(0, bodyStartLine - 1)..<lines.count {
            let line = lines[index].trimmingCharacters(in: .whitespacesAndNewlines)
            if line.hasPrefix("#") {
                let hashes = line.prefix { $0 == "#" }.count
                if inside, hashes <= level { inside = false }
                if line.dropFirst(hashes).trimmingCharacters(in: .whitespaces).lowercased() == heading.lowercased() {
                    inside = true
                    level = hashes
                }
                continue
            }
            if inside, point(line)?.day == day { found = index + 1 }
        }
        return found
    }

    /// The points of a goal body: list items under a `Progress` heading (any level) that start with
    /// a date and then a number (`- 2026-11-20: 1850 EUR`, `* 2026-11-20 1850`); other lines are text.
    package init(body: String) {
        var points: [Point] = []
        var inside = false
        var level = 0
        for raw in body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#") {
                let hashes = line.prefix { $0 == "#" }.count
                let title = line.dropFirst(hashes).trimmingCharacters(in: .whitespaces)
                if inside, hashes <= level { inside = false }
                if title.lowercased() == ProgressLog.heading.lowercased() {
                    inside = true
                    level = hashes
                }
                continue
            }
            guard inside, let point = ProgressLog.point(line) else { continue }
            points.append(point)
        }
        self.init(points: points)
    }

    package static func point(_ line: String) -> Point? {
        guard let bullet = line.first, "-*+".contains(bullet) else { return nil }
        let words = line.dropFirst().split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count >= 2 else { return nil }
        var date = words[0]
        if date.hasSuffix(":") { date = date.dropLast() }
        guard let day = Day(String(date)),
              let value = Double(words[1].replacingOccurrences(of: ",", with: ".")), value.isFinite else { return nil }
        return Point(day: day, value: value)
    }
}
