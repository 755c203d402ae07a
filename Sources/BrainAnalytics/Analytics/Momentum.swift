import Foundation
import BrainFormat

/// Momentum: how the last 21 days went, recent days weighing most.
public struct Momentum: Hashable, Sendable, Codable {
    /// The word a momentum value is shown with.
    public enum Label: String, Hashable, Sendable, Codable, CaseIterable {
        case dormant
        case building
        case flowing
        case strong
        case onFire = "on fire"

        /// dormant < 20 % ≤ building < 40 % ≤ flowing < 60 % ≤ strong < 80 % ≤ on fire, of the value
        /// as printed (a whole percent, `Quantity.percent`).
        public init(_ value: Double) {
            switch Quantity.wholePercent(value) {
            case ..<20: self = .dormant
            case ..<40: self = .building
            case ..<60: self = .flowing
            case ..<80: self = .strong
            default: self = .onFire
            }
        }
    }

    public static let windowDays = 21
    public static let decay = 0.88

    /// The five states in one line, for the legend under a view that shows them.
    public static let legend = "momentum, the last 21 days with recent days weighing most: "
        + "dormant < 20 % ≤ building < 40 % ≤ flowing < 60 % ≤ strong < 80 % ≤ on fire"

    /// Σ w·v / Σ w over the counted days, 0–1.
    public var value: Double
    public var label: Label
    /// Days of the window on which something was due.
    public var countedDays: Int

    public init(value: Double, countedDays: Int) {
        self.value = value
        self.label = Label(value)
        self.countedDays = countedDays
    }

    /// Momentum on `today` over the given habits: each day d of the 21 ending today (for a periodic
    /// habit, at least its current and previous period: `Schedule.momentumDays`) weighs
    /// 0.88^(days ago); its value is the mean, over the habits that count that day, of each habit's
    /// value (`Schedule.momentumValue(on:)`): 1 for a due day done and 0 for a due day missed, and for
    /// `N/week`, `N/month` and `N in M days` the share of its period's quota met, on every active
    /// day of the period, once the period is met, over, or out of reach. Days where no habit counts are left out of
    /// both sums, so is a habit still open today. nil when nothing counted in the window.
    package init?(schedules: [Schedule], today asked: Day) {
        // Days that have not happened count for nothing: the window ends on the schedules' last day.
        let today = schedules.map(\.today).max().map { min(asked, $0) } ?? asked
        var weighted = 0.0
        var weights = 0.0
        var counted = 0
        let spans = schedules.map { $0.momentumDays }
        for daysAgo in 0..<(spans.max() ?? 0) {
            let day = today.adding(days: -daysAgo)
            var sum = 0.0
            var habits = 0
            for (schedule, span) in zip(schedules, spans) where daysAgo < span {
                guard let value = schedule.momentumValue(on: day) else { continue }
                sum += value
                habits += 1
            }
            guard habits > 0 else { continue }
            let weight = pow(Momentum.decay, Double(daysAgo))
            weighted += weight * sum / Double(habits)
            weights += weight
            counted += 1
        }
        guard weights > 0 else { return nil }
        self.init(value: weighted / weights, countedDays: counted)
    }
}

extension Schedule {
    /// The days momentum looks back over: 21, or for a periodic habit at least its current period
    /// and the one before, so a monthly habit always has a finished month to show.
    package var momentumDays: Int {
        guard habit.frequency.isPeriodic,
              let current = periodList.lastIndex(where: { $0.start <= today }) else { return Momentum.windowDays }
        let start = periodList[max(0, current - 1)].start
        return max(Momentum.windowDays, start.distance(to: today) + 1)
    }

    /// What `day` adds to momentum, 0–1; nil when it counts for nothing.
    ///
    /// Day-based habits: 1 for a due day done, 0 for a due day missed, nothing for a day not due or
    /// still open today. `N/week`, `N/month`, `N in M days`: every active day of a period (not rest,
    /// skipped or paused) carries min(done, required) / required of its period once the period is met,
    /// over, or can no longer be met, so a habit kept perfectly is worth 1 whichever days it falls on;
    /// the days of a period that can still be met count for nothing yet.
    package func momentumValue(on day: Day) -> Double? {
        guard let index = index(of: day) else { return nil }
        guard habit.frequency.isPeriodic else {
            switch status(on: day) {
            case .done: return 1
            case .missed: return 0
            default: return nil
            }
        }
        guard kinds[index] == .due || done[index] && kinds[index] != .inactive else { return nil }
        guard let period = periodList.last(where: { $0.start <= day }), day <= period.end else { return nil }
        switch period.state {
        case .met: return 1
        case .missed: return Double(min(period.done, period.required)) / Double(period.required)
        case .neutral: return nil
        case .open:
            // An open period counts once it can no longer be met, so a lapse shows as soon as it is sure.
            guard let last = self.index(of: today) else { return nil }
            var possible = kinds[last] == .due && !done[last] && todayIsOpen ? 1 : 0
            var next = today.adding(days: 1)
            while next <= period.end {
                if isCalendarActive(next) { possible += 1 }
                next = next.adding(days: 1)
            }
            return period.done + possible < period.required ? Double(period.done) / Double(period.required) : nil
        }
    }
}
