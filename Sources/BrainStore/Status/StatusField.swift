import BrainFormat
import BrainAnalytics

/// One field of the status line, `{name}` in a template. Every field is listed in `all`, which the
/// help, the docs, `--json` and the template parser read: adding a field is adding it there.
package struct StatusField: Sendable {
    package var name: String
    /// What it shows, for `brain help status`.
    package var help: String
    /// The value, or "" when there is none (a part of the template whose fields are all empty is
    /// left out).
    package var value: @Sendable (StatusLine) -> String

    package init(_ name: String, _ help: String, value: @escaping @Sendable (StatusLine) -> String) {
        self.name = name
        self.help = help
        self.value = value
    }

    package static let all: [StatusField] = [
        StatusField("today", "\"3/5 done\", or \"rest day\", or \"nothing due\"") { status in
            let tally = status.overview.tally
            if status.overview.rest { return "rest day" }
            return tally.due == 0 && tally.done == 0 ? "nothing due" : "\(tally.done)/\(tally.due) done"
        },
        StatusField("done", "habits done today (as brain today counts them)") { "\($0.overview.tally.done)" },
        StatusField("due", "habits due today, open ones included") { "\($0.overview.tally.due)" },
        StatusField("open", "habits due and not done yet") { "\(max(0, $0.overview.tally.due - $0.overview.tally.done))" },
        StatusField("next", "the first open habit, in the order of the day (its id)") { status in
            status.overview.groups.flatMap(\.entries).first { $0.state == .open && $0.due }?.id ?? ""
        },
        StatusField("momentum", "momentum's word: dormant, building, flowing, strong, on fire") {
            $0.overview.momentum?.label.rawValue ?? ""
        },
        StatusField("momentum-percent", "momentum as a percentage: \"83 %\"") {
            $0.overview.momentum.map { Quantity.percent($0.value) } ?? ""
        },
        StatusField("streak", "the longest running streak: \"read 20d\" (w weeks, mo months, 4×5d blocks)") { status in
            status.lead.map { "\($0.habit) \($0.compact)" } ?? ""
        },
        StatusField("streak-habit", "the habit of that streak (its id)") { $0.lead?.habit ?? "" },
        StatusField("streak-length", "its length: \"20d\"") { $0.lead?.compact ?? "" },
        StatusField("checkin", "✓ after the morning check-in, else ○") { $0.overview.morning.done ? "✓" : "○" },
        StatusField("mood", "the morning's mood, 1–5") { $0.overview.morning.mood.map(String.init) ?? "" },
        StatusField("energy", "the morning's energy, 1–5") { $0.overview.morning.energy.map(String.init) ?? "" },
        StatusField("rest", "\"rest\" on a rest day") { $0.overview.rest ? "rest" : "" },
        StatusField("date", "the day: 2026-11-22") { $0.day.description },
        StatusField("auto", "each auto-tracked habit due today, its value against the rule as brain track last wrote it: "
                    + "\"walk 6,210 of 8,000 steps\" (several joined by \", \")") { status in
            status.progress.map { "\($0.id) \($0.text)" }.joined(separator: ", ")
        },
    ]

    /// The field named `name`.
    package static func named(_ name: String) -> StatusField? {
        all.first { $0.name == name }
    }
}
