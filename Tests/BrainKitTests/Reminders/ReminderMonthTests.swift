import Foundation
import Testing
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore

/// `brain remind` over a simulated month: a run every ten minutes, the vault's files growing as
/// the person checks habits off, and every reminder sent recorded. Each row names the days its
/// reminder must reach the person; every other day it must stay quiet, and no day twice.
@Suite struct ReminderMonthTests {
    /// Something written into a day's file at a local time of that vault day.
    struct Event: Sendable {
        enum What: Sendable { case line(String, TaskItem.State), rest, morning, evening }
        var day: Day
        var time: String
        var what: What
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var habits: [Habit]
        var settings = ReminderSettings()
        var zone = "UTC"
        var dayStartsAt = 240
        var start = Day("2026-03-09")!
        /// What the person writes, worked out from the day.
        var events: @Sendable (Day) -> [Event] = { _ in [] }
        /// The days each sent-log key's reminder must go out, by what follows the day in the key
        /// (`read 07:30`, `:nudge 20:00`).
        var expected: [String: @Sendable (Day, Int) -> Bool]
        var testDescription: String { name }
    }

    static func habit(_ id: String, _ frequency: Frequency = .daily, remind: [String], _ change: (inout Habit) -> Void = { _ in }) -> Habit {
        var habit = Habit(id: id, title: id.capitalized, frequency: frequency, created: Day("2026-03-01"))
        habit.reminders = remind
        habit.remind = remind.first
        change(&habit)
        return habit
    }

    static func done(_ id: String, at time: String, on days: @escaping @Sendable (Day, Int) -> Bool, start: Day = Day("2026-03-09")!) -> @Sendable (Day) -> [Event] {
        { day in days(day, start.distance(to: day)) ? [Event(day: day, time: time, what: .line(id, .done))] : [] }
    }

