import Dispatch
import BrainFormat
import BrainAnalytics

/// The day in one short line, for a shell prompt, tmux or a desktop bar (`brain status`):
/// "3/5 done · momentum strong · read 20d". Its fields are `StatusField.all`; a template
/// (`StatusTemplate`) arranges them.
///
/// Built to be fast on a vault of any size: `load` reads the habit files and the daily files of the
/// last weeks only, never the index of every note, and reads further back only while a streak
/// reaches the start of what it read.
package struct StatusLine: Sendable {
    /// The longest current streak: the habit and its streak (only the current one: the best
    /// streak would need all history).
    package struct Lead: Hashable, Sendable {
        package var habit: String
        package var title: String
        package var current: Int
        package var unit: Streaks.Unit
        package var blockDays: Int?
        /// The first day of the unit that started it.
        package var since: Day?

        /// `20d`, `3w`, `2mo`, `4×5d`.
        package var compact: String {
            StatusLine.compact(Streaks(current: current, best: current, unit: unit, blockDays: blockDays))
        }
    }

    package var day: Day
    /// The day as `brain today` shows it (done and due, momentum, check-in, habits by stack),
    /// computed from the days read: its per-habit strength is not shown, as it needs all history.
    package var overview: DayOverview
    /// The habit whose current streak covers the most days (ties: the longer count, then the
    /// habits' order); nil when no streak is running.
    package var lead: Lead?
    /// How many days back the daily files were read (for tests and `--json`).
    package var daysRead: Int
    /// The auto-tracked habits due on the day, in the overview's order: the value on the day's
    /// line against each rule (`brain today` shows the same).
    package var progress: [AutoProgress.Item] {
        overview.entries.filter(\.due).compactMap(\.progress)
    }

    /// What `load` read (vault-relative paths): the folders it listed and the files it read, for
    /// `StatusCache` to tell when the answer may have changed. Nil when it read the whole index.
    package internal(set) var inputs: Inputs?

    package struct Inputs: Hashable, Sendable {
        package var folders: [String]
        package var files: [String]
    }

    package init(overview: DayOverview, daysRead: Int) {
        day = overview.day
        self.overview = overview
        self.daysRead = daysRead
        var best: (streak: Streaks, lead: Lead)?
        for entry in overview.entries where entry.streak.current > 0 {
            let streak = entry.streak
            // As reviews rank them: the longer span, then the larger count, then the id.
            if best == nil || streak.leads(best!.streak, on: overview.day)
                || (!best!.streak.leads(streak, on: overview.day) && entry.id.lowercased() < best!.lead.habit.lowercased()) {
                best = (streak, Lead(habit: entry.id, title: entry.title, current: streak.current, unit: streak.unit,
                                     blockDays: streak.blockDays, since: streak.currentSince))
            }
        }
        lead = best?.lead
    }

    /// A streak in a few characters: `20d`, `3w`, `2mo`, `4×5d` (four blocks of five days).
    package static func compact(_ streak: Streaks) -> String {
        switch streak.unit {
        case .days: return "\(streak.current)d"
        case .times: return "\(streak.current)×"
        case .weeks: return "\(streak.current)w"
        case .months: return "\(streak.current)mo"
        case .blocks: return "\(streak.current)×\(streak.blockDays ?? 1)d"
        }
    }

    /// At least this many days are read: momentum's 21 days and a week; a habit's rhythm may ask
    /// for more (`readDays(for:)`).
    package static let minimumDays = 28

    /// The days a habit needs read for today's state and momentum: its current and previous
    /// period and a week (a monthly habit 69, `N in M days` 2M + 7, `every N days` 2N + 7).
    package static func readDays(for frequency: Frequency) -> Int {
        switch frequency {
        case .perMonth: return 69
        case .inDays(_, let block): return 2 * block + 7
        case .everyNDays(let every): return 2 * every + 7
        default: return minimumDays
        }
    }

    /// Whether a streak that began on `since` is known to have begun there though the days before
    /// `start` were not read: what broke it lies in what was read. For a day-based habit, the last
    /// day before `since` that counts (not rest, skipped, paused, off or done though not due) is a missed due day on or
    /// after `start`; for a periodic one, the last period before it that counts (not neutral) was
    /// missed and began on or after `start`. Anything else, or nothing found, is not known.
    package static func isSettled(_ schedule: Schedule, since: Day, start: Day) -> Bool {
        if schedule.habit.frequency.isPeriodic {
            for period in schedule.periodList.reversed() where period.end < since {
                if period.start < start { return false }
                switch period.state {
                case .missed: return true
                case .neutral: continue
                case .met, .open: return false
                }
            }
            return false
        }
        var day = since.adding(days: -1)
        while day >= start {
            switch schedule.status(on: day) {
            case .missed: return true
            case .done, .open: return false
            case .doneNotDue, .skipped, .rest, .paused, .notDue, .inactive: day = day.adding(days: -1)
            }
        }
        return false
    }

    /// The day of a daily file named `…/YYYY-MM-DD.md` (any case of `.md`), from its bytes.
    package static func day(ofName path: String) -> Day? {
        var path = path
        return path.withUTF8 { bytes -> Day? in
            let count = bytes.count
            guard count >= 13, count == 13 || bytes[count - 14] == UInt8(ascii: "/"),
                  bytes[count - 3] == UInt8(ascii: "."), bytes[count - 2] | 0x20 == UInt8(ascii: "m"),
                  bytes[count - 1] | 0x20 == UInt8(ascii: "d"),
                  bytes[count - 9] == UInt8(ascii: "-"), bytes[count - 6] == UInt8(ascii: "-") else { return nil }
            func number(_ from: Int, _ length: Int) -> Int? { DecimalDigits.value(bytes, from: from, length: length) }
            guard let year = number(count - 13, 4), let month = number(count - 8, 2), let day = number(count - 5, 2) else { return nil }
            return Day(year: year, month: month, day: day)
        }
    }

    /// Frequencies whose days do not depend on the habit's first day (`every N days` keeps its
    /// rhythm from `created`, `N in M days` its blocks from the first day): for these the first day
    /// can be moved up to the first day read without changing anything read.
    package static func isCalendarBound(_ frequency: Frequency) -> Bool {
        switch frequency {
        case .inDays, .everyNDays: return false
        default: return true
        }
    }

    /// The first day to read for `days` days back from `day`, moved back to the start of a week
    /// and of a month when habits count by weeks or months, so that their first period is whole.
    package static func firstDay(_ days: Int, before day: Day, frequencies: [Frequency], weekStart: Weekday) -> Day {
        var start = day.adding(days: -(days - 1))
        if frequencies.contains(where: { if case .perWeek = $0 { return true } else { return false } }) {
            start = start.startOfWeek(weekStart)
        }
        if frequencies.contains(where: { if case .perMonth = $0 { return true } else { return false } }) {
            start = start.startOfMonth
        }
        return start
    }

    /// What `Journal` reads of the files at `paths` (vault-relative; `NoteParser.journalRecord`),
    /// read on every core, in the order given. A file that cannot be read gives a record with no day.
    package static func journalRecords(_ vault: Vault, paths: [String]) -> [NoteRecord] {
        if paths.isEmpty { return [] }
        let results = SlotBuffer<NoteRecord>(count: paths.count)
        let workers = paths.count < 16 ? 1 : max(1, min(System.activeProcessorCount, 8))
        let chunk = (paths.count + workers - 1) / workers
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in (worker * chunk)..<min(paths.count, (worker + 1) * chunk) {
                let path = paths[index]
                let kind = vault.kind(of: path)
                let stamp = FileStamp(path: path, size: 0, modified: 0)
                if let bytes = try? vault.fileSystem.read(VaultPaths.join(vault.root, path)) {
                    results.set(index, bytes.withUnsafeBufferPointer { NoteParser.journalRecord($0, stamp: stamp, kind: kind) })
                } else {
                    results.set(index, NoteRecord(stamp: stamp, kind: kind, title: VaultPaths.stem(of: path)))
                }
            }
        }
        return results.values()
    }

    /// The status of `day` from `vault`'s files. Reads the habit files and the daily files of the
    /// last `minimumDays` days or more as a habit's rhythm needs (`readDays(for:)`; from the start
    /// of a week or month for habits that count by them; daily files named `YYYY-MM-DD.md`, any
    /// other daily file is always read), and reads twice as far back, each file once, while a
    /// running streak may have begun before the first day read (`isSettled`). `every N days` and
    /// `N in M days` without `created:` read every day. `inputs` lists the folders listed and the
    /// files read, for `StatusCache`.
    package static func load(vault: Vault, day: Day, now: Day? = nil) -> StatusLine {
        if vault.hasInterruptedChange {
            // Finishing a cut-short change takes the lock and the whole index.
            var journal = Journal(index: VaultIndex.open(vault))
            journal.now = now
            let first = journal.checkIns.first?.day ?? day
            return StatusLine(overview: DayOverview(journal: journal, day: day), daysRead: max(1, first.distance(to: day) + 1))
        }
        let folders = vault.config.folders
        let weekStart = vault.config.weekStart
        func files(_ folder: String) -> [String] {
            vault.fileSystem.markdownFiles(under: VaultPaths.join(vault.root, folder), stamps: false)
                .map { folder + "/" + $0.path }.filter { !vault.isTemplate($0) }
        }
        // Every folder listed and file read, for `inputs`.
        var listed: [String] = []
        var readPaths: [String] = []
        func listFolders(under folder: String) {
            listed.append(folder)
            for name in vault.fileSystem.markdownEntries(in: VaultPaths.join(vault.root, folder)).folders { listFolders(under: folder + "/" + name) }
        }
        // Daily files named `YYYY-MM-DD.md` (in `daily/` or a folder of it): each day's ordinal and
        // the path under `daily/`, read from the names without sorting thousands of them; the
        // paths are joined only for the days read.
        var datedNames: [String] = []
        var datedDays: [Int] = []
        var undated: [String] = []
        let dailyFolder = VaultPaths.join(vault.root, folders.daily)
        func list(_ relative: String) {
            listed.append(relative.isEmpty ? folders.daily : folders.daily + "/" + relative)
            let entries = vault.fileSystem.markdownEntries(in: relative.isEmpty ? dailyFolder : VaultPaths.join(dailyFolder, relative))
            datedNames.reserveCapacity(datedNames.count + entries.files.count)
            datedDays.reserveCapacity(datedDays.count + entries.files.count)
            for name in entries.files {
                let path = relative.isEmpty ? name : relative + "/" + name
                if let fileDay = StatusLine.day(ofName: name) {
                    datedNames.append(path)
                    datedDays.append(fileDay.ordinal)
                } else if !vault.isTemplate(folders.daily + "/" + path) {
                    undated.append(folders.daily + "/" + path)
                }
            }
            for folder in entries.folders { list(relative.isEmpty ? folder : relative + "/" + folder) }
        }
        list("")
        let earliest = min(datedDays.min().map(Day.init(ordinal:)) ?? day, day)
        // The walk lists the habits in the order the index keeps them; the folders under it are
        // listed for `inputs` (a habit added in any of them changes its folder's times).
        listFolders(under: folders.habits)
        readPaths = files(folders.habits) + undated
        // Parsed once, kept while reading further back.
        var records = journalRecords(vault, paths: readPaths)
        // Each habit's frequency and whether it has `created:`, as `Habit` reads them (a bad value
        // is a daily habit there too).
        let rhythms = records.filter { $0.kind == .habit }.map { record -> (frequency: Frequency, created: Bool) in
            let frequency = record.frontMatter["every"].flatMap { try? Frequency($0) } ?? .daily
            return (frequency, record.frontMatter["created"]?.day.map { Day.supported.contains($0) } ?? false)
        }
        // Days after `day` are never read; each pass reads the days from its start up to the last
        // pass's start.
        var readFrom = day.ordinal + 1
        // As far back as the habits' rhythms need, from the start.
        let rhythm = rhythms.reduce(minimumDays) { days, habit in
            max(days, isCalendarBound(habit.frequency) || habit.created ? readDays(for: habit.frequency) : Int.max)
        }
        var days = min(rhythm, earliest.distance(to: day) + 1)
        func done(_ status: StatusLine) -> StatusLine {
            var status = status
            status.inputs = Inputs(folders: listed, files: readPaths)
            return status
        }
        while true {
            let start = firstDay(days, before: day, frequencies: rhythms.map(\.frequency), weekStart: weekStart)
            var paths: [String] = []
            for (position, ordinal) in datedDays.enumerated() where ordinal >= start.ordinal && ordinal < readFrom {
                paths.append(folders.daily + "/" + datedNames[position])
            }
            readFrom = min(readFrom, start.ordinal)
            records += journalRecords(vault, paths: paths)
            readPaths += paths
            var journal = Journal(index: VaultIndex.partial(vault, records: records, resolveLinks: false))
            journal.now = now
            let read = start.distance(to: day) + 1
            if start <= earliest { return done(StatusLine(overview: DayOverview(journal: journal, day: day, strengths: false), daysRead: read)) }
            // Days before the first read are unknown: a habit whose days follow the calendar
            // starts there, not years back (which changes nothing read, and costs nothing).
            for index in journal.habits.indices where isCalendarBound(journal.habits[index].frequency) {
                if let created = journal.habits[index].created, created < start { journal.habits[index].created = start }
            }
            let overview = DayOverview(journal: journal, day: day, strengths: false)
            let unsettled = overview.entries.contains { entry in
                guard entry.streak.current > 0, let habit = journal.habit(entry.id),
                      let schedule = Schedule(habit: habit, history: journal.history(of: habit.id), today: day, weekStart: weekStart)
                else { return false }
                return !isSettled(schedule, since: entry.streak.currentSince ?? start, start: start)
            }
            if !unsettled { return done(StatusLine(overview: overview, daysRead: read)) }
            // Never more than all the days there are.
            days = min(read * 2, earliest.distance(to: day) + 1)
        }
    }
}
