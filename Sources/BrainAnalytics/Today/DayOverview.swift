import BrainFormat

/// The day at a glance (`brain today`): the morning check-in, every habit with its state for the
/// day grouped by stack, the evening reflection, pinned notes and a coach line. A pure value:
/// built from habits, check-ins and the day, it reads no clock.
public struct DayOverview: Hashable, Sendable, Codable {
    /// How a habit stands on the day.
    public enum State: String, Hashable, Sendable, Codable {
        case done, skipped, open
        case notDue = "not due"
    }

    /// Why a habit is not due on the day.
    public enum Reason: String, Hashable, Sendable, Codable {
        /// Not one of its scheduled days (Saturday for `weekdays`).
        case off
        /// A periodic habit whose quota for the period is already reached.
        case quotaMet = "quota met"
        /// A past day of a periodic habit whose quota was still open: a day not done is no miss,
        /// the period is judged whole (docs/ANALYTICS.md, "One day, one count").
        case quotaOpen = "quota open"
        /// The check-in says `rest: true`.
        case rest
        /// Inside a `paused:` period or `status: paused`.
        case paused
        /// Before its first day (`created`, or never logged).
        case notStarted = "not started"
        /// A day that has not happened yet (after the clock's day): nothing is due or missed on it.
        case upcoming = "not yet"
    }

    /// One habit on the day.
    public struct Entry: Hashable, Sendable, Codable {
        public var id: String
        public var title: String
        public var area: String?
        public var stack: String?
        public var after: String?
        public var cue: String?
        public var kind: Habit.Kind
        /// The frequency as written in canonical form (`day`, `3/week`).
        public var every: String
        public var state: State
        /// Due per docs/ANALYTICS.md section 1 (a skipped day is not due).
        public var due: Bool
        public var reason: Reason?
        /// The amount on the day's line (steps for an auto-tracked habit).
        public var value: Double?
        /// The target: the auto rule's threshold for auto-tracked habits, else `target:`.
        public var target: Double?
        public var unit: String?
        /// True for an auto-tracked habit (`auto:`).
        public var auto: Bool
        /// An auto-tracked habit's value against its threshold (`6,210 of 8,000 steps`).
        public var progress: AutoProgress.Item?
        /// The note of the day's line (a skip reason).
        public var note: String?
        public var streak: Streaks
        /// Loop's score on the day, 0–1.
        public var strength: Double?
        public var momentum: Momentum?
        /// Done days and required days in the current period of an `N/week`, `N/month` or `N in M days` habit.
        public var periodDone: Int?
        public var periodRequired: Int?
        /// A quit habit's day in the words every view uses: held, over the limit, not logged.
        package var word: String?

        /// The day's amount as `brain today` and the report show it, one format for typed and
        /// auto-tracked values (`Quantity.progress`): `12 of 20 pages`, `— of 20 pages` (nothing
        /// logged yet), `6,872 of 8,000 steps`, `1 of 3 this week`, or "".
        public var progressText: String {
            if let progress { return progress.text }
            if let target { return Quantity.progress(value, of: target, unit: unit) }
            if let periodDone, let periodRequired {
                let period: String
                switch streak.unit {
                case .weeks: period = "this week"
                case .months: period = "this month"
                default: period = "this block"
                }
                return "\(periodDone) of \(periodRequired) \(period)"
            }
            return ""
        }
    }

    /// Habits shown together: a stack in chain order, or (stack nil) the habits of no stack.
    public struct Group: Hashable, Sendable, Codable {
        public var stack: String?
        /// The event the stack starts from (`wake-up`).
        public var anchor: String?
        public var entries: [Entry]
    }

    /// The morning check-in: mood, energy and intentions.
    public struct Morning: Hashable, Sendable, Codable {
        /// True when the check-in has a mood, an energy or an intention.
        public var done: Bool
        public var mood: Int?
        public var energy: Int?
        public var intentions: [String]
    }

    /// The evening check-in: mood and reflection.
    public struct Evening: Hashable, Sendable, Codable {
        public var mood: Int?
        public var reflection: String?
    }

    /// A pinned note listed under the day.
    public struct PinnedNote: Hashable, Sendable, Codable {
        public var path: String
        public var title: String

        public init(path: String, title: String) {
            self.path = path
            self.title = title
        }
    }

    public var day: Day
    /// True when a check-in file exists for the day.
    public var hasCheckIn: Bool
    public var rest: Bool
    public var restReason: String?
    public var morning: Morning
    public var evening: Evening
    /// Habits due, skipped or done on the day: stacks first (in the order of the day, each in chain
    /// order), then the rest by area and title.
    public var groups: [Group]
    /// Habits not due on the day (and not done), by area and title. Archived habits are left out.
    public var notDue: [Entry]
    /// Habits done of those due on the day (`DayTally`: a habit still open counts as due), the
    /// count `days`, `week` and `month` give for the same day.
    package var tally: DayTally
    /// Momentum over every habit as of the day.
    public var momentum: Momentum?
    public var pinned: [PinnedNote]
    /// One line of encouragement grounded in the data (see `DayCoach`).
    public var coach: String?

