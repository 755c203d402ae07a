import BrainFormat
import BrainAnalytics
import BrainStore

/// One goal of a demo vault.
package struct DemoGoal: Sendable, Hashable {
    package var id: String
    package var title: String
    package var area: String
    package var parent: String?
    package var status = "active"
    /// Start as a share of the generated span; nil for none.
    package var startAt: Double?
    /// Due date, in days after the last generated day (negative: in the past).
    package var dueIn: Int?
    package var target: Int?
    package var current: Int?
    package var unit: String?
    package var habits: [String] = []
    /// Milestones: state (" ", "x", "-") and text.
    package var milestones: [(String, String)] = []
    package var tags: [String] = []
    package var pinned = false
    package var story: String

    package static func == (lhs: DemoGoal, rhs: DemoGoal) -> Bool { lhs.id == rhs.id }
    package func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// Eight goals (three of them subgoals) for the default habits, plus one per four extra habits.
    package static func catalog(habits: [DemoHabit]) -> [DemoGoal] {
        let ids = Set(habits.map(\.id))
        func serving(_ list: [String]) -> [String] { list.filter(ids.contains) }
        var run = DemoGoal(id: "run-5k", title: "Run 5 km", area: "health", story: "Nine weeks, three runs a week.")
        run.startAt = 0.1; run.dueIn = 60; run.habits = serving(["run", "strength", "walk"]); run.tags = ["running", "fitness"]
        run.milestones = [("x", "Run 10 minutes without stopping"), ("x", "Run 20 minutes without stopping"), (" ", "Run 5 km in one go")]
        run.pinned = true
        var parkrun = DemoGoal(id: "first-parkrun", title: "First parkrun", area: "health", parent: "run-5k",
                               story: "Saturday morning, 9:00, in the big park.")
        parkrun.dueIn = 25
        var books = DemoGoal(id: "read-24-books", title: "Read 24 books this year", area: "learning",
                             story: "Two a month, mostly fiction.")
        books.startAt = 0; books.dueIn = 40; books.target = 24; books.current = 19; books.unit = "books"
        books.habits = serving(["read"]); books.tags = ["reading"]
        var sleep = DemoGoal(id: "sleep-better", title: "Sleep better", area: "health", story: "Seven and a half hours, most nights.")
        sleep.habits = serving(["coffee", "no-doomscrolling", "meditate"]); sleep.dueIn = 120; sleep.tags = ["sleep"]
        sleep.milestones = [("x", "Phone out of the bedroom"), (" ", "A month of lights out by 23:00"), ("-", "Blackout curtains")]
        var fund = DemoGoal(id: "emergency-fund", title: "Emergency fund", area: "finance",
                            story: "Three months of fixed costs in a separate account.")
        fund.startAt = 0.2; fund.dueIn = 130; fund.target = 3000; fund.current = 1850; fund.unit = "EUR"
        fund.habits = serving(["review-budget"]); fund.tags = ["money", "savings"]
        fund.milestones = [("x", "Open a separate savings account"), ("x", "1000 saved"), (" ", "2000 saved"), (" ", "3000 saved")]
        var novel = DemoGoal(id: "write-a-novel", title: "Write a novel", area: "creative",
                             story: "The lighthouse keeper's story, a scene at a time.")
        novel.dueIn = 365; novel.habits = serving(["write", "journal"]); novel.tags = ["writing"]
        var outline = DemoGoal(id: "outline-the-novel", title: "Outline the novel", area: "creative", parent: "write-a-novel",
                               story: "Twenty-four chapters on index cards.")
        outline.status = "done"; outline.dueIn = -30
        var act = DemoGoal(id: "first-act", title: "First act of the novel", area: "creative", parent: "write-a-novel",
                           story: "Chapters 1–8: the arrival, the storm, the letter.")
        act.target = 25000; act.current = 11500; act.unit = "words"; act.dueIn = 150
        var result = [run, parkrun, books, sleep, fund, novel, outline, act]
        let extra = habits.dropFirst(12)
        var number = 0
        var chunk: [DemoHabit] = []
        for habit in extra {
            chunk.append(habit)
            if chunk.count == 4 {
                number += 1
                var goal = DemoGoal(id: "get-better-\(number)", title: "Get better at \(chunk[0].title.lowercased())",
                                    area: chunk[0].area, story: "A season of steady practice.")
                goal.habits = chunk.map(\.id); goal.dueIn = 30 * number; goal.startAt = 0.5
                goal.milestones = [("x", "Pick a routine"), (" ", "Thirty days in a row")]
                if number % 3 == 0 { goal.parent = "get-better-\(number - 1)" }
                if number % 4 == 0 { goal.status = "dropped" }
                result.append(goal)
                chunk = []
            }
        }
        return result
    }
}
