import Foundation

/// Momentum: how the last 21 days went, recent days weighing most.
public struct Momentum: Hashable, Sendable, Codable {
    public enum Label: String, Hashable, Sendable, Codable, CaseIterable {
        case dormant
        case building
        case flowing
        case strong
        case onFire = "on fire"

        /// dormant < 0.2 ≤ building < 0.4 ≤ flowing < 0.6 ≤ strong < 0.8 ≤ on fire.
        public init(_ value: Double) {
            switch value {
            case ..<0.2: self = .dormant
            case ..<0.4: self = .building
            case ..<0.6: self = .flowing
            case ..<0.8: self = .strong
            default: self = .onFire
            }
        }
    }

    public static let windowDays = 21
    public static let decay = 0.88

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

    /// Momentum on `schedules[0].today` over the given habits: each day d of the 21 ending today
    /// weighs 0.88^(days ago); its value is done/due over the habits due that day (`Schedule.isDue`);
    /// days where nothing was due are left out of both sums, and so is a habit still open today.
    /// nil when nothing was due in the window.
    public init?(schedules: [Schedule], today: Day) {
        var weighted = 0.0
        var weights = 0.0
        var counted = 0
        for daysAgo in 0..<Momentum.windowDays {
            let day = today.adding(days: -daysAgo)
            var due = 0
            var done = 0
            for schedule in schedules where schedule.isDue(on: day) {
                let isDone = schedule.isDone(on: day)
                if daysAgo == 0, !isDone { continue }
                due += 1
                if isDone { done += 1 }
            }
            guard due > 0 else { continue }
            let weight = pow(Momentum.decay, Double(daysAgo))
            weighted += weight * Double(done) / Double(due)
            weights += weight
            counted += 1
        }
        guard weights > 0 else { return nil }
        self.init(value: weighted / weights, countedDays: counted)
    }
}
