import BrainFormat

/// How alive a life area is: the 7-day consistency of its habits.
package struct AreaVitality: Hashable, Sendable, Codable {
    package enum Label: String, Hashable, Sendable, Codable, CaseIterable {
        /// consistency ≥ 0.70
        case thriving
        /// 0.30 ≤ consistency < 0.70
        case fading
        /// consistency < 0.30
        case dormant
        /// No habit of the area was due in the window.
        case resting
    }

    package var area: String
    /// Weighted mean of the area's habits' 7-day completion rates; nil when resting.
    package var consistency: Double?
    package var label: Label

    package init(area: String, consistency: Double?) {
        self.area = area
        self.consistency = consistency
        switch consistency {
        case nil: label = .resting
        // From the value as printed, as every label.
        case let value? where Quantity.wholePercent(value) >= 70: label = .thriving
        case let value? where Quantity.wholePercent(value) >= 30: label = .fading
        default: label = .dormant
        }
    }

    /// Vitality of each area. A habit belongs to the area its `area:` names (case-insensitive);
    /// its 7-day completion rate (`CompletionRates.week`) counts with the habit's `weight`;
    /// habits with nothing due in the window are left out.
    package static func compute(areas: [Area], schedules: [Schedule], closed: Bool = false) -> [AreaVitality] {
        let areaKeys = schedules.map { $0.habit.area.map(LinkTarget.key) }
        return areas.map { area in
            let key = area.id.lowercased()
            var sum = 0.0
            var weights = 0.0
            for (schedule, areaKey) in zip(schedules, areaKeys) where areaKey == key {
                guard let rate = CompletionRates.window(schedule, days: 7, closed: closed).rate else { continue }
                sum += schedule.habit.weight * rate
                weights += schedule.habit.weight
            }
            return AreaVitality(area: area.id, consistency: weights > 0 ? sum / weights : nil)
        }
    }

    /// Identity score: the areas' consistency averaged with the areas' `weight`, resting areas
    /// left out; nil when every area rests.
    package static func identityScore(_ vitality: [AreaVitality], areas: [Area]) -> Double? {
        var sum = 0.0
        var weights = 0.0
        for item in vitality {
            guard let consistency = item.consistency else { continue }
            let weight = areas.first(where: { $0.id == item.area })?.weight ?? 1
            sum += weight * consistency
            weights += weight
        }
        return weights > 0 ? sum / weights : nil
    }
}
