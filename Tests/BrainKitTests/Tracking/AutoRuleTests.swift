import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// `auto:` rules as habits write them: what is accepted, the defaults, and what `validate` says.
@Suite struct AutoRuleTests {
    static func habit(_ auto: String) -> Habit {
        let document = Document(text: "---\ntitle: Walk\nauto: \(auto)\n---\n")
        return Habit(id: "walk", frontMatter: document.frontMatter, bodyTitle: nil)
    }

    struct Case: Sendable, CustomStringConvertible {
        var auto: String
        var rule: AutoRule?
        var issues: [String] = []
        var description: String { auto }
    }

    static let cases: [Case] = [
        Case(auto: "{source: health, metric: steps, at-least: 8000}", rule: AutoRule(source: "health", metric: "steps", atLeast: 8000)),
        Case(auto: "{source: Health, metric: sleep-hours, at-least: 7, per-day: max}",
             rule: AutoRule(source: "health", metric: "sleep-hours", atLeast: 7, perDay: .max)),
        Case(auto: "{source: health, metric: workout-minutes, match: \"running|cycling\", at-least: 20}",
             rule: AutoRule(source: "health", metric: "workout-minutes", atLeast: 20, match: "running|cycling")),
        Case(auto: "{source: calendar, match: \"Gym|Yoga\", at-least-minutes: 30}",
             rule: AutoRule(source: "calendar", metric: "minutes", atLeast: 30, match: "Gym|Yoga")),
        Case(auto: "{source: calendar, match: Standup}", rule: AutoRule(source: "calendar", metric: "events", atLeast: 1, match: "Standup")),
        Case(auto: "{source: calendar, metric: events, at-most: 4}", rule: AutoRule(source: "calendar", metric: "events", atMost: 4)),
        Case(auto: "{source: csv, metric: screen-minutes, at-most: 60}", rule: AutoRule(source: "csv", metric: "screen-minutes", atMost: 60)),
        Case(auto: "{source: fitbit, metric: steps, at-least: 1}", issues: ["unknown auto source \"fitbit\": expected health, calendar, csv"]),
        Case(auto: "{source: health, metric: stpes, at-least: 1}",
             issues: ["auto: unknown health metric \"stpes\": expected steps, distance, active-energy, exercise-minutes, flights, "
                      + "mindful-minutes, sleep-hours, workout-minutes, workouts; did you mean steps?"]),
        Case(auto: "{source: health, metric: steps}", issues: ["auto: auto needs a threshold: at-least: N or at-most: N"]),
        Case(auto: "{source: health, metric: steps, at-least: 1, at-most: 9}", issues: ["auto takes one threshold, at-least or at-most, not both"]),
        Case(auto: "{source: health, metric: steps, match: walk, at-least: 1}",
             issues: ["auto: match does not apply to health steps; it narrows workout-minutes and workouts"]),
        Case(auto: "{source: calendar, match: \"(gym\", at-least: 1}", issues: ["auto: match \"(gym\" is not a valid regular expression"]),
        Case(auto: "{source: csv, at-most: 60}", issues: ["auto: auto needs a metric, e.g. screen-minutes"]),
        Case(auto: "{source: calendar, match: \"(a+)+$\", at-least: 1}",
             issues: ["auto: match \"(a+)+$\" repeats a group that holds a repetition ((a+)+), which can take exponential time "
                      + "to match; write it without the outer repetition"]),
        Case(auto: "{source: health, metric: workouts, match: \"^(\\\\w+\\\\s?){2,}$\", at-least: 1}",
             issues: ["auto: match \"^(\\w+\\s?){2,}$\" repeats a group that holds a repetition ((\\w+\\s?){2,}), which can take "
                      + "exponential time to match; write it without the outer repetition"]),
        Case(auto: "{source: calendar, match: \"(?:gym|yoga)+ [a-z(+]+ (run)? \\\\(x+\\\\)*\", at-least: 1}",
             rule: AutoRule(source: "calendar", metric: "events", atLeast: 1, match: "(?:gym|yoga)+ [a-z(+]+ (run)? \\(x+\\)*")),

        Case(auto: "{source: health, metric: steps, at-least: 1, per-day: avg}",
             issues: ["auto: unknown per-day \"avg\": expected sum, max, min"]),
        Case(auto: "{source: health, metric: steps, at-leest: 8000}",
             issues: ["auto: unknown key \"at-leest\"; did you mean \"at-least\"?", "auto: auto needs a threshold: at-least: N or at-most: N"]),
        Case(auto: "{metric: steps, at-least: 1}", issues: ["auto needs a source: health, calendar, csv"]),
        Case(auto: "{source: health, metric: distance, at-least-minutes: 3}",
             issues: ["auto: at-least-minutes and at-most-minutes are for metric minutes, not distance"]),
        Case(auto: "steps", issues: ["auto must be a map {source: health, metric: steps, at-least: N}"]),
    ]

    @Test(arguments: cases)
    func rulesAreReadAndCheckedBySource(_ example: Case) {
        let habit = Self.habit(example.auto)
        #expect(habit.auto == example.rule)
        #expect(habit.issues.map(\.message) == example.issues)
        #expect(habit.issues.allSatisfy { $0.key == "auto" })
    }

    @Test func theMarkerAndTheSummarySayTheRule() {
        let rule = AutoRule(source: "health", metric: "steps", atLeast: 8000)
        #expect(rule.marker == "(auto: health ≥ 8000)")
        #expect(rule.summary == "health steps ≥ 8000")
        #expect(rule.isMet(8000) && !rule.isMet(7999.5))
        let screen = AutoRule(source: "csv", metric: "screen-minutes", atMost: 60.5)
        #expect(screen.marker == "(auto: csv ≤ 60.5)" && screen.isMet(60.5) && !screen.isMet(61))
        let gym = AutoRule(source: "calendar", metric: "minutes", atLeast: 30, match: "Gym|Yoga", perDay: .max)
        #expect(gym.summary == "calendar \"Gym|Yoga\" minutes (max per day) ≥ 30")
        #expect(AutoLine.Marker("(auto: csv ≤ 60.5)") == AutoLine.Marker("(auto: csv ≤ 60.5)") && AutoLine.Marker("(auto: csv ≤ 60.5)")?.atMost == true)
        #expect(AutoLine.Marker("(auto: health >= 8000)") == nil && AutoLine.Marker("auto: health ≥ 8000") == nil)
    }

    @Test func metricValuesAreRoundedAsWritten() {
        #expect(Quantity.grouped(6210) == "6,210" && Quantity.grouped(1_234_567.25) == "1,234,567.25")
        #expect(Quantity.grouped(-1000) == "-1,000" && Quantity.grouped(0.5) == "0.5" && Quantity.grouped(999) == "999")
        #expect(TrackingSources.metric(of: AutoRule(source: "health", metric: "distance", atLeast: 5))?.rounded(5.236) == 5.24)
        #expect(TrackingSources.metric(of: AutoRule(source: "health", metric: "steps", atLeast: 5))?.rounded(10431.6) == 10432)
    }
}