    static let cases: [Case] = [
        Case(name: "daily, never done: every day", habits: [habit("read", remind: ["07:30"])],
             expected: ["read 07:30": { _, _ in true }]),
        Case(name: "daily, done before its time on even days", habits: [habit("read", remind: ["07:30"])],
             events: done("read", at: "07:00", on: { _, n in n % 2 == 0 }),
             expected: ["read 07:30": { _, n in n % 2 == 1 }]),
        Case(name: "daily, done after its time still rings", habits: [habit("read", remind: ["07:30"])],
             events: done("read", at: "08:00", on: { _, _ in true }),
             expected: ["read 07:30": { _, _ in true }]),
        Case(name: "weekdays", habits: [habit("stretch", .weekdays, remind: ["08:00"])],
             expected: ["stretch 08:00": { day, _ in !day.weekday.isWeekend }]),
        Case(name: "weekends", habits: [habit("hike", .weekends, remind: ["10:00"])],
             expected: ["hike 10:00": { day, _ in day.weekday.isWeekend }]),
        Case(name: "chosen weekdays", habits: [habit("gym", .days([.monday, .wednesday]), remind: ["18:00"])],
             expected: ["gym 18:00": { day, _ in day.weekday == .monday || day.weekday == .wednesday }]),
        Case(name: "every 3 days", habits: [habit("plants", .everyNDays(3), remind: ["09:00"]) { $0.created = Day("2026-03-09") }],
             expected: ["plants 09:00": { _, n in n % 3 == 0 }]),
        Case(name: "3/week done Monday, Wednesday, Friday mornings: Tuesday and Thursday only",
             habits: [habit("strength", .perWeek(3), remind: ["20:00"])],
             events: done("strength", at: "09:00", on: { day, _ in [.monday, .wednesday, .friday].contains(day.weekday) }),
             expected: ["strength 20:00": { day, _ in day.weekday == .tuesday || day.weekday == .thursday }]),
        Case(name: "2/month met on the 10th and 11th: quiet until April",
             habits: [habit("call", .perMonth(2), remind: ["19:00"])],
             events: done("call", at: "09:00", on: { day, _ in day.month == 3 && (day.dayOfMonth == 10 || day.dayOfMonth == 11) }),
             expected: ["call 19:00": { day, _ in day.month == 4 || day.dayOfMonth == 9 }]),
        Case(name: "1 in 3 days (a rolling window) done every fourth day: only the day with none in the two before",
             habits: [habit("swim", .inDays(times: 1, days: 3), remind: ["20:00"]) { $0.created = Day("2026-03-09") }],
             events: done("swim", at: "09:00", on: { _, n in n % 4 == 1 }),
             expected: ["swim 20:00": { _, n in n % 4 == 0 }]),
        Case(name: "rest days: quiet on Saturdays", habits: [habit("read", remind: ["07:30"])],
             events: { day in day.weekday == .saturday ? [Event(day: day, time: "06:00", what: .rest)] : [] },
             expected: ["read 07:30": { day, _ in day.weekday != .saturday }]),
        Case(name: "a skipped day is quiet", habits: [habit("read", remind: ["07:30"])],
             events: { day in day.weekday == .sunday ? [Event(day: day, time: "06:00", what: .line("read", .skipped))] : [] },
             expected: ["read 07:30": { day, _ in day.weekday != .sunday }]),
        Case(name: "a paused week is quiet",
             habits: [habit("read", remind: ["07:30"]) { $0.paused = [DayPeriod("2026-03-16..2026-03-22")!] }],
             expected: ["read 07:30": { day, _ in !(Day("2026-03-16")!...Day("2026-03-22")!).contains(day) }]),
        Case(name: "status paused is quiet all month",
             habits: [habit("read", remind: ["07:30"]) { $0.status = .paused }], expected: ["read 07:30": { _, _ in false }]),
        Case(name: "archived mid-month", habits: [habit("read", remind: ["07:30"]) { $0.archived = Day("2026-03-20") }],
             expected: ["read 07:30": { day, _ in day < Day("2026-03-20")! }]),
        Case(name: "two times a day: the evening one quiet once done at noon",
             habits: [habit("water", remind: ["07:30", "19:00"])],
             events: done("water", at: "12:00", on: { _, n in n % 2 == 0 }),
             expected: ["water 07:30": { _, _ in true }, "water 19:00": { _, n in n % 2 == 1 }]),
        Case(name: "after midnight: 01:00 belongs to the day before when the day starts at 04:00",
             habits: [habit("journal", remind: ["01:00"])],
             events: done("journal", at: "23:00", on: { day, _ in day.weekday == .friday }),
             expected: ["journal 01:00": { day, _ in day.weekday != .friday }]),
        Case(name: "spring forward in Berlin: 02:30 rings once every day", habits: [habit("pill", remind: ["02:30"])],
             zone: "Europe/Berlin", dayStartsAt: 0, expected: ["pill 02:30": { _, _ in true }]),
        Case(name: "fall back in Berlin: 02:30 rings once every day", habits: [habit("pill", remind: ["02:30"])],
             zone: "Europe/Berlin", dayStartsAt: 0, start: Day("2026-10-12")!, expected: ["pill 02:30": { _, _ in true }]),
        Case(name: "spring forward in New York, a morning habit",
             habits: [habit("walk", remind: ["06:30"]) { $0.created = Day("2026-02-01") }],
             zone: "America/New_York", start: Day("2026-02-23")!, expected: ["walk 06:30": { _, _ in true }]),
        Case(name: "check-ins: written on weekdays, reminded at weekends; the nudge only while a habit is open",
             habits: [habit("read", remind: [])],
             settings: { var s = ReminderSettings(); s.morning = "07:00"; s.evening = "21:30"; s.nudge = "20:00"; return s }(),
             events: { day in
                 var events: [Event] = []
                 if !day.weekday.isWeekend { events += [Event(day: day, time: "06:30", what: .morning), Event(day: day, time: "21:00", what: .evening)] }
                 if day.dayOfMonth % 2 == 0 { events.append(Event(day: day, time: "19:00", what: .line("read", .done))) }
                 return events
             },
             expected: [":morning 07:00": { day, _ in day.weekday.isWeekend }, ":evening 21:30": { day, _ in day.weekday.isWeekend },
                        ":nudge 20:00": { day, _ in day.dayOfMonth % 2 == 1 }]),
    ]

    struct Sent: Hashable { var key: String; var at: Date }

    /// Runs the reminders every `step` seconds over 30 days from `start`; `asleep` are the runs skipped.
    static func simulate(_ row: Case, step: TimeInterval = 600, asleep: (Date) -> Bool = { _ in false })
        -> (sent: [Sent], summaries: [[String]]) {
        let zone = TimeZone(identifier: row.zone)!
        let days = (0..<30).map { row.start.adding(days: $0) }
        let events = days.flatMap(row.events).map { ($0, ReminderPlan.instant(day: $0.day, time: $0.time, timeZone: zone, dayStartsAt: row.dayStartsAt)) }
        let begin = ReminderPlan.instant(day: row.start, minutes: row.dayStartsAt, timeZone: zone, dayStartsAt: row.dayStartsAt)
        let end = ReminderPlan.instant(day: row.start.adding(days: 30), minutes: row.dayStartsAt, timeZone: zone, dayStartsAt: row.dayStartsAt)
        var log = Set<String>()
        var sent: [Sent] = []
        var summaries: [[String]] = []
        var now = begin
        while now < end {
            defer { now += step }
            if asleep(now) { continue }
            var checkIns: [Day: CheckIn] = [:]
            for (event, at) in events where at <= now {
                var checkIn = checkIns[event.day] ?? CheckIn(day: event.day)
                switch event.what {
                case .line(let id, let state): checkIn.habitLines.append(HabitLine(habit: id, state: state))
                case .rest: checkIn.rest = true
                case .morning: checkIn.mood = 4
                case .evening: checkIn.eveningMood = 3
                }
                checkIns[event.day] = checkIn
            }
            let day = Clock.day(of: now, timeZone: zone, dayStartsAt: row.dayStartsAt)
            let overview = DayOverview(day: day, habits: row.habits, checkIns: checkIns.values.sorted { $0.day < $1.day })
            let plan = ReminderPlan(overview: overview, habits: row.habits, settings: row.settings, now: now, timeZone: zone,
                                    dayStartsAt: row.dayStartsAt, sent: log)
            for reminder in plan.toSend {
                sent.append(Sent(key: reminder.key, at: now))
                log.insert(reminder.key)
            }
            if plan.summary != nil {
                summaries.append(plan.missed.map(\.key))
                log.formUnion(plan.missed.map(\.key))
            }
        }
        return (sent, summaries)
    }

