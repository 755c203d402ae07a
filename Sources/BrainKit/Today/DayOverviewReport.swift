/// `brain today --json`: a `DayOverview` in the documented JSON shape, every absent value `null`.
public struct DayOverviewReport: Hashable, Sendable, Codable {
    public struct Morning: Hashable, Sendable, Codable {
        public var done: Bool
        @Nullable public var mood: Int?
        @Nullable public var energy: Int?
        public var intentions: [String]
    }

    public struct Evening: Hashable, Sendable, Codable {
        @Nullable public var mood: Int?
        @Nullable public var reflection: String?
    }

    /// Momentum with its value and label (the day's view leaves out the counted days).
    public struct Momentum: Hashable, Sendable, Codable {
        @Rounded public var value: Double
        public var label: BrainKit.Momentum.Label

        init(_ momentum: BrainKit.Momentum) {
            value = momentum.value
            label = momentum.label
        }
    }

    /// Done days against required days in the current period of a periodic habit.
    public struct Period: Hashable, Sendable, Codable {
        public var done: Int
        public var required: Int
    }

    /// One habit on the day.
    public struct Entry: Hashable, Sendable, Codable {
        public var id: String
        public var title: String
        @Nullable public var area: String?
        @Nullable public var stack: String?
        @Nullable public var after: String?
        @Nullable public var cue: String?
        public var kind: Habit.Kind
        public var every: String
        public var state: DayOverview.State
        public var due: Bool
        @Nullable public var reason: DayOverview.Reason?
        @Nullable public var value: Double?
        @Nullable public var target: Double?
        @Nullable public var unit: String?
        public var auto: Bool
        /// An auto-tracked habit's value against its rule's threshold, from the day's line.
        @Nullable public var progress: AutoProgress.Item?
        @Nullable public var note: String?
        public var streak: StreakSummary
        @Rounded public var strength: Double?
        @Nullable public var momentum: Momentum?
        @Nullable public var period: Period?

        init(_ entry: DayOverview.Entry) {
            id = entry.id
            title = entry.title
            area = entry.area
            stack = entry.stack
            after = entry.after
            cue = entry.cue
            kind = entry.kind
            every = entry.every
            state = entry.state
            due = entry.due
            reason = entry.reason
            value = entry.value
            target = entry.target
            unit = entry.unit
            auto = entry.auto
            progress = entry.progress
            note = entry.note
            streak = StreakSummary(entry.streak)
            strength = entry.strength
            momentum = entry.momentum.map(Momentum.init)
            period = entry.periodDone.flatMap { done in entry.periodRequired.map { Period(done: done, required: $0) } }
        }
    }

    /// A habit stack in chain order.
    public struct Stack: Hashable, Sendable, Codable {
        public var name: String
        @Nullable public var anchor: String?
        public var habits: [String]
    }

    public var date: Day
    /// The weekday's name in lower case (`sunday`).
    public var weekday: String
    /// True when the day has a daily file.
    public var checkIn: Bool
    public var rest: Bool
    @Nullable public var restReason: String?
    /// Habits done of those due on the day (a habit still open counts as due).
    public var done: Int
    public var due: Int
    public var morning: Morning
    public var evening: Evening
    /// Every habit: the groups in order, then the habits not due.
    public var habits: [Entry]
    public var stacks: [Stack]
    @Nullable public var momentum: Momentum?
    public var pinned: [DayOverview.PinnedNote]
    @Nullable public var coach: String?

    public init(_ overview: DayOverview) {
        date = overview.day
        weekday = overview.day.weekday.name.lowercased()
        checkIn = overview.hasCheckIn
        rest = overview.rest
        restReason = overview.restReason
        done = overview.tally.done
        due = overview.tally.due
        morning = Morning(done: overview.morning.done, mood: overview.morning.mood, energy: overview.morning.energy,
                          intentions: overview.morning.intentions)
        evening = Evening(mood: overview.evening.mood, reflection: overview.evening.reflection)
        habits = overview.entries.map(Entry.init)
        stacks = overview.groups.compactMap { group in
            group.stack.map { Stack(name: $0, anchor: group.anchor, habits: group.entries.map(\.id)) }
        }
        momentum = overview.momentum.map(Momentum.init)
        pinned = overview.pinned
        coach = overview.coach
    }
}
