import BrainFormat
import BrainAnalytics
import BrainStore

/// Everything `brain report` shows, computed from the vault as of one day over a range: the day at
/// a glance, a contribution grid per habit and for all habits, streaks, strength history and
/// momentum, the organism, area vitality and the identity score, goals with their pace, mood and
/// energy, the habits linked to good days, pinned notes and tags. Each fact comes from the model the
/// terminal views use (`DayOverview`, `HabitStatsTable`, `AreasView`, `GoalsView`, `TagList`,
/// `HeatmapLevels`, `HabitStrength`, `MoodInsights`), so the report and `brain` say it alike.
package struct VaultReport: Sendable {
    /// How far back the grids, the strength history and the mood chart reach.
    package enum Range: String, CaseIterable, Hashable, Sendable, Codable {
        case year, quarter, month

        /// Days in the range, ending on the report's day: 365, 90, 30 (the windows of `brain stats`).
        package var days: Int {
            switch self {
            case .year: return 365
            case .quarter: return 90
            case .month: return 30
            }
        }

        /// The rate window of `brain stats` over the same days.
        package var statsRange: HabitStatsTable.Range {
            switch self {
            case .year: return .year
            case .quarter: return .quarter
            case .month: return .month
            }
        }
    }

    /// One habit over the range.
    package struct HabitSection: Sendable {
        package var id: String
        package var title: String
        package var area: String?
        /// The frequency in canonical form (`day`, `3/week`).
        package var every: String
        package var status: Habit.Status
        /// `HeatmapLevels.habit` for each day of the range, oldest first; nil before the habit's first day.
        package var levels: [Int?]
        /// Done days in the range.
        package var doneDays: Int
        package var row: HabitStatsTable.Row
        /// Loop's score on each day of the range (nil before the habit's first day).
        package var strength: [Double?]
    }

    /// Mean mood and energy of one day (a month's report) or one week.
    package struct MoodPoint: Hashable, Sendable {
        package var start: Day
        package var mood: Double?
        package var energy: Double?
    }

    package var title: String
    package var date: Day
    package var range: Range
    /// The first day of the range.
    package var from: Day
    package var weekStart: Weekday
    package var today: DayOverview
    /// All habits together: `HeatmapLevels.share` for each day of the range.
    package var allLevels: [Int]
    /// Habits done and due on each day of the range (`DayTally`).
    package var allCounts: [(done: Int, due: Int)]
    /// The rest days of the range.
    package var restDays: Set<Day>
    /// Habit-days done and due in the range.
    package var allDone: Int
    package var allDue: Int
    package var habits: [HabitSection]
    package var areas: AreasView
    package var organism: Organism
    package var goals: GoalsView
    /// Days for a month, weeks (from `weekStart`) for a quarter or a year.
    package var mood: [MoodPoint]
    package var moodByWeek: Bool
    /// Habits whose done days have a better mean mood than their missed days (`brain stats`).
    package var goodDays: [HabitStatsTable.GoodDay]
    package var pinned: [DayOverview.PinnedNote]
    /// The most used tags, most first (at most `tagLimit`), and how many tags there are in all.
    package var tags: [TagList.Entry]
    package var tagCount: Int

    package static let tagLimit = 40

    /// The days of the range, oldest first.
    package var days: [Day] { (0..<range.days).map { from.adding(days: $0) } }

    /// The report of the vault as of `date`. `title` names it (the vault's folder).
    package init(index: VaultIndex, journal: Journal, date: Day, range: Range, title: String) {
        self.title = title
        self.date = date
        self.range = range
        let from = date.adding(days: -(range.days - 1))
        self.from = from
        weekStart = journal.weekStart
        today = DayOverview(index: index, journal: journal, day: date)

        let schedules = journal.schedules(today: date)
        let ordered = journal.ordered(schedules)
        let days = (0..<range.days).map { from.adding(days: $0) }
        var (done, due) = (0, 0)
        var levels: [Int] = []
        var counts: [(done: Int, due: Int)] = []
        for day in days {
            let tally = HeatmapLevels.tally(ordered, on: day)
            done += tally.done
            due += tally.due
            levels.append(HeatmapLevels.share(done: tally.done, due: tally.due))
            counts.append(tally)
        }
        (allLevels, allCounts, allDone, allDue) = (levels, counts, done, due)
        restDays = Set(journal.checkIns.filter { $0.rest && $0.day >= from && $0.day <= date }.map(\.day))

        let table = HabitStatsTable(journal: journal, today: date, range: range.statsRange)
        let rows = Dictionary(table.habits.map { ($0.id.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        habits = journal.habits.compactMap { habit in
            guard let schedule = schedules[habit.id.lowercased()], let row = rows[habit.id.lowercased()] else { return nil }
            let scores = HabitStrength.scores(schedule)
            let levels = days.map { HeatmapLevels.habit(schedule, on: $0) }
            return HabitSection(id: habit.id, title: habit.title, area: habit.area, every: habit.frequency.description,
                                status: habit.status, levels: levels,
                                doneDays: schedule.doneCount(from: days[0], through: date), row: row,
                                strength: days.map { day in schedule.index(of: day).flatMap { $0 < scores.count ? scores[$0] : nil } })
        }
        goodDays = table.goodDays

        areas = AreasView(journal: journal, today: date)
        organism = VaultReport.organism(journal: journal, areas: areas, today: today, rows: rows)
        goals = GoalsView(journal: journal, today: date)

        moodByWeek = range != .month
        if moodByWeek {
            mood = MoodInsights.weeks(checkIns: journal.checkIns, from: from, through: date, weekStart: journal.weekStart)
                .map { MoodPoint(start: $0.start, mood: $0.mood, energy: $0.energy) }
        } else {
            var byDay: [Day: CheckIn] = [:]
            for checkIn in journal.checkIns where checkIn.day >= from && checkIn.day <= date { byDay[checkIn.day] = checkIn }
            mood = days.map { day in
                MoodPoint(start: day, mood: byDay[day]?.mood.map(Double.init), energy: byDay[day]?.energy.map(Double.init))
            }
        }
        pinned = today.pinned
        let tags = TagList(index: index, sort: .count).tags
        self.tags = Array(tags.prefix(VaultReport.tagLimit))
        tagCount = tags.count
    }

    /// The organism of the day: a limb per area (in the journal's order) with its vitality, a leaf
    /// per habit of the area that is on today's page (done today or not), sized by its strength;
    /// habits of no known area grow on the stem. Calm on a rest day. Seeded by the area and habit ids.
    package static func organism(journal: Journal, areas: AreasView, today: DayOverview, rows: [String: HabitStatsTable.Row]) -> Organism {
        let entries = today.entries
        func leaf(_ entry: DayOverview.Entry) -> Organism.LeafInput {
            Organism.LeafInput(habit: entry.id, title: entry.title, done: entry.state == .done,
                               strength: rows[entry.id.lowercased()]?.strength ?? entry.strength)
        }
        var placed = Set<String>()
        let branches = areas.areas.map { area in
            let key = area.id.lowercased()
            let leaves = entries.filter { $0.area.map(LinkTarget.key) == key }.map(leaf)
            placed.formUnion(leaves.map { $0.habit.lowercased() })
            return Organism.Branch(area: area.id, title: area.title, vitality: area.consistency, leaves: leaves)
        }
        let loose = entries.filter { !placed.contains($0.id.lowercased()) }.map(leaf)
        let seed = Organism.seed(areas.areas.map(\.id) + journal.habits.map(\.id))
        return Organism(branches: branches, loose: loose, restDay: today.rest, seed: seed)
    }
}
