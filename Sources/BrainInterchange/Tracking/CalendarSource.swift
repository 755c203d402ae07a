import Foundation
import BrainFormat
import BrainAnalytics
import BrainStore

/// Reading calendar files; the schema half (the metrics `auto:` may name) is in BrainFormat.
extension CalendarSource: TrackingFileSource {
    package static func read(_ file: TrackingFile, queries: [TrackingQuery], into collector: inout TrackingCollector,
                            context: TrackingContext) throws(TrackingError) {
        let (events, problems, shown, owner) = try events(in: file, progress: context.progress)
        for problem in problems { collector.problem(problem.in(shown)) }
        guard !queries.isEmpty else {
            collector.finished(file, records: 0, problems: problems.filter { $0.severity == .error }.count)
            return
        }
        let lastDay = context.days?.upperBound
            ?? events.map { Day(ordinal: Int(LocalDays.floorDivide($0.start.wallClock, 86_400))) }.max()?.adding(days: 366)
            ?? Day(ordinal: 0)
        let owners = Set((context.owners + [owner].compactMap { $0 }).map { $0.lowercased() })
        let (occurrences, expansionProblems) = CalendarExpansion.occurrences(of: events, through: lastDay, floatingIn: .system(context.timeZone),
                                                                             owners: owners)
        for problem in expansionProblems { collector.problem(problem.in(shown)) }
        var targets: [(index: Int, minutes: Bool, allDay: Bool, pattern: NSRegularExpressionBox?)] = []
        for query in queries {
            let index = collector.index(of: query)
            targets.append((index, query.metric == "minutes", query.allDay == true, query.match.map { NSRegularExpressionBox($0) }))
        }
        let origin = collector.origin("calendar:" + shown)
        var days = LocalDays(timeZone: context.timeZone, dayStartsAt: context.dayStartsAt)
        var records = 0
        for occurrence in occurrences {
            // All-day events count only for rules that ask for them (`all-day: true`).
            let matching = targets.filter { (!occurrence.allDay || $0.allDay) && ($0.pattern?.matches(occurrence.summary) ?? true) }
            guard !matching.isEmpty else { continue }
            var counted = false
            if case .date(let first) = occurrence.start {
                let count = max(1, Int(occurrence.duration / 86_400))
                for offset in 0..<count {
                    let day = first.adding(days: offset)
                    guard context.days.map({ $0.contains(day) }) ?? true else { continue }
                    for target in matching { collector.add(target.minutes ? 1440 : 1, to: target.index, day: day, origin: origin) }
                    counted = true
                }
            } else {
                let day = days.day(at: occurrence.start.instant(floatingIn: context.timeZone))
                guard context.days.map({ $0.contains(day) }) ?? true else { continue }
                for target in matching {
                    collector.add(target.minutes ? Double(occurrence.duration) / 60 : 1, to: target.index, day: day, origin: origin)
                }
                counted = true
            }
            if counted { records += 1 }
        }
        collector.finished(file, records: records, problems: problems.filter { $0.severity == .error }.count)
    }

    /// The events of a calendar file and the problems found in it, with the name it is shown by
    /// and the owner's address when the calendar names it (`ICalendarReader.owner`).
    package static func events(in file: TrackingFile, progress: ((Int64, Int64) -> Void)? = nil) throws(TrackingError)
        -> (events: [CalendarEvent], problems: [Diagnostic], shown: String, owner: String?) {
        let input = try TrackingInput.open(file, wanted: { $0.lowercased().hasSuffix(".ics") }, describe: "calendar file (.ics)")
        var reader = ICalendarReader()
        var sawCalendar = false
        do {
            try input.forEachLine(progress: { done in progress?(done, input.size) }) { text, line in
                if !sawCalendar, text.uppercased().hasPrefix("BEGIN:VCALENDAR") { sawCalendar = true }
                reader.consume(text, line: line)
            }
        } catch let error as TrackingError {
            throw error
        } catch {
            throw TrackingError("\(input.shown): \(error)")
        }
        reader.finish()
        guard sawCalendar else { throw TrackingError("\(input.shown): not an iCalendar file (no BEGIN:VCALENDAR)") }
        return (reader.events, reader.problems, input.shown, reader.owner)
    }
}

/// A compiled `match:` pattern, compiled once per query. The answer for each summary is kept (up
/// to `remembered` summaries), so a recurring event is matched once, not once per occurrence: a
/// pattern stopped by `TrackingPattern.timeLimit` costs that time once per summary.
package final class NSRegularExpressionBox {
    private let expression: NSRegularExpression?
    private var answers: [String: Bool] = [:]
    package static let remembered = 4096

    package init(_ pattern: String) {
        expression = TrackingPattern.compile(pattern)
    }

    package func matches(_ text: String) -> Bool {
        guard let expression else { return false }
        if let known = answers[text] { return known }
        let answer = TrackingPattern.matches(expression, text)
        if answers.count < NSRegularExpressionBox.remembered { answers[text] = answer }
        return answer
    }
}
