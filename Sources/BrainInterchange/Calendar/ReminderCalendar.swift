import Foundation
import BrainFormat
import BrainAnalytics
import BrainStore

/// Habit reminders as an iCalendar file (RFC 5545): one VEVENT per active habit with `remind:`,
/// repeating as the habit is due, and one per check-in reminder of `.brain/config.yml`
/// (`remind: {morning: "07:30", evening: "21:30"}`). Times are floating local time (the
/// reminder rings at 21:30 wherever you are), each event has a display alarm at its start, and
/// UIDs come from the habit id, so a calendar that subscribes to the file updates events
/// instead of doubling them.
package struct ReminderCalendar {
    package var journal: Journal
    /// Check-in reminders by part (`morning`, `evening`): `HH:MM`.
    package var checkIns: [(part: String, time: String)]
    /// The vault's day: events start on the first due day from here.
    package var today: Day
    /// The moment of the export, for DTSTAMP.
    package var now: Date
    /// `brain 0.1.0`, for PRODID.
    package var product: String
    /// Days on which a habit's reminder is no longer useful, by habit id: done or skipped today,
    /// or its quota met for the rest of the period (`GET /feed.ics` learns the day).
    package var answered: [String: [Day]] = [:]

    package init(journal: Journal, checkIns: [(part: String, time: String)], today: Day, now: Date, product: String) {
        self.journal = journal
        self.checkIns = checkIns
        self.today = today
        self.now = now
        self.product = product
    }

    /// What was written.
    package struct Summary: Codable, Sendable, Hashable {
        @Nullable package var path: String?
        /// Habit ids with an event, in file order.
        package var habits: [String]
        package var checkIns: [String]
        /// Active habits without `remind:` (no event).
        package var withoutReminder: [String]
    }

    /// The check-in reminders of `.brain/config.yml` (`remind:` with `morning` and `evening`),
    /// with problems as warnings in the compiler's format.
    package static func checkInReminders(_ vault: Vault) -> (reminders: [(part: String, time: String)], problems: [String]) {
        guard let path = try? vault.absolute(Vault.configPath), let bytes = try? vault.fileSystem.read(path) else { return ([], []) }
        let text = String(decoding: bytes, as: UTF8.self)
        let (map, _) = YAMLReader.parse(text[...], firstLine: 1)
        guard let value = map["remind"], !value.isNull else { return ([], []) }
        let line = NoteParser.keyLocation("remind", in: text[...], firstLine: 1).line
        let place = "\(Vault.configPath):\(line):1: warning: "
        guard let reminders = value.map else {
            return ([], [place + "remind must be a map of check-in reminders: remind: {morning: \"07:30\", evening: \"21:30\"}"])
        }
        var result: [(String, String)] = []
        var problems: [String] = []
        for entry in reminders where entry.key != "nudge" {
            guard ["morning", "evening"].contains(entry.key) else {
                problems.append(place + "remind: unknown check-in \"\(entry.key)\"; expected morning or evening")
                continue
            }
            guard let time = entry.value.string, Habit.isClockTime(time) else {
                problems.append(place + "remind: \(entry.key) must be a time \"HH:MM\"")
                continue
            }
            result.append((entry.key, time))
        }
        return (result, problems)
    }

    /// The days whose reminder is no longer useful as of `today`, by habit id, judged as
    /// `brain remind` judges them (`ReminderPlan.quietReason` over the day's overview): today
    /// when the habit is done, skipped or otherwise quiet, and for a quota met, the rest of its
    /// period (a 3/week habit done three times rings no more that week).
    package static func answeredDays(journal: Journal, today: Day) -> [String: [Day]] {
        let overview = DayOverview(journal: journal, day: today)
        let schedules = journal.schedules(today: today)
        var days: [String: [Day]] = [:]
        for entry in overview.entries where ReminderPlan.quietReason(entry) != nil {
            var list = [today]
            if let period = schedules[entry.id.lowercased()]?.periods().last, period.state == .met, period.end > today {
                var day = today.adding(days: 1)
                while day <= period.end {
                    list.append(day)
                    day = day.adding(days: 1)
                }
            }
            days[entry.id] = list
        }
        return days
    }

    /// The calendar, CRLF line endings, lines folded.
    package func render() -> (text: String, summary: Summary) {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Brain//\(product)//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
                     "X-WR-CALNAME:Brain reminders"]
        var summary = Summary(path: nil, habits: [], checkIns: [], withoutReminder: [])
        let stamp = ReminderCalendar.utcStamp(now)
        for habit in journal.habits.sorted(by: { $0.id < $1.id }) where isActive(habit) {
            guard !habit.reminders.isEmpty else {
                summary.withoutReminder.append(habit.id)
                continue
            }
            var any = false
            for (index, remind) in habit.reminders.enumerated() {
                guard let event = event(for: habit, at: remind, stamp: stamp, second: index > 0) else { continue }
                lines += event
                any = true
            }
            if any { summary.habits.append(habit.id) }
        }
        for (part, time) in checkIns {
            let title = part == "morning" ? "Morning check-in" : "Evening check-in"
            let detail = part == "morning" ? "Mood, energy and the day's intentions: brain checkin morning"
                                           : "Mood and a few lines on the day: brain checkin evening"
            lines += eventLines(uid: "checkin-\(part)@brain", stamp: stamp, start: today, time: time, rule: "FREQ=DAILY",
                                title: title, description: detail, exdates: [])
            summary.checkIns.append(part)
        }
        lines.append("END:VCALENDAR")
        return (lines.map(ICalendarText.line).joined(), summary)
    }

    /// Active today and later: status active, not archived by today, not in a pause without end.
    package func isActive(_ habit: Habit) -> Bool {
        guard habit.status == .active else { return false }
        if let archived = habit.archived, archived <= today { return false }
        return !habit.paused.contains { $0.end == nil && $0.start <= today }
    }

    /// The lines of a habit's event, or nil when it has no day left.
    package func event(for habit: Habit, at time: String, stamp: String, second: Bool = false) -> [String]? {
        let anchor = habit.created ?? journal.history(of: habit.id).firstLogged ?? today
        var start = max(anchor, today)
        let rule: String
        var description: [String] = []
        let weekStart = "WKST=" + ReminderCalendar.byDay(journal.weekStart)
        switch habit.frequency {
        case .daily:
            rule = "FREQ=DAILY"
        case .weekdays, .weekends, .days:
            let days = ReminderCalendar.weekdays(habit.frequency)
            rule = "FREQ=WEEKLY;BYDAY=" + days.map(ReminderCalendar.byDay).joined(separator: ",") + ";" + weekStart
            // DTSTART must be one of the days, or it counts as an extra occurrence (RFC 5545 3.8.5.3).
            while !days.contains(start.weekday) { start = start.adding(days: 1) }
        case .everyNDays(let n):
            rule = "FREQ=DAILY;INTERVAL=\(n)"
            let late = anchor.distance(to: start)
            if late % n != 0 { start = start.adding(days: n - late % n) }
        case .perWeek(let n):
            rule = "FREQ=DAILY"
            description.append("\(n) time\(n == 1 ? "" : "s") a week: a reminder every day, for the days it is still open")
        case .perMonth(let n):
            rule = "FREQ=DAILY"
            description.append("\(n) time\(n == 1 ? "" : "s") a month: a reminder every day, for the days it is still open")
        case .inDays(let n, let m):
            rule = "FREQ=DAILY"
            description.append("\(n) time\(n == 1 ? "" : "s") in \(m) days: a reminder every day, for the days it is still open")
        }
        // The last day it is due: the day before `archived`, or before an open pause that starts later.
        var end: Day?
        if let archived = habit.archived { end = archived.adding(days: -1) }
        for period in habit.paused where period.end == nil && period.start > today {
            end = min(end ?? period.start.adding(days: -1), period.start.adding(days: -1))
        }
        if let end, end < start { return nil }
        var fullRule = rule
        if let end { fullRule += ";UNTIL=" + ReminderCalendar.localStamp(end, time) }
        if let target = habit.target {
            let amount = Quantity.number(target) + (habit.unit.map { " " + Quantity.unit($0, for: target) } ?? "")
            description.insert(habit.kind == .quit ? "At most \(amount)" : "At least \(amount)", at: 0)
        }
        if let cue = habit.cue { description.insert(cue, at: 0) }
        description.append("brain done \(habit.id)")
        // Bounded pauses still ahead: those days have no reminder. An EXDATE names an occurrence
        // of the rule (a calendar warns about one that is not), so only the days the rule reminds on.
        func occurs(_ day: Day) -> Bool {
            switch habit.frequency {
            case .weekdays, .weekends, .days: return ReminderCalendar.weekdays(habit.frequency).contains(day.weekday)
            case .everyNDays(let n): return start.distance(to: day) % n == 0
            default: return true
            }
        }
        var exdates: [Day] = []
        for day in answered[habit.id] ?? [] where day >= start && occurs(day) && !exdates.contains(day) {
            exdates.append(day)
        }
        for period in habit.paused {
            guard let periodEnd = period.end, periodEnd >= start else { continue }
            var day = max(period.start, start)
            while day <= periodEnd, exdates.count < 1000 {
                if occurs(day) { exdates.append(day) }
                day = day.adding(days: 1)
            }
        }
        // The first time keeps the UID it always had; a habit's further times get their own.
        let uid = second ? "habit-\(habit.id)-\(time.replacingOccurrences(of: ":", with: ""))@brain" : "habit-\(habit.id)@brain"
        exdates = Array(Set(exdates)).sorted()
        return eventLines(uid: uid, stamp: stamp, start: start, time: time, rule: fullRule,
                          title: habit.title, description: description.joined(separator: "\n"), exdates: exdates)
    }

    package func eventLines(uid: String, stamp: String, start: Day, time: String, rule: String, title: String, description: String,
                    exdates: [Day]) -> [String] {
        var lines = ["BEGIN:VEVENT", "UID:" + ICalendarText.escape(uid), "DTSTAMP:" + stamp,
                     "DTSTART:" + ReminderCalendar.localStamp(start, time), "DURATION:PT15M", "RRULE:" + rule]
        if !exdates.isEmpty { lines.append("EXDATE:" + exdates.map { ReminderCalendar.localStamp($0, time) }.joined(separator: ",")) }
        lines += ["SUMMARY:" + ICalendarText.escape(title), "DESCRIPTION:" + ICalendarText.escape(description),
                  "TRANSP:TRANSPARENT", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + ICalendarText.escape(title),
                  "TRIGGER:PT0S", "END:VALARM", "END:VEVENT"]
        return lines
    }

    /// `20261122T213000`: a floating local date-time.
    package static func localStamp(_ day: Day, _ time: String) -> String {
        let parts = time.split(separator: ":").compactMap { Int($0) }
        let (year, month, dayOfMonth) = day.parts
        return String(format: "%04d%02d%02dT%02d%02d00", year, month, dayOfMonth, parts[0], parts[1])
    }

    /// `20261122T090000Z`.
    package static func utcStamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }

    package static func weekdays(_ frequency: Frequency) -> [Weekday] {
        switch frequency {
        case .weekdays: return Weekday.allCases.filter { !$0.isWeekend }
        case .weekends: return Weekday.allCases.filter(\.isWeekend)
        case .days(let set): return Weekday.allCases.filter(set.contains)
        default: return Weekday.allCases
        }
    }

    package static func byDay(_ weekday: Weekday) -> String {
        String(weekday.shortName.prefix(2)).uppercased()
    }
}