    @Test(arguments: cases) func exactlyTheRightRemindersForAMonth(_ row: Case) throws {
        let zone = TimeZone(identifier: row.zone)!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let (sent, summaries) = Self.simulate(row)
        #expect(summaries.isEmpty, "nothing was missed, so no summary")
        var expected: [String] = []
        for n in 0..<30 {
            let day = row.start.adding(days: n)
            for (suffix, rings) in row.expected where rings(day, n) { expected.append("\(day) \(suffix)") }
        }
        #expect(sent.map(\.key).sorted() == expected.sorted())
        // Each one went out at its own wall-clock time (Foundation's calendar, not the plan's arithmetic):
        // on the first run at or after it, on the vault day's date or, before the day starts, the next.
        for item in sent {
            let parts = item.key.split(separator: " ")
            let day = Day(parts[0])!
            let clock = parts[2].split(separator: ":").map { Int($0)! }
            let date = clock[0] * 60 + clock[1] < row.dayStartsAt ? day.adding(days: 1) : day
            var wall = DateComponents(year: date.year, month: date.month, day: date.dayOfMonth, hour: clock[0], minute: clock[1])
            wall.timeZone = zone
            let ring = try #require(calendar.date(from: wall))
            let late = item.at.timeIntervalSince(ring)
            #expect(late >= 0 && late < 600, "\(item.key) went out \(late) s after \(ring)")
        }
    }

    @Test func aMachineAsleepAllDaySendsOneSummaryNotABurst() {
        let row = Case(name: "asleep", habits: [Self.habit("read", remind: ["07:30"]), Self.habit("walk", remind: ["12:00", "18:00"])],
                       expected: [:])
        let zone = TimeZone(identifier: "UTC")!
        // Asleep on the 11th from 06:00 to 20:00.
        let from = ReminderPlan.instant(day: Day("2026-03-11")!, time: "06:00", timeZone: zone, dayStartsAt: 240)
        let to = ReminderPlan.instant(day: Day("2026-03-11")!, time: "20:00", timeZone: zone, dayStartsAt: 240)
        let (sent, summaries) = Self.simulate(row) { $0 >= from && $0 < to }
        #expect(summaries == [["2026-03-11 read 07:30", "2026-03-11 walk 12:00", "2026-03-11 walk 18:00"]])
        #expect(!sent.contains { $0.key.hasPrefix("2026-03-11") })
        #expect(sent.count == 29 * 3)
    }

    @Test func remindWithSeveralTimesReadsFromFrontMatter() {
        let (map, _) = YAMLReader.parse("remind: [\"07:30\", \"19:00\", 7:30, \"25:00\"]\n"[...], firstLine: 1)
        let habit = Habit(id: "water", frontMatter: map, bodyTitle: nil)
        #expect(habit.reminders == ["07:30", "19:00"])
        #expect(habit.remind == "07:30")
        #expect(habit.issues.map(\.key) == ["remind"])
    }

    @Test func theSentLogClaimsEachKeyOnceWhenTwoRunsOverlap() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("brain-remind-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/.brain/cache", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let log = ReminderLog(vault: Vault(root: root))
        let keys = (0..<50).map { "2026-03-09 habit\($0) 07:30" }
        let claimed = Claims()
        DispatchQueue.concurrentPerform(iterations: 8) { run in
            let mine = (try? log.claim(run % 2 == 0 ? keys : keys.reversed(), today: Day("2026-03-09")!)) ?? []
            claimed.add(mine)
        }
        #expect(claimed.all.sorted() == keys.sorted())
        #expect(log.sent() == Set(keys))
        // Old days are dropped when the log is written again.
        _ = try log.claim(["2026-03-20 read 07:30"], today: Day("2026-03-20")!)
        #expect(log.sent() == ["2026-03-20 read 07:30"])
    }

    final class Claims: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var all: [String] = []
        func add(_ keys: [String]) { lock.withLock { all += keys } }
    }
}
