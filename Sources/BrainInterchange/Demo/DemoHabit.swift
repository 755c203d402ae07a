import BrainFormat
import BrainAnalytics
import BrainStore

/// One habit of a demo vault: what its file says and how its made-up history behaves.
package struct DemoHabit: Sendable, Hashable {
    /// When the habit is due, in the generator's terms.
    package enum Schedule: Sendable, Hashable {
        case daily
        case weekdays(Set<Weekday>)
        case perWeek(Int)
        case perMonth(Int)
        case inDays(Int, Int)
        case everyDays(Int)

        /// Flexible habits have no fixed days: past files only list the days they were done.
        package var isFlexible: Bool {
            switch self {
            case .perWeek, .perMonth, .inDays: return true
            default: return false
            }
        }

        /// Chance per day of doing a flexible habit, enough to meet its quota most periods.
        package var dailyChance: Double {
            switch self {
            case .perWeek(let n): return Double(n) / 7 * 1.1
            case .perMonth(let n): return Double(n) / 30 * 1.2
            case .inDays(let n, let m): return Double(n) / Double(m) * 1.1
            default: return 1
            }
        }
    }

    package var id: String
    package var title: String
    package var area: String
    /// The `every:` value exactly as written.
    package var every: String
    package var schedule: Schedule
    package var target: Int?
    package var unit: String?
    package var quit = false
    package var cue: String?
    package var stack: String?
    package var after: String?
    /// An auto-tracking rule `{source: health, metric: steps, at-least: target}`.
    package var auto = false
    package var goal: String?
    package var tags: [String] = []
    package var remind: String?
    /// Usual share of due days done.
    package var rate: Double = 0.8
    /// Where in the generated span the habit starts (0 = first day).
    package var createdAt: Double = 0
    /// A pause (start as a share of the span, length in days).
    package var pause: (at: Double, days: Int)?
    /// Archived from this share of the span on.
    package var archivedAt: Double?
    package var pinned = false
    /// How much a done day lifts the day's mood and energy (for insights to find).
    package var moodEffect = 0.0
    package var energyEffect = 0.0
    package var skipReasons: [String] = ["busy day", "travelling", "felt ill"]
    package var story: String

    package static func == (lhs: DemoHabit, rhs: DemoHabit) -> Bool { lhs.id == rhs.id }
    package func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// The first `count` habits: the first twelve cover every frequency form, measurable,
    /// quit, stacked, auto-tracked, paused and archived habits; more are variations.
    package static func catalog(_ count: Int) -> [DemoHabit] {
        var result = Array(fixed.prefix(count))
        var number = 0
        while result.count < count {
            let skill = extraSkills[number % extraSkills.count]
            let round = number / extraSkills.count
            let id = round == 0 ? skill.id : "\(skill.id)-\(round + 1)"
            let title = round == 0 ? skill.title : "\(skill.title) \(round + 1)"
            let forms: [(String, Schedule)] = [
                ("day", .daily), ("weekdays", .weekdays([.monday, .tuesday, .wednesday, .thursday, .friday])),
                ("[tue, thu]", .weekdays([.tuesday, .thursday])), ("3/week", .perWeek(3)), ("every 2 days", .everyDays(2)),
                ("weekends", .weekdays([.saturday, .sunday])), ("4 per month", .perMonth(4)), ("3 in 7 days", .inDays(3, 7)),
            ]
            let (every, schedule) = forms[number % forms.count]
            var habit = DemoHabit(id: id, title: title, area: skill.area, every: every, schedule: schedule,
                                  story: "Part of getting better at \(skill.title.lowercased()).")
            if number % 3 == 0 { habit.target = skill.target; habit.unit = skill.unit }
            habit.createdAt = Double((number * 37) % 80) / 100
            habit.rate = 0.7 + Double(number % 4) * 0.05
            habit.tags = [skill.tag]
            if number % 11 == 5 { habit.pause = (0.5, 21) }
            if number % 13 == 7 { habit.archivedAt = 0.9 }
            result.append(habit)
            number += 1
        }
        return result
    }

    package static let fixed: [DemoHabit] = {
        var water = DemoHabit(id: "drink-water", title: "Drink a glass of water", area: "health", every: "day", schedule: .daily,
                              story: "First thing, before the phone. The first step of the [[meditate]] chain.")
        water.stack = "morning"; water.after = "wake-up"; water.rate = 0.88; water.cue = "Glass on the bedside table"
        water.tags = ["morning", "health/hydration"]

        var meditate = DemoHabit(id: "meditate", title: "Meditate", area: "health", every: "day", schedule: .daily,
                                 story: "Ten minutes on the cushion after the water.")
        meditate.stack = "morning"; meditate.after = "\"[[drink-water]]\""; meditate.target = 10; meditate.unit = "minutes"
        meditate.rate = 0.78; meditate.moodEffect = 0.7; meditate.tags = ["morning", "mind"]; meditate.pinned = true
        meditate.remind = "\"07:15\""

        var journal = DemoHabit(id: "journal", title: "Write three lines in the journal", area: "creative", every: "day",
                                schedule: .daily, story: "Three lines, no more. The last step of the morning stack.")
        journal.stack = "morning"; journal.after = "meditate"; journal.rate = 0.74; journal.tags = ["morning", "writing"]
        journal.createdAt = 0.05

        var read = DemoHabit(id: "read", title: "Read 20 pages", area: "learning", every: "day", schedule: .daily,
                             story: "Twenty pages a day is two books a month.")
        read.target = 20; read.unit = "pages"; read.goal = "read-24-books"; read.rate = 0.8
        read.cue = "After dinner, in the armchair, phone in the hallway"; read.remind = "\"21:30\""; read.tags = ["mind", "reading"]

        var walk = DemoHabit(id: "walk", title: "Walk 8000 steps", area: "health", every: "day", schedule: .daily,
                             story: "Checked off by itself from the phone's step count.")
        walk.target = 8000; walk.unit = "steps"; walk.auto = true; walk.goal = "run-5k"; walk.rate = 0.75
        walk.moodEffect = 0.5; walk.tags = ["movement"]

        var run = DemoHabit(id: "run", title: "Run", area: "health", every: "[mon, wed, fri]",
                            schedule: .weekdays([.monday, .wednesday, .friday]), story: "Three runs a week, slow.")
        run.goal = "run-5k"; run.rate = 0.72; run.energyEffect = 0.8; run.createdAt = 0.1
        run.cue = "After work, shoes by the door"; run.tags = ["movement", "health/running"]
        run.skipReasons = ["knee hurts", "raining sideways", "late meeting", "rest week"]

        var coffee = DemoHabit(id: "coffee", title: "At most two coffees", area: "health", every: "weekdays",
                               schedule: .weekdays([.monday, .tuesday, .wednesday, .thursday, .friday]),
                               story: "A quit habit: a day is held with two cups or fewer.")
        coffee.quit = true; coffee.target = 2; coffee.unit = "cups"; coffee.goal = "sleep-better"; coffee.rate = 0.7
        coffee.energyEffect = 0.6; coffee.tags = ["sleep", "quit"]; coffee.cue = "The second cup before noon is the last"

        var scroll = DemoHabit(id: "no-doomscrolling", title: "No doomscrolling at weekends", area: "relationships",
                               every: "weekends", schedule: .weekdays([.saturday, .sunday]),
                               story: "The phone stays in the drawer on Saturdays and Sundays.")
        scroll.quit = true; scroll.rate = 0.65; scroll.moodEffect = 0.4; scroll.tags = ["quit", "attention"]
        scroll.createdAt = 0.15

        var guitar = DemoHabit(id: "guitar", title: "Play guitar", area: "creative", every: "2 in 5 days",
                               schedule: .inDays(2, 5), story: "Twice in any five days. Paused while it was at the repair shop.")
        guitar.pause = (0.6, 14); guitar.rate = 0.8; guitar.tags = ["music"]; guitar.createdAt = 0.02

        var strength = DemoHabit(id: "strength", title: "Strength training", area: "health", every: "3/week",
                                 schedule: .perWeek(3), story: "Push-ups, squats, rows. Any three days of the week.")
        strength.goal = "run-5k"; strength.energyEffect = 0.4; strength.tags = ["movement", "health/strength"]
        strength.createdAt = 0.2

        var budget = DemoHabit(id: "review-budget", title: "Review the budget", area: "finance", every: "2/month",
                               schedule: .perMonth(2), story: "Twice a month, with the bank app and a cup of tea.")
        budget.goal = "emergency-fund"; budget.tags = ["money"]; budget.createdAt = 0.08

        var cold = DemoHabit(id: "cold-shower", title: "Cold shower", area: "health", every: "every 2 days",
                             schedule: .everyDays(2), story: "Tried it; it made the rest of the morning harder. Archived.")
        cold.archivedAt = 0.45; cold.rate = 0.6; cold.tags = ["morning"]

        var spanish = DemoHabit(id: "spanish", title: "Spanish practice", area: "learning", every: "day", schedule: .daily,
                                story: "Fifteen minutes with the course app.")
        spanish.target = 15; spanish.unit = "minutes"; spanish.createdAt = 0.3; spanish.tags = ["learning/spanish"]

        var write = DemoHabit(id: "write", title: "Write 500 words", area: "creative", every: "[tue, thu, sat]",
                              schedule: .weekdays([.tuesday, .thursday, .saturday]), story: "The novel, one scene at a time.")
        write.target = 500; write.unit = "words"; write.goal = "write-a-novel"; write.tags = ["writing"]

        var call = DemoHabit(id: "call-family", title: "Call the family", area: "relationships", every: "1/week",
                             schedule: .perWeek(1), story: "Sunday evening, or whenever the week allows.")
        call.moodEffect = 0.3; call.tags = ["people"]

        var plants = DemoHabit(id: "water-plants", title: "Water the plants", area: "creative", every: "every 3 days",
                               schedule: .everyDays(3), story: "The balcony does not water itself.")
        plants.rate = 0.9; plants.tags = ["home"]

        var stretch = DemoHabit(id: "stretch", title: "Stretch", area: "health", every: "[Monday, Thursday]",
                                schedule: .weekdays([.monday, .thursday]), story: "Hips and hamstrings, fifteen minutes.")
        stretch.tags = ["movement"]

        return [water, meditate, journal, read, walk, run, coffee, scroll, guitar, strength, budget, cold,
                spanish, write, call, plants, stretch]
    }()

    package struct Skill {
        package var id: String
        package var title: String
        package var area: String
        package var target: Int
        package var unit: String
        package var tag: String
    }

    package static let extraSkills: [Skill] = [
        Skill(id: "chess", title: "Chess puzzles", area: "learning", target: 5, unit: "puzzles", tag: "games"),
        Skill(id: "sketch", title: "Sketch", area: "creative", target: 1, unit: "pages", tag: "art"),
        Skill(id: "piano", title: "Piano scales", area: "creative", target: 15, unit: "minutes", tag: "music"),
        Skill(id: "flashcards", title: "Flashcards", area: "learning", target: 30, unit: "cards", tag: "learning/memory"),
        Skill(id: "inbox-zero", title: "Inbox zero", area: "work", target: 1, unit: "times", tag: "work/email"),
        Skill(id: "deep-work", title: "Deep work block", area: "work", target: 90, unit: "minutes", tag: "work/focus"),
        Skill(id: "floss", title: "Floss", area: "health", target: 1, unit: "times", tag: "health/teeth"),
        Skill(id: "save-coins", title: "Put coins in the jar", area: "finance", target: 5, unit: "EUR", tag: "money"),
        Skill(id: "message-friend", title: "Message a friend", area: "relationships", target: 1, unit: "messages", tag: "people"),
        Skill(id: "yoga", title: "Yoga", area: "health", target: 20, unit: "minutes", tag: "movement"),
        Skill(id: "gratitude", title: "Gratitude list", area: "relationships", target: 3, unit: "items", tag: "mind"),
        Skill(id: "tidy", title: "Tidy ten minutes", area: "work", target: 10, unit: "minutes", tag: "home"),
        Skill(id: "podcast", title: "Listen to a lecture", area: "learning", target: 30, unit: "minutes", tag: "learning/audio"),
        Skill(id: "photo", title: "Take one good photo", area: "creative", target: 1, unit: "photos", tag: "art/photo"),
    ]
}
