/// The day in one short line, for a shell prompt, tmux or a desktop bar (`brain status`):
/// "3/5 done · momentum strong · read 20d". Its fields are `StatusField.all`; a template
/// (`StatusTemplate`) arranges them.
///
/// Built to be fast on a vault of any size: `load` reads the habit files and the daily files of the
/// last weeks only, never the index of every note, and reads further back only while a streak
/// reaches the start of what it read.
public struct StatusLine: Sendable {
    /// The longest current streak: the habit and its streak (only the current one: the best
    /// streak would need all history).
    public struct Lead: Hashable, Sendable {
        public var habit: String
        public var title: String
        public var current: Int
        public var unit: Streaks.Unit
        public var blockDays: Int?
        /// The first day of the unit that started it.
        public var since: Day?

        /// `20d`, `3w`, `2mo`, `4×5d`.
        public var compact: String {
            StatusLine.compact(Streaks(current: current, best: current, unit: unit, blockDays: blockDays))
        }
    }

    public var day: Day
    /// The day as `brain today` shows it (done and due, momentum, check-in, habits by stack),
    /// computed from the days read: its per-habit strength is not shown, as it needs all history.
    public var overview: DayOverview
    /// The habit whose current streak covers the most days (ties: the longer count, then the
    /// habits' order); nil when no streak is running.
    public var lead: Lead?
    /// How many days back the daily files were read (for tests and `--json`).
    public var daysRead: Int

    public init(overview: DayOverview, daysRead: Int) {
        day = overview.day
        self.overview = overview
        self.daysRead = daysRead
        var best: (span: Int, count: Int, lead: Lead)?
        for entry in overview.entries where entry.streak.current > 0 {
            let span = StatusLine.span(entry.streak, day: overview.day)
            if best == nil || span > best!.span || (span == best!.span && entry.streak.current > best!.count) {
                let streak = entry.streak
                best = (span, streak.current, Lead(habit: entry.id, title: entry.title, current: streak.current, unit: streak.unit,
                                                   blockDays: streak.blockDays, since: streak.currentSince))
            }
        }
        lead = best?.lead
    }

    /// Days a streak covers: from the day it started through `day`.
    static func span(_ streak: Streaks, day: Day) -> Int {
        if let since = streak.currentSince { return since.distance(to: day) + 1 }
        switch streak.unit {
        case .days: return streak.current
        case .weeks: return streak.current * 7
        case .months: return streak.current * 30
        case .blocks: return streak.current * (streak.blockDays ?? 1)
        }
    }

    /// A streak in a few characters: `20d`, `3w`, `2mo`, `4×5d` (four blocks of five days).
    public static func compact(_ streak: Streaks) -> String {
        switch streak.unit {
        case .days: return "\(streak.current)d"
        case .weeks: return "\(streak.current)w"
        case .months: return "\(streak.current)mo"
        case .blocks: return "\(streak.current)×\(streak.blockDays ?? 1)d"
        }
    }

    /// At least this many days are read: momentum's 21 days and a week; a habit's rhythm may ask
    /// for more (`readDays(for:)`).
    public static let minimumDays = 28

    /// The days a habit needs read for today's state and momentum: its current and previous
    /// period and a week (a monthly habit 69, `N in M days` 2M + 7, `every N days` 2N + 7).
    static func readDays(for frequency: Frequency) -> Int {
        switch frequency {
        case .perMonth: return 69
        case .inDays(_, let block): return 2 * block + 7
        case .everyNDays(let every): return 2 * every + 7
        default: return minimumDays
        }
    }

    /// The longest a habit's unit of streak or rhythm spans: a streak whose unit began within this
    /// many days of the first day read may have begun before it.
    static func unitDays(for frequency: Frequency) -> Int {
        switch frequency {
        case .perMonth: return 31
        case .inDays(_, let block): return block
        case .everyNDays(let every): return max(every, 7)
        default: return 7
        }
    }

    /// Frequencies whose days do not depend on the habit's first day (`every N days` keeps its
    /// rhythm from `created`, `N in M days` its blocks from the first day): for these the first day
    /// can be moved up to the first day read without changing anything read.
    static func isCalendarBound(_ frequency: Frequency) -> Bool {
        switch frequency {
        case .inDays, .everyNDays: return false
        default: return true
        }
    }

    /// The status of `day` from `vault`'s files. Reads the habit files and the daily files of the
    /// last `minimumDays` days or more as a habit's rhythm needs (`readDays(for:)`; daily files named
    /// `YYYY-MM-DD.md`, any other daily file is always read), and reads twice as far back, each file
    /// once, while a streak reaches back to the first day read. `every N days` and `N in M days`
    /// without `created:` read every day.
    public static func load(vault: Vault, day: Day) -> StatusLine {
        if vault.hasInterruptedChange {
            // Finishing a cut-short change takes the lock and the whole index.
            let journal = Journal(index: VaultIndex.open(vault))
            let first = journal.checkIns.first?.day ?? day
            return StatusLine(overview: DayOverview(journal: journal, day: day), daysRead: max(1, first.distance(to: day) + 1))
        }
        let folders = vault.config.folders
        func files(_ folder: String) -> [String] {
            vault.fileSystem.markdownFiles(under: VaultPaths.join(vault.root, folder), stamps: false)
                .map { folder + "/" + $0.path }.filter { !vault.isTemplate($0) }
        }
        var dated: [(day: Day, path: String)] = []
        var undated: [String] = []
        for path in files(folders.daily) {
            if let fileDay = Day(VaultPaths.stem(of: path)) { dated.append((fileDay, path)) } else { undated.append(path) }
        }
        dated.sort { $0.day > $1.day }
        let earliest = dated.last?.day ?? day
        // Parsed once, kept while reading further back.
        var records = VaultIndex.parse(vault, paths: files(folders.habits) + undated)
        var next = dated.firstIndex { $0.day <= day } ?? dated.count
        var days = minimumDays
        while true {
            let start = day.adding(days: -(days - 1))
            var paths: [String] = []
            while next < dated.count, dated[next].day >= start {
                paths.append(dated[next].path)
                next += 1
            }
            records += VaultIndex.parse(vault, paths: paths)
            var journal = Journal(index: VaultIndex.partial(vault, records: records))
            let all = start <= earliest
            if !all {
                // Days before the first read are unknown: a habit whose days follow the calendar
                // starts there, not years back (which changes nothing read, and costs nothing).
                for index in journal.habits.indices where isCalendarBound(journal.habits[index].frequency) {
                    if let created = journal.habits[index].created, created < start { journal.habits[index].created = start }
                }
            }
            let overview = DayOverview(journal: journal, day: day)
            if all { return StatusLine(overview: overview, daysRead: days) }
            var needed = days
            for habit in journal.habits {
                let rhythm = isCalendarBound(habit.frequency) || habit.created != nil ? readDays(for: habit.frequency) : Int.max
                needed = max(needed, rhythm)
            }
            for entry in overview.entries where entry.streak.current > 0 {
                let since = entry.streak.currentSince ?? start
                let unit = journal.habit(entry.id).map { unitDays(for: $0.frequency) } ?? 31
                if since <= start.adding(days: unit) { needed = max(needed, days * 2) }
            }
            if needed <= days { return StatusLine(overview: overview, daysRead: days) }
            // Never more than all the days there are.
            days = min(needed, earliest.distance(to: day) + 1)
        }
    }
}
