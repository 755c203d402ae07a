import Foundation
import BrainFormat

/// Which reminders are due at a moment (`brain remind`): each habit's `remind:` times, the
/// morning and evening check-in and the daily nudge of `.brain/config.yml`, each judged by the
/// day's `DayOverview` — the same due, done, quota, rest and pause model `brain today` shows — so
/// a reminder goes out only while it is still useful. A pure value: it reads no clock and sends
/// nothing; the sent-log and the notifiers are its callers'.
package struct ReminderPlan: Hashable, Sendable, Codable {
    package enum Kind: String, Hashable, Sendable, Codable {
        case habit, morning, evening, nudge
    }

    /// What to do with a reminder at the plan's moment.
    package enum Verdict: String, Hashable, Sendable, Codable {
        /// Its time has come (within `lateness`): send it.
        case send
        /// Its time passed long ago (the machine slept): one summary for all of these at most.
        case late
        /// Not useful (done, not due, rest, paused, quota met, already sent…): `reason` says why.
        case quiet
        /// Still useful, its time not yet come.
        case later
    }

    /// One reminder of the day.
    package struct Reminder: Hashable, Sendable, Codable {
        package var kind: Kind
        /// The habit's id, for a habit reminder.
        @Nullable package var habit: String?
        package var day: Day
        /// `HH:MM` as written.
        package var time: String
        /// The moment it rings: `time` on the vault's day, in the vault's zone (a time before
        /// `day-starts-at` is after midnight, on the next calendar date).
        package var at: Date
        /// What the sent-log records: `2026-11-22 read 07:30`, `2026-11-22 :morning 07:30`.
        package var key: String
        package var verdict: Verdict
        @Nullable package var reason: String?
        package var title: String
        package var body: String
    }

    /// The vault's day of the moment.
    package var day: Day
    package var now: Date
    /// Every reminder of the day, in time order.
    package var reminders: [Reminder]
    /// When something may next become due: the next reminder still to come today, else the next
    /// day's start.
    package var nextWake: Date

    /// How late a reminder may still go out on its own; later than this, it joins the one summary.
    package static let lateness: TimeInterval = 15 * 60

    /// The plan for `overview.day` at `now`. `habits` are the vault's (for their `remind:` times
    /// and the names `after:` points to); `sent` holds the sent-log's keys.
    package init(overview: DayOverview, habits: [Habit], settings: ReminderSettings, now: Date, timeZone: TimeZone,
                 dayStartsAt: Int, sent: Set<String>) {
        let day = overview.day
        self.day = day
        self.now = now
        var reminders: [Reminder] = []
        let entries = Dictionary(overview.entries.map { ($0.id.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        let names = Dictionary(habits.map { ($0.id.lowercased(), $0.title) }, uniquingKeysWith: { first, _ in first })

        func add(_ kind: Kind, habit: String?, time: String, quiet: String?, title: String, body: String) {
            let at = ReminderPlan.instant(day: day, time: time, timeZone: timeZone, dayStartsAt: dayStartsAt)
            let key = "\(day) \(habit ?? ":" + kind.rawValue) \(time)"
            var verdict: Verdict
            var reason = quiet
            if quiet != nil {
                verdict = .quiet
            } else if sent.contains(key) {
                verdict = .quiet
                reason = "already sent"
            } else if at > now {
                verdict = .later
            } else if now.timeIntervalSince(at) <= ReminderPlan.lateness {
                verdict = .send
            } else {
                verdict = .late
            }
            reminders.append(Reminder(kind: kind, habit: habit, day: day, time: time, at: at, key: key, verdict: verdict,
                                      reason: reason, title: title, body: body))
        }

        for habit in habits where !habit.reminders.isEmpty {
            // No entry: archived, or ended before the day; nothing to remind of.
            guard let entry = entries[habit.id.lowercased()] else { continue }
            let quiet = ReminderPlan.quietReason(entry)
            let body = ReminderPlan.body(habit, entry, names: names)
            let title = habit.stack.map { "\(habit.title) · \($0)" } ?? habit.title
            for time in habit.reminders {
                add(.habit, habit: habit.id, time: time, quiet: quiet, title: title, body: body)
            }
        }
        if let time = settings.morning {
            add(.morning, habit: nil, time: time, quiet: overview.morning.done ? "morning check-in written" : nil,
                title: "Morning check-in", body: "How do you feel, and what matters today? brain checkin morning")
        }
        if let time = settings.evening {
            let written = overview.evening.mood != nil || overview.evening.reflection != nil
            add(.evening, habit: nil, time: time, quiet: written ? "evening check-in written" : nil,
                title: "Evening check-in", body: "A mood and a line about the day: brain checkin evening")
        }
        if let time = settings.nudge {
            let open = overview.entries.filter { $0.due && $0.state == .open }
            let quiet = overview.rest ? "rest day" : open.isEmpty ? "nothing left open today" : nil
            let names = open.prefix(3).map(\.title).joined(separator: ", ") + (open.count > 3 ? " and \(open.count - 3) more" : "")
            add(.nudge, habit: nil, time: time, quiet: quiet, title: "Fill in today",
                body: "\(Quantity.count(open.count, "habit")) still open: \(names). Check off what you did: brain today")
        }
        reminders.sort { ($0.at, $0.kind == .habit ? 1 : 0, $0.key) < ($1.at, $1.kind == .habit ? 1 : 0, $1.key) }
        self.reminders = reminders
        let nextDay = ReminderPlan.instant(day: day.adding(days: 1), minutes: dayStartsAt, timeZone: timeZone, dayStartsAt: dayStartsAt)
        nextWake = reminders.map(\.at).filter { $0 > now }.min() ?? nextDay
    }

    /// Reminders to send now, one by one.
    package var toSend: [Reminder] { reminders.filter { $0.verdict == .send } }
    /// Reminders missed while nothing ran: one summary at most.
    package var missed: [Reminder] { reminders.filter { $0.verdict == .late } }

    /// The one summary of the missed reminders, when there are any: what is still open.
    package var summary: (title: String, body: String)? {
        let missed = self.missed
        guard !missed.isEmpty else { return nil }
        var seen = Set<String>()
        let names = missed.map { $0.kind == .habit ? $0.title : $0.title.lowercased() }.filter { seen.insert($0).inserted }
        return ("Still open today", names.joined(separator: ", ") + ": there is still time. brain today")
    }

    /// Why a habit's reminder is not useful on the day, or nil when the habit is still open.
    package static func quietReason(_ entry: DayOverview.Entry) -> String? {
        switch entry.state {
        case .done: return entry.kind == .quit ? "held today" : "done today"
        case .skipped: return "skipped today"
        case .open: return nil
        case .notDue:
            switch entry.reason {
            case .quotaMet?:
                if let done = entry.periodDone, let required = entry.periodRequired { return "quota met (\(done)/\(required))" }
                return "quota met"
            case .rest?: return "rest day"
            case .paused?: return "paused"
            case .notStarted?: return "not started yet"
            case .quotaOpen?: return "its quota is judged by the period"
            case .upcoming?: return "not yet"
            case .off?, nil: return "not due today"
            }
        }
    }

    /// "After coffee: Read 20 pages — a 3-day streak": the cue (or the step before), the habit
    /// with its amount, and where it stands, in the coach's words (never a reproach).
    package static func body(_ habit: Habit, _ entry: DayOverview.Entry, names: [String: String]) -> String {
        var text = ""
        if let cue = habit.cue {
            text = cue + ": "
        } else if let after = habit.after {
            text = "After " + (names[after.lowercased()] ?? after).lowercased() + ": "
        }
        text += habit.title
        // The amount, unless the title says it already ("Read 20 pages").
        if let target = entry.target, !habit.title.contains(Quantity.number(target)) {
            let amount = Quantity.number(target) + (entry.unit.map { " " + Quantity.unit($0, for: target) } ?? "")
            text += habit.kind == .quit ? " (at most \(amount))" : " \(amount)"
        }
        if let done = entry.periodDone, let required = entry.periodRequired {
            text += " — \(done) of \(required) so far"
        } else if entry.streak.current > 0 {
            text += " — keep \(entry.streak.phrase(entry.streak.current)) going"
        } else {
            text += " — a good day for it"
        }
        return text
    }

    /// The moment of `time` (`HH:MM`) on the vault's `day`.
    package static func instant(day: Day, time: String, timeZone: TimeZone, dayStartsAt: Int) -> Date {
        let parts = time.split(separator: ":").compactMap { Int($0) }
        let minutes = parts.count == 2 ? parts[0] * 60 + parts[1] : 0
        return instant(day: day, minutes: minutes, timeZone: timeZone, dayStartsAt: dayStartsAt)
    }

    /// The moment `minutes` after a midnight: the vault day's own date, or the next date for a
    /// time before `dayStartsAt`. A time a daylight-saving change skips rings when the clocks have
    /// jumped (02:30 → 03:30); a time it repeats rings once, at its first occurrence.
    package static func instant(day: Day, minutes: Int, timeZone: TimeZone, dayStartsAt: Int) -> Date {
        let date = minutes < dayStartsAt ? day.adding(days: 1) : day
        let local = TimeInterval(date.ordinal * 86_400 + minutes * 60)
        // The zone's offsets half a day either side: any change near the time lies between them.
        let before = TimeInterval(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: local - 43_200)))
        let after = TimeInterval(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: local + 43_200)))
        let valid = [before, after].map { local - $0 }.filter {
            TimeInterval(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: $0))) == local - $0
        }
        return Date(timeIntervalSince1970: valid.min() ?? local - before)
    }
}
