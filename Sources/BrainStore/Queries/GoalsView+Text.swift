import BrainFormat
import BrainAnalytics

/// A goal's facts in words, the same in `brain goals` and the report.
extension GoalsView.Entry {
    /// The goal's pace as a sentence: what was recorded and where it leads, and a verdict
    /// ("84 days early", "no progress") that a view may colour by its tone.
    package struct PaceText: Hashable, Sendable {
        package enum Tone: Hashable, Sendable {
            case good, warn
        }

        /// "pace: 1000 → 1850 EUR since 25 Sep (+99 EUR a week): done 6 Jan 2027".
        package var text: String
        /// True when the whole sentence is a side remark (not enough data yet).
        package var isNote: Bool
        package var verdict: String?
        package var tone: Tone?
    }

    /// `subgoals 50 %`, `milestones 2/5`, `2/5 km`, `due 12 May`: the parts the progress is made of.
    package func partsText(today: Day) -> [String] {
        var parts: [String] = []
        if let subgoals = self.parts.subgoals { parts.append("subgoals \(Quantity.percent(subgoals.value))") }
        if let milestones = self.parts.milestones { parts.append("milestones \(milestones.done)/\(milestones.total)") }
        if let measurable = self.parts.measurable, let target = measurable.target {
            parts.append(Quantity.progress(measurable.current, of: target, unit: measurable.unit))
        }
        if let due { parts.append("due \(due.short(today: today))") }
        return parts
    }

    /// `overdue 7 days` when the goal's due date has passed and it is not complete.
    package var overdueText: String? {
        daysOverdue.map { "overdue \(Quantity.count($0, "day"))" }
    }

    /// `effort: habits 80 % over 30 days (Run, Walk)`, when habits are linked.
    package var effortText: String? {
        effort.map { "effort: habits \(Quantity.percent($0.value)) over 30 days (\($0.titles.joined(separator: ", ")))" }
    }

    /// The pace sentence, or nil when the goal has nothing to project from.
    package func paceText(today: Day) -> PaceText? {
        switch pace.status {
        case .none:
            return nil
        case .notEnoughData:
            return PaceText(text: "pace: not enough data yet (brain goal progress records each value with its day)", isNote: true)
        case .stalled, .projected:
            guard let from = pace.from, let latest = pace.latest, let rate = pace.ratePerDay else { return nil }
            let amounts: String
            if pace.basis == .milestones, let milestones = parts.milestones {
                let total = Double(milestones.total)
                amounts = "\(Quantity.number((from.value * total).rounded())) → \(Quantity.number((latest.value * total).rounded())) of \(milestones.total) milestones"
            } else {
                let unit = parts.measurable?.unit.map { " " + $0 } ?? ""
                amounts = "\(Quantity.number(from.value)) → \(Quantity.number(latest.value))\(unit)"
            }
            let since = "pace: \(amounts) since \(from.day.short(today: today))"
            guard pace.status == .projected, let finish = pace.finish else {
                return PaceText(text: since, isNote: false, verdict: "no progress", tone: .warn)
            }
            var perWeek = ""
            if pace.basis == .measurable {
                let week = rate * 7
                let amount = week >= 10 ? week.rounded() : (week * 10).rounded() / 10
                // `+1 book a week`, `+2 books a week`: the unit agrees with the number shown.
                let unit = parts.measurable?.unit.map { " " + Quantity.unit($0, for: amount) } ?? ""
                perWeek = " (+\(Quantity.number(amount))\(unit) a week)"
            }
            var text = PaceText(text: since + perWeek + ": done \(finish.short(today: today))", isNote: false)
            if let late = pace.daysLate {
                text.verdict = late > 0 ? "\(late) \(late == 1 ? "day" : "days") late"
                    : late < 0 ? "\(-late) \(late == -1 ? "day" : "days") early" : "on the day"
                text.tone = late > 0 ? .warn : .good
            }
            return text
        }
    }
}
