import BrainFormat

/// `brain today --json`: a `DayOverview` in the documented JSON shape, every absent value `null`.
package struct DayOverviewReport: Hashable, Sendable, Codable {
    package struct Morning: Hashable, Sendable, Codable {
        package var done: Bool
        @Nullable package var mood: Int?
        @Nullable package var energy: Int?
        package var intentions: [String]
    }

    package struct Evening: Hashable, Sendable, Codable {
        @Nullable package var mood: Int?
        @Nullable package var reflection: String?
    }

    /// Momentum with its value and label (the day's view leaves out the counted days).
    package struct Momentum: Hashable, Sendable, Codable {
        @Rounded package var value: Double
        package var label: BrainAnalytics.Momentum.Label

        package init(_ momentum: BrainAnalytics.Momentum) {
            value = momentum.value
            label = momentum.label
        }
    }

    /// Done days against required days in the current period of a periodic habit.
    package struct Period: Hashable, Sendable, Codable {
        package var done: Int
        package var required: Int
    }

    /// One habit on the day.
    package struct Entry: Hashable, Sendable, Codable {
        package var id: String
        package var title: String
        @Nullable package var area: String?
        @Nullable package var stack: String?
        @Nullable package var after: String?
        @Nullable package var cue: String?
        package var kind: Habit.Kind
        package var every: String
        package var state: DayOverview.State
        package var due: Bool
        @Nullable package var reason: DayOverview.Reason?
        @Nullable package var value: Double?
        @Nullable package var target: Double?
        @Nullable package var unit: String?
        package var auto: Bool
        /// An auto-tracked habit's value against its rule's threshold, from the day's line.
        @Nullable package var progress: AutoProgress.Item?
        @Nullable package var note: String?
        package var streak: StreakSummary
        @Rounded package var strength: Double?
        @Nullable package var momentum: Momentum?
        @Nullable package var period: Period?

        package init(_ entry: DayOverview.Entry) {
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
    package struct Stack: Hashable, Sendable, Codable {
        package var name: String
        @Nullable package var anchor: String?
        package var habits: [String]
    }

    package var date: Day
    /// The weekday's name in lower case (`sunday`).
    package var weekday: String
    /// True when the day has a daily file.
    package var checkIn: Bool
    package var rest: Bool
    @Nullable package var restReason: String?
    /// Habits done of those due on the day (a habit still open counts as due).
    package var done: Int
    package var due: Int
    package var morning: Morning
    package var evening: Evening
    /// Every habit: the groups in order, then the habits not due.
    package var habits: [Entry]
    package var stacks: [Stack]
    @Nullable package var momentum: Momentum?
    package var pinned: [DayOverview.PinnedNote]
    @Nullable package var coach: String?

    package init(_ overview: DayOverview) {
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
