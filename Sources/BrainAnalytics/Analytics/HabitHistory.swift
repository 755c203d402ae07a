import BrainFormat

/// What a habit's check-in lines say, day by day: arrays indexed by `day.ordinal - start.ordinal`,
/// so analytics over ten years of days never hash a key in their inner loops.
package struct HabitHistory: Hashable, Sendable {
    /// The state of the line for the habit on a day.
    package enum Mark: UInt8, Hashable, Sendable {
        /// No line that day.
        case none
        /// `- [ ]`: listed but not done.
        case open
        /// `- [x]`
        case done
        /// `- [-]`: skipped; neither counts nor breaks a streak.
        case skipped

        /// The mark of a line in this state.
        package init(_ state: TaskItem.State) {
            switch state {
            case .open: self = .open
            case .done: self = .done
            case .skipped: self = .skipped
            }
        }
    }

    /// One day's line, for building a history by hand.
    package struct Entry: Hashable, Sendable {
        package var state: TaskItem.State
        package var value: Double?

        package init(_ state: TaskItem.State, value: Double? = nil) {
            self.state = state
            self.value = value
        }
    }

    /// The first day the arrays cover.
    package private(set) var start: Day
    package private(set) var marks: [Mark]
    /// The amount written on the line; NaN when none.
    package private(set) var values: [Double]
    /// Rest days (`rest: true` check-ins), shared by every habit.
    package private(set) var rest: [Bool]
    /// The last day that has happened (the clock's day), when known: a schedule asked about a
    /// later day stops here, so days after it are never due, missed or counted (docs/ANALYTICS.md,
    /// "The future"). nil: no limit (the asked-for day is the last day).
    package var now: Day?

    /// An empty history.
    package init() {
        start = Day(ordinal: 0)
        marks = []
        values = []
        rest = []
    }

    /// A history from entries by day and a set of rest days.
    package init(entries: [Day: Entry], restDays: Set<Day> = []) {
        let days = Array(entries.keys) + Array(restDays)
        guard let low = days.min(), let high = days.max() else {
            self.init()
            return
        }
        self.init(range: low...high)
        for (day, entry) in entries { set(day, entry) }
        for day in restDays { rest[day.ordinal - start.ordinal] = true }
    }

    /// A history from its arrays, all of one length, the first covering `start`.
    package init(start: Day, marks: [Mark], values: [Double], rest: [Bool]) {
        self.start = start
        self.marks = marks
        self.values = values
        self.rest = rest
    }

    private init(range: ClosedRange<Day>) {
        start = range.lowerBound
        let count = range.upperBound.ordinal - range.lowerBound.ordinal + 1
        marks = Array(repeating: .none, count: count)
        values = Array(repeating: .nan, count: count)
        rest = Array(repeating: false, count: count)
    }

    private mutating func set(_ day: Day, _ entry: Entry) {
        let index = day.ordinal - start.ordinal
        marks[index] = Mark(entry.state)
        values[index] = entry.value ?? .nan
    }

    /// Habit lines reduced to what a history keeps, in check-in order: each line's habit slot (its
    /// place in the keys), mark and amount. The lines of check-in `i` start at `first[i]`.
    package struct Lines {
        package init() {}

        package var slots: [Int32] = []
        package var marks: [Mark] = []
        package var values: [Double] = []
        package var first: [Int] = []

        /// The next lines belong to the next check-in.
        package mutating func startCheckIn() {
            first.append(slots.count)
        }

        package mutating func append(slot: Int32, state: TaskItem.State, value: Double?) {
            slots.append(slot)
            marks.append(Mark(state))
            values.append(value ?? .nan)
        }

        /// Drops the lines from `count` on (a file whose lines turned out bad).
        package mutating func truncate(to count: Int) {
            slots.removeSubrange(count...)
            marks.removeSubrange(count...)
            values.removeSubrange(count...)
        }

        package func range(of checkIn: Int) -> Range<Int> {
            first[checkIn]..<(checkIn + 1 < first.count ? first[checkIn + 1] : slots.count)
        }
    }

    /// Histories of every habit named in the check-ins, keyed by lower-cased habit id. When a habit
    /// has two lines on one day the last wins; two check-ins for one day are read in the given order.
    package static func build(from checkIns: [CheckIn]) -> [String: HabitHistory] {
        // Each line's slot (its habit's place in `keys`); each spelling lower-cased once.
        var slotOf: [String: Int32] = [:]
        var slotByKey: [String: Int32] = [:]
        var keys: [String] = []
        var lines = Lines()
        for checkIn in checkIns {
            lines.startCheckIn()
            for line in checkIn.habitLines {
                if let known = slotOf[line.habit] {
                    lines.append(slot: known, state: line.state, value: line.value)
                    continue
                }
                let key = line.habitKey
                let slot = slotByKey[key] ?? Int32(keys.count)
                if slot == Int32(keys.count) {
                    slotByKey[key] = slot
                    keys.append(key)
                }
                slotOf[line.habit] = slot
                lines.append(slot: slot, state: line.state, value: line.value)
            }
        }
        let order = checkIns.indices.sorted { (checkIns[$0].day, $0) < (checkIns[$1].day, $1) }
        return build(checkIns, order: order, lines: lines, keys: keys)
    }

    /// The histories of check-ins read in `order` (by day; the given order within a day, so that
    /// the last line of a day wins), their lines given by `lines` and each line's habit by its
    /// slot in `keys` (lower-cased ids). Arrays are filled by position; no key is hashed per line.
    package static func build(_ checkIns: [CheckIn], order: [Int], lines: Lines, keys: [String]) -> [String: HabitHistory] {
        guard let first = order.first, let last = order.last else { return [:] }
        let low = checkIns[first].day.ordinal
        let count = checkIns[last].day.ordinal - low + 1
        var rest = [Bool](repeating: false, count: count)
        for checkIn in checkIns where checkIn.rest { rest[checkIn.day.ordinal - low] = true }
        var marks = [[Mark]](repeating: [], count: keys.count)
        var values = [[Double]](repeating: [], count: keys.count)
        for position in order {
            let offset = checkIns[position].day.ordinal - low
            for at in lines.range(of: position) {
                let slot = Int(lines.slots[at])
                if marks[slot].isEmpty {
                    marks[slot] = [Mark](repeating: .none, count: count)
                    values[slot] = [Double](repeating: .nan, count: count)
                }
                marks[slot][offset] = lines.marks[at]
                values[slot][offset] = lines.values[at]
            }
        }
        var result: [String: HabitHistory] = [:]
        for slot in keys.indices where !marks[slot].isEmpty {
            result[keys[slot]] = HabitHistory(start: Day(ordinal: low), marks: marks[slot], values: values[slot], rest: rest)
        }
        return result
    }

    /// The history of one habit (`id` compared lower-cased), with every rest day of the check-ins.
    package static func build(habit id: String, from checkIns: [CheckIn]) -> HabitHistory {
        let all = build(from: checkIns.map { checkIn in
            var only = checkIn
            only.habitLines = checkIn.habitLines.filter { $0.habitKey == id.lowercased() }
            return only
        })
        if let history = all[id.lowercased()] { return history }
        let restDays = Set(checkIns.filter(\.rest).map(\.day))
        return HabitHistory(entries: [:], restDays: restDays)
    }

    /// A history without lines over `first...end`, with the rest days of `checkIns` (a habit's
    /// first line in a journal whose other habits' histories cover those days).
    package static func empty(from first: Day, through end: Day, restDays checkIns: [CheckIn]) -> HabitHistory {
        var history = HabitHistory(range: first...end)
        for checkIn in checkIns where checkIn.rest && first <= checkIn.day && checkIn.day <= end {
            history.rest[checkIn.day.ordinal - first.ordinal] = true
        }
        return history
    }

    /// Covers the days up to `day` too (without lines, not rest days).
    package mutating func extend(through day: Day) {
        let more = day.ordinal - start.ordinal + 1 - marks.count
        guard more > 0 else { return }
        marks += repeatElement(.none, count: more)
        values += repeatElement(.nan, count: more)
        rest += repeatElement(false, count: more)
    }

    /// The line of `day` (a day the arrays cover): its mark and amount, none for no line.
    package mutating func set(_ mark: Mark, value: Double?, on day: Day) {
        let index = day.ordinal - start.ordinal
        marks[index] = mark
        values[index] = mark == .none ? .nan : value ?? .nan
    }

    /// Whether `day` (a day the arrays cover) is a rest day.
    package mutating func setRest(_ isRest: Bool, on day: Day) {
        rest[day.ordinal - start.ordinal] = isRest
    }

    /// The last day the arrays cover.
    package var end: Day { Day(ordinal: start.ordinal + marks.count - 1) }

    package func mark(on day: Day) -> Mark {
        let index = day.ordinal - start.ordinal
        return index >= 0 && index < marks.count ? marks[index] : .none
    }

    package func value(on day: Day) -> Double? {
        let index = day.ordinal - start.ordinal
        guard index >= 0, index < values.count, !values[index].isNaN else { return nil }
        return values[index]
    }

    package func isRest(_ day: Day) -> Bool {
        let index = day.ordinal - start.ordinal
        return index >= 0 && index < rest.count && rest[index]
    }

    /// The first day with a line for the habit.
    package var firstLogged: Day? {
        marks.firstIndex(where: { $0 != .none }).map { Day(ordinal: start.ordinal + $0) }
    }

    /// The last day with a line for the habit.
    package var lastLogged: Day? {
        marks.lastIndex(where: { $0 != .none }).map { Day(ordinal: start.ordinal + $0) }
    }

    package static func == (lhs: HabitHistory, rhs: HabitHistory) -> Bool {
        // NaN != NaN, so compare values by bit pattern.
        lhs.start == rhs.start && lhs.marks == rhs.marks && lhs.rest == rhs.rest
            && lhs.values.map(\.bitPattern) == rhs.values.map(\.bitPattern)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(start)
        hasher.combine(marks)
        hasher.combine(rest)
        hasher.combine(values.map(\.bitPattern))
    }
}
