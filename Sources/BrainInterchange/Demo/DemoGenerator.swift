import BrainFormat
import BrainAnalytics
import BrainStore

/// A made-up but realistic vault, fully determined by `DemoOptions`: file `i` is a pure
/// function of the options, so files can be produced in any order and on any number of cores.
package struct DemoGenerator: Sendable {
    /// One generated file: vault-relative path and bytes.
    package struct File: Sendable, Hashable {
        package var path: String
        package var bytes: [UInt8]
    }

    /// What one note will be, decided up front so that links can name any note.
    package struct NoteMeta: Sendable {
        package var title: String
        package var stem: String
        package var type: String
        package var folder: String
        /// Index of the note within its folder's list.
        package var slot: Int
        package var created: Day
    }

    /// A habit's day in the history: no line, done, open (not done) or skipped.
    package enum Outcome: UInt8, Sendable {
        case none = 0, done, open, skipped
    }

    package let options: DemoOptions
    package let habits: [DemoHabit]
    package let goals: [DemoGoal]
    package let notes: [NoteMeta]
    package let folderMembers: [String: [Int]]
    /// Outcome and value per habit and day, `habit * days + day`.
    package let outcomes: [Outcome]
    package let values: [Int32]
    package let moods: [UInt8]
    package let energies: [UInt8]
    package let restDays: [Bool]
    package let createdIndex: [Int]

    package static let areas: [(id: String, title: String, identity: String, color: String, weight: String)] = [
        ("health", "Health", "I am someone who moves every day and sleeps well", "green", "1.5"),
        ("learning", "Learning", "I am a curious person who learns something every day", "blue", "1"),
        ("work", "Work", "I do focused work and stop at a sane hour", "gray", "1"),
        ("creative", "Creative", "I make things, badly at first", "orange", "1"),
        ("relationships", "Relationships", "I am someone who stays in touch", "pink", "1"),
        ("finance", "Finance", "I know where my money goes", "yellow", "0.5"),
    ]

    package static let noteTypes: [(type: String, folder: String, share: Double)] = [
        ("note", "notes", 0.55), ("link", "notes/links", 0.20), ("reflection", "notes/reflections", 0.15),
        ("insight", "notes/insights", 0.10),
    ]

    package init(_ options: DemoOptions) {
        self.options = options
        habits = DemoHabit.catalog(max(options.habits, 0))
        goals = DemoGoal.catalog(habits: habits)
        let days = options.days
        let start = options.start

        // Note titles and file names, unique across the vault.
        var taken = Set(habits.map(\.id) + goals.map(\.id) + DemoGenerator.areas.map(\.id))
        var random = DemoRandom(seed: options.seed, stream: 1, index: 0)
        var notes: [NoteMeta] = []
        notes.reserveCapacity(options.notes)
        var members: [String: [Int]] = [:]
        for index in 0..<max(options.notes, 0) {
            var title = DemoText.title(&random)
            var stem = Slug.make(title)
            if !taken.insert(stem).inserted {
                var number = 2
                while !taken.insert("\(stem)-\(number)").inserted { number += 1 }
                stem = "\(stem)-\(number)"
                title += " \(number)"
            }
            let roll = random.unit()
            var cumulative = 0.0
            var kind = DemoGenerator.noteTypes[0]
            for candidate in DemoGenerator.noteTypes {
                cumulative += candidate.share
                if roll < cumulative { kind = candidate; break }
            }
            let created = start.adding(days: random.index(max(days, 1)))
            notes.append(NoteMeta(title: title, stem: stem, type: kind.type, folder: kind.folder,
                                  slot: members[kind.folder, default: []].count, created: created))
            members[kind.folder, default: []].append(index)
        }
        self.notes = notes
        folderMembers = members

        // Habit histories: a good/slump state per habit gives streaks and slumps.
        var rest = [Bool](repeating: false, count: days)
        var restRandom = DemoRandom(seed: options.seed, stream: 2, index: 0)
        for day in 0..<max(days - 1, 0) where restRandom.chance(0.02) { rest[day] = true }
        restDays = rest
        var outcomes = [Outcome](repeating: .none, count: habits.count * days)
        var values = [Int32](repeating: -1, count: habits.count * days)
        var created: [Int] = []
        for (h, habit) in habits.enumerated() {
            var random = DemoRandom(seed: options.seed, stream: 3, index: h)
            let first = min(Int(habit.createdAt * Double(days)), max(days - 1, 0))
            created.append(first)
            let pauseRange = habit.pause.map { pause -> Range<Int> in
                let from = Int(pause.at * Double(days))
                return from..<min(from + pause.days, days)
            }
            let archived = habit.archivedAt.map { Int($0 * Double(days)) } ?? Int.max
            var slump = false
            for day in first..<days {
                if day >= archived || pauseRange?.contains(day) == true || rest[day] { continue }
                if slump { if random.chance(0.12) { slump = false } } else if random.chance(0.012) { slump = true }
                let date = start.adding(days: day)
                let due: Bool
                switch habit.schedule {
                case .daily: due = true
                case .weekdays(let set): due = set.contains(date.weekday)
                case .everyDays(let n): due = (day - first) % n == 0
                case .perWeek, .perMonth, .inDays: due = true
                }
                guard due else { continue }
                let weekend = date.weekday == .saturday || date.weekday == .sunday
                var rate = slump ? 0.3 : habit.rate + 0.1 * (1 - habit.rate)
                if weekend { rate -= 0.05 }
                let slot = h * days + day
                if habit.schedule.isFlexible {
                    if random.chance(min(habit.schedule.dailyChance * rate, 0.95)) {
                        outcomes[slot] = .done
                    } else if random.chance(0.02) {
                        outcomes[slot] = .skipped
                    }
                } else if random.chance(rate) {
                    outcomes[slot] = .done
                } else {
                    outcomes[slot] = random.chance(0.25) ? .skipped : .open
                }
                if let target = habit.target, outcomes[slot] == .done || outcomes[slot] == .open {
                    let done = outcomes[slot] == .done
                    let value: Int
                    if habit.quit {
                        value = done ? random.int(0...target) : random.int((target + 1)...(target + 2))
                    } else if done {
                        value = target + random.int(0...max(target / 2, 1))
                    } else {
                        value = random.chance(0.5) || habit.auto ? random.int(max(target / 5, 0)...max(target - 1, 0)) : -1
                    }
                    values[slot] = Int32(value)
                }
            }
        }
        self.outcomes = outcomes
        self.values = values
        createdIndex = created

        // Mood and energy follow a few habits, so that insights have something to find.
        var moods = [UInt8](repeating: 0, count: days)
        var energies = [UInt8](repeating: 0, count: days)
        var moodRandom = DemoRandom(seed: options.seed, stream: 4, index: 0)
        for day in 0..<days {
            var mood = 2.4 + moodRandom.unit() * 1.6
            var energy = 2.3 + moodRandom.unit() * 1.6
            for (h, habit) in habits.enumerated() where outcomes[h * days + day] == .done {
                mood += habit.moodEffect
                energy += habit.energyEffect
            }
            if rest[day] { mood -= 1; energy -= 1 }
            moods[day] = UInt8(min(max(Int(mood.rounded(.down)), 1), 5))
            energies[day] = UInt8(min(max(Int(energy.rounded(.down)), 1), 5))
        }
        self.moods = moods
        self.energies = energies
    }

    /// Number of files: config, .gitignore, areas, habits, goals, notes and daily files.
    package var fileCount: Int { 2 + DemoGenerator.areas.count + habits.count + goals.count + notes.count + options.days }

    /// Folders to create before writing.
    package var folders: [String] {
        [".brain", "areas", "habits", "goals", "daily", "templates"] + DemoGenerator.noteTypes.map(\.folder)
    }

    /// The `index`th file.
    package func file(_ index: Int) -> File {
        var i = index
        if i == 0 { return File(path: ".brain/config.yml", bytes: Array(DemoGenerator.config.utf8)) }
        if i == 1 { return File(path: Vault.ignorePath, bytes: Array(Vault.ignoreText.utf8)) }
        i -= 2
        if i < DemoGenerator.areas.count { return area(i) }
        i -= DemoGenerator.areas.count
        if i < habits.count { return habit(i) }
        i -= habits.count
        if i < goals.count { return goal(i) }
        i -= goals.count
        if i < notes.count { return note(i) }
        i -= notes.count
        return daily(i)
    }

    package static let config = """
    # Brain vault settings (a demo vault made by `brain demo`). Every key is optional.
    folders:
      areas: areas
      habits: habits
      goals: goals
      notes: notes
      daily: daily
      templates: templates
    week-start: monday
    day-starts-at: "04:00"
    theme: forest
    locale: en

    """

    package func day(_ index: Int) -> Day { options.start.adding(days: index) }

    package func dayAt(_ share: Double) -> Day { day(min(Int(share * Double(options.days)), max(options.days - 1, 0))) }

    package func flowList(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }

    package func area(_ index: Int) -> File {
        let area = DemoGenerator.areas[index]
        let text = """
        ---
        title: \(area.title)
        weight: \(area.weight)
        identity: \(area.identity)
        color: \(area.color)
        created: \(options.start)
        ---
        # \(area.title)

        \(area.identity.prefix(1).uppercased() + area.identity.dropFirst()).

        """
        return File(path: "areas/\(area.id).md", bytes: Array(text.utf8))
    }

    package func habit(_ index: Int) -> File {
        let habit = habits[index]
        var text = "---\ntitle: \(habit.title)\narea: \(habit.area)\n"
        if let goal = habit.goal, goals.contains(where: { $0.id == goal }) { text += "goal: \"[[\(goal)]]\"\n" }
        text += "every: \(habit.every)\n"
        if habit.quit { text += "kind: quit\n" }
        if let target = habit.target { text += "target: \(target)\n" }
        if let unit = habit.unit { text += "unit: \(unit)\n" }
        if let cue = habit.cue { text += "cue: \(cue)\n" }
        if let stack = habit.stack { text += "stack: \(stack)\n" }
        if let after = habit.after { text += "after: \(after)\n" }
        if let remind = habit.remind { text += "remind: \(remind)\n" }
        if habit.auto, let target = habit.target, let unit = habit.unit {
            text += "auto: {source: health, metric: \(unit), at-least: \(target)}\n"
        }
        if let pause = habit.pause {
            let from = dayAt(pause.at)
            text += "paused:\n  - \"\(from)..\(from.adding(days: pause.days - 1))\"\n"
        }
        if let archived = habit.archivedAt {
            text += "status: archived\narchived: \(dayAt(archived))\n"
        }
        text += "created: \(day(createdIndex[index]))\n"
        if !habit.tags.isEmpty { text += "tags: \(flowList(habit.tags))\n" }
        if habit.pinned { text += "pinned: true\n" }
        text += "---\n# \(habit.title)\n\n\(habit.story)\n"
        if let goal = habit.goal, goals.contains(where: { $0.id == goal }) { text += "It serves [[\(goal)]].\n" }
        return File(path: "habits/\(habit.id).md", bytes: Array(text.utf8))
    }

    package func goal(_ index: Int) -> File {
        let goal = goals[index]
        var text = "---\ntitle: \(goal.title)\narea: \(goal.area)\n"
        if let parent = goal.parent { text += "parent: \"[[\(parent)]]\"\n" }
        text += "status: \(goal.status)\n"
        if let start = goal.startAt { text += "start: \(dayAt(start))\n" }
        if let due = goal.dueIn { text += "due: \(options.end.adding(days: due))\n" }
        if let target = goal.target { text += "target: \(target)\n" }
        if let current = goal.current { text += "current: \(current)\n" }
        if let unit = goal.unit { text += "unit: \(unit)\n" }
        if !goal.habits.isEmpty { text += "habits: \(flowList(goal.habits.map { "\"[[\($0)]]\"" }))\n" }
        text += "created: \(dayAt(goal.startAt ?? 0.05))\n"
        if !goal.tags.isEmpty { text += "tags: \(flowList(goal.tags))\n" }
        if goal.pinned { text += "pinned: true\n" }
        text += "---\n# \(goal.title)\n\n## Why\n\(goal.story)\n"
        if !goal.milestones.isEmpty {
            text += "\n## Milestones\n"
            for (state, milestone) in goal.milestones { text += "- [\(state)] \(milestone)\n" }
        }
        return File(path: "goals/\(goal.id).md", bytes: Array(text.utf8))
    }

    /// A link target for a note or reflection: mostly other notes (a few of them hubs), then
    /// habits, goals, areas and days.
    package func linkTarget(_ random: inout DemoRandom, avoiding self: Int?) -> String {
        let roll = random.unit()
        if roll < 0.72, !notes.isEmpty {
            let u = random.unit()
            var target = Int(Double(notes.count) * u * u)
            if target == self { target = (target + 1) % notes.count }
            if target == self { return DemoGenerator.areas[0].id }
            let meta = notes[target]
            return random.chance(0.1) ? "\(meta.stem)|\(meta.title)" : meta.stem
        }
        if roll < 0.84, !habits.isEmpty { return random.pick(habits).id }
        if roll < 0.93, !goals.isEmpty { return random.pick(goals).id }
        if roll < 0.97 || options.days == 0 { return random.pick(DemoGenerator.areas).id }
        return day(random.index(options.days)).description
    }

    package func note(_ index: Int) -> File {
        let meta = notes[index]
        var random = DemoRandom(seed: options.seed, stream: 5, index: index)
        var text = "---\ntitle: \(meta.title)\n"
        if meta.type != "note" || random.chance(0.3) { text += "type: \(meta.type)\n" }
        if meta.type == "link" {
            text += "url: https://\(random.pick(DemoText.sites))/\(meta.stem)\n"
            text += "source: \(random.pick(DemoText.sources))\n"
        } else if random.chance(0.15) {
            text += "source: \(random.pick(DemoText.sources))\n"
        }
        var tags: [String] = []
        for _ in 0..<random.int(0...3) {
            let tag = random.pick(DemoText.tags)
            if !tags.contains(tag) { tags.append(tag) }
        }
        if !tags.isEmpty { text += "tags: \(flowList(tags))\n" }
        if random.chance(0.1) { text += "aliases: [\"\(meta.title.lowercased()) (short)\"]\n" }
        text += "created: \(meta.created)\n"
        if random.chance(0.015) { text += "pinned: true\n" }
        text += "---\n# \(meta.title)\n\n"

        var links = random.int(3...8)
        let paragraphs = random.int(2...4)
        for paragraph in 0..<paragraphs {
            if paragraph > 0 && random.chance(0.3) { text += "## \(DemoText.phrase(&random, count: random.int(2...4)))\n\n" }
            let sentences = random.int(2...4)
            for sentence in 0..<sentences {
                text += DemoText.phrase(&random, count: random.int(6...14))
                let remaining = (paragraphs - paragraph) * sentences - sentence
                if links > 0 && (random.chance(0.6) || links >= remaining) {
                    text += random.chance(0.5) ? " [[\(linkTarget(&random, avoiding: index))]]" : ", see [[\(linkTarget(&random, avoiding: index))]]"
                    links -= 1
                }
                if random.chance(0.12) { text += " #\(random.pick(DemoText.tags))" }
                text += sentence == sentences - 1 ? ".\n" : ". "
            }
            text += "\n"
        }
        if links > 0 {
            text += "Related:\n"
            while links > 0 {
                text += "- [[\(linkTarget(&random, avoiding: index))]]\n"
                links -= 1
            }
            text += "\n"
        }
        if let siblings = folderMembers[meta.folder], siblings.count > 1, random.chance(0.35) {
            var other = siblings[random.index(siblings.count)]
            if other == index { other = siblings[(meta.slot + 1) % siblings.count] }
            text += "More in [\(notes[other].title)](\(notes[other].stem).md).\n\n"
        }
        if random.chance(0.15) {
            text += "- [ ] \(DemoText.phrase(&random, count: 5))\n- [x] \(DemoText.phrase(&random, count: 4))\n"
        }
        return File(path: "\(meta.folder)/\(meta.stem).md", bytes: Array(text.utf8))
    }

    package func daily(_ index: Int) -> File {
        let date = day(index)
        let days = options.days
        let today = index == days - 1
        var random = DemoRandom(seed: options.seed, stream: 6, index: index)
        var text = "---\ndate: \(date)\nmood: \(moods[index])\nenergy: \(energies[index])\n"
        if !today && random.chance(0.6) {
            text += "evening-mood: \(min(max(Int(moods[index]) + random.int(-1...1), 1), 5))\n"
        }
        if restDays[index] { text += "rest: true\nrest-reason: \(random.pick(DemoText.restReasons))\n" }
        if random.chance(0.03) { text += "tags: [travel]\n" }
        text += "---\n## Intentions\n"
        let count = random.int(1...3)
        var start = random.index(DemoText.intentions.count)
        for item in 0..<count {
            let done = !today && random.chance(0.6)
            text += item == 0 && random.chance(0.5) ? "- " : (done ? "- [x] " : "- [ ] ")
            text += DemoText.intentions[start % DemoText.intentions.count] + "\n"
            start += 1 + random.index(3)
        }
        text += "\n## Habits\n"
        var lines = 0
        for (h, habit) in habits.enumerated() {
            let slot = h * days + index
            var outcome = outcomes[slot]
            var value = values[slot]
            if outcome == .none { continue }
            // Today is half done: the rest of the due habits are still open.
            if today {
                lines += 1
                if lines % 2 == 0 { outcome = habit.schedule.isFlexible ? .none : .open; value = -1 }
                if outcome == .none { continue }
            }
            switch outcome {
            case .none:
                continue
            case .done:
                text += "- [x] [[\(habit.id)]]"
            case .open:
                text += "- [ ] [[\(habit.id)]]"
            case .skipped:
                text += "- [-] [[\(habit.id)]] \(random.pick(habit.skipReasons))\n"
                continue
            }
            if value >= 0, let unitName = habit.unit {
                text += " \(value) \(Quantity.unit(unitName, for: Double(value)))"
                if habit.auto, let target = habit.target {
                    text += " (auto: health ≥ \(target))"
                } else if outcome == .open && random.chance(0.3) {
                    text += " — \(random.pick(["fell asleep", "ran out of time", "only a little", "long day"]))"
                }
            }
            text += "\n"
        }
        if !today && random.chance(0.65) {
            text += "\n## Reflection\n"
            text += "Felt \(random.pick(DemoText.moodWords)). " + DemoText.phrase(&random, count: random.int(6...12))
            if random.chance(0.7) { text += " [[\(linkTarget(&random, avoiding: nil))]]" }
            text += ". " + DemoText.phrase(&random, count: random.int(5...10))
            if random.chance(0.4) { text += ", see [[\(linkTarget(&random, avoiding: nil))]]" }
            text += "."
            if random.chance(0.5) { text += " #\(random.pick(["gratitude", "review", "health/sleep", "work/brain", "mood"]))" }
            text += "\n"
        }
        return File(path: "daily/\(date).md", bytes: Array(text.utf8))
    }
}