    /// Every entry: the groups in order, then the habits not due.
    public var entries: [Entry] { groups.flatMap(\.entries) + notDue }

    /// The overview of `day`. `checkIns` carry habit lines naming habit ids (as `Journal` gives them);
    /// `detail` is the day's check-in read from its file, for intentions and the reflection.
    public init(day: Day, habits: [Habit], checkIns: [CheckIn], weekStart: Weekday = .monday,
                detail: CheckIn? = nil, pinned: [PinnedNote] = []) {
        self.init(day: day, habits: habits, checkIns: checkIns, histories: HabitHistory.build(from: checkIns),
                  weekStart: weekStart, detail: detail, pinned: pinned)
    }

    /// The overview of `day` from a journal (its histories are reused).
    public init(journal: Journal, day: Day, detail: CheckIn? = nil, pinned: [PinnedNote] = []) {
        self.init(day: day, habits: journal.habits, checkIns: journal.checkIns, histories: journal.histories,
                  weekStart: journal.weekStart, detail: detail, pinned: pinned,
                  schedules: journal.hasUniqueHabitKeys ? journal.schedules(today: day) : nil, now: journal.now)
    }

    /// The overview without each habit's strength (`Entry.strength` nil): for the status line,
    /// which never shows it and reads only recent days, where a strength would be wrong anyway.
    public init(journal: Journal, day: Day, strengths: Bool) {
        self.init(day: day, habits: journal.habits, checkIns: journal.checkIns, histories: journal.histories,
                  weekStart: journal.weekStart, detail: nil, pinned: [], strengths: strengths, now: journal.now)
    }

    package init(day: Day, habits: [Habit], checkIns: [CheckIn], histories: [String: HabitHistory], weekStart: Weekday,
         detail: CheckIn?, pinned: [PinnedNote], strengths: Bool = true, schedules known: [String: Schedule]? = nil,
         now: Day? = nil) {
        self.day = day
        let checkIn = checkIns.last { $0.day == day }
        hasCheckIn = checkIn != nil || detail != nil
        rest = checkIn?.rest ?? detail?.rest ?? false
        restReason = checkIn?.restReason ?? detail?.restReason
        let mood = checkIn?.mood ?? detail?.mood
        let energy = checkIn?.energy ?? detail?.energy
        let intentions = detail?.intentions ?? checkIn?.intentions ?? []
        morning = Morning(done: mood != nil || energy != nil || !intentions.isEmpty, mood: mood, energy: energy,
                          intentions: intentions)
        evening = Evening(mood: checkIn?.eveningMood ?? detail?.eveningMood, reflection: detail?.reflection ?? checkIn?.reflection)
        self.pinned = pinned

        let restDays = Set(checkIns.filter(\.rest).map(\.day))
        let lines = checkIn?.lines ?? [:]
        var shown: [Entry] = []
        var waiting: [Entry] = []
        var schedules: [Schedule] = []
        var shownHabits: [Habit] = []
        for habit in habits {
            let key = habit.id.lowercased()
            var history = histories[key] ?? HabitHistory(entries: [:], restDays: restDays)
            history.now = now
            // The journal's schedules of the day when given (a habit with nothing ever due has none).
            let schedule = known.map { $0[key] } ?? Schedule(habit: habit, history: history, today: day, weekStart: weekStart)
            if let schedule { schedules.append(schedule) }
            guard let entry = DayOverview.entry(habit, schedule: schedule, line: lines[key], day: day, strength: strengths) else { continue }
            shownHabits.append(habit)
            if entry.state == .notDue { waiting.append(entry) } else { shown.append(entry) }
        }
        // The day's summary leaves out habits that have ended (archived): they are no one's fire.
        momentum = Momentum(schedules: schedules.filter { !$0.hasEnded }, today: day)
        tally = DayTally(schedules, on: day)

        var groups: [Group] = []
        var placed = Set<String>()
        for stack in HabitStack.stacks(of: shownHabits) {
            let entries = stack.steps.compactMap { step in shown.first { $0.id == step.id } }
            placed.formUnion(stack.steps.map { $0.id.lowercased() })
            if !entries.isEmpty { groups.append(Group(stack: stack.name, anchor: stack.anchor, entries: entries)) }
        }
        let rest = shown.filter { !placed.contains($0.id.lowercased()) }.sorted(by: DayOverview.byAreaAndTitle)
        if !rest.isEmpty { groups.append(Group(stack: nil, anchor: nil, entries: rest)) }
        self.groups = groups
        notDue = waiting.sorted(by: DayOverview.byAreaAndTitle)
        coach = DayCoach.line(for: self)
    }

