import BrainFormat
import BrainAnalytics

/// Momentum as `stats --json` carries it.
package struct MomentumSummary: Hashable, Sendable, Codable {
    @Rounded package var value: Double
    package var label: Momentum.Label
    package var countedDays: Int

    package init(_ momentum: Momentum) {
        value = momentum.value
        label = momentum.label
        countedDays = momentum.countedDays
    }

    package init(value: Double, label: Momentum.Label, countedDays: Int) {
        self.value = value
        self.label = label
        self.countedDays = countedDays
    }
}