    /// The entry of the habit `id` on `day` as `init(journal:day:)` makes it, at the cost of that
    /// habit alone (a client showing one habit's row after a write); nil when there is no such
    /// habit, two habits' ids differ only by case, or the overview leaves it out.
    package static func entry(of id: String, journal: Journal, day: Day) -> Entry? {
        guard journal.hasUniqueHabitKeys, let habit = journal.habit(id) else { return nil }
        var history = journal.history(of: habit.id)
        history.now = journal.now
        let schedule = Schedule(habit: habit, history: history, today: day, weekStart: journal.weekStart)
        return entry(habit, schedule: schedule, line: journal.checkIn(on: day)?.lines[habit.id.lowercased()], day: day)
    }

    /// One habit's entry, or nil when the habit has ended (archived) and has no line on the day.
    package static func entry(_ habit: Habit, schedule: Schedule?, line: HabitLine?, day: Day, strength: Bool = true) -> Entry? {
        let archived = habit.status == .archived || habit.archived.map { day >= $0 } ?? false
        if archived, line == nil { return nil }
        let isPaused = habit.status == .paused || habit.paused.contains { $0.contains(day) }
        var state: State
        var due = false
        var reason: Reason?
        if let schedule {
            // The one status of the day (`DayStatus`), which every view counts the same way.
            let status = schedule.status(on: day)
            due = status.isDue
            switch status {
            case .done, .doneNotDue: state = .done
            case .skipped: state = .skipped
            case .open, .missed: state = .open
            case .rest: state = .notDue; reason = .rest
            case .paused: state = .notDue; reason = .paused
            case .notDue:
                state = .notDue
                // A past day of a quota still open then: not due that day (its period is judged whole).
                reason = schedule.kind(on: day) != .due ? .off : schedule.isDue(on: day) ? .quotaOpen : .quotaMet
            case .inactive:
                if line?.state == .done { state = .done } else if line?.state == .skipped { state = .skipped } else {
                    if archived { return nil }
                    state = .notDue
                    // A day after the clock's day has not happened: not a miss, not yet due.
                    reason = isPaused ? .paused : day > schedule.today && day >= schedule.first ? .upcoming : .notStarted
                }
            }
        } else {
            switch line?.state {
            case .done?: state = .done
            case .skipped?: state = .skipped
            default:
                state = .notDue
                reason = isPaused ? .paused : .notStarted
            }
        }
        var entry = Entry(id: habit.id, title: habit.title, area: habit.area, stack: habit.stack, after: habit.after,
                          cue: habit.cue, kind: habit.kind, every: habit.frequency.description, state: state, due: due,
                          reason: reason, value: line?.value,
                          target: habit.auto.flatMap { $0.atLeast ?? $0.atMost } ?? habit.target,
                          unit: habit.unit ?? line?.unit ?? habit.auto?.metric, auto: habit.auto != nil,
                          note: line?.note, streak: Streaks(current: 0, best: 0, unit: Streaks.unit(of: habit.frequency)))
        entry.progress = AutoProgress.item(habit, line: line)
        if let schedule {
            entry.word = schedule.quitWord(on: day)
            entry.streak = Streaks(schedule: schedule)
            if strength { entry.strength = HabitStrength.scores(schedule).last }
            entry.momentum = Momentum(schedules: [schedule], today: day)
            if let period = schedule.periods().last(where: { $0.start <= day && day <= $0.end }) {
                entry.periodDone = period.done
                entry.periodRequired = period.required
            }
        }
        return entry
    }

    /// Area (habits without one last), then title, then id.
    public static func byAreaAndTitle(_ a: Entry, _ b: Entry) -> Bool {
        switch (a.area?.lowercased(), b.area?.lowercased()) {
        case let (left?, right?) where left != right: return left < right
        case (nil, _?): return false
        case (_?, nil): return true
        default:
            let left = a.title.lowercased(), right = b.title.lowercased()
            return left != right ? left < right : a.id.lowercased() < b.id.lowercased()
        }
    }
}

extension DayOverview.Entry {
    package init(id: String, title: String, area: String?, stack: String?, after: String?, cue: String?, kind: Habit.Kind,
         every: String, state: DayOverview.State, due: Bool, reason: DayOverview.Reason?, value: Double?,
         target: Double?, unit: String?, auto: Bool, note: String?, streak: Streaks) {
        self.id = id
        self.title = title
        self.area = area
        self.stack = stack
        self.after = after
        self.cue = cue
        self.kind = kind
        self.every = every
        self.state = state
        self.due = due
        self.reason = reason
        self.value = value
        self.target = target
        self.unit = unit
        self.auto = auto
        self.note = note
        self.streak = streak
    }
}
