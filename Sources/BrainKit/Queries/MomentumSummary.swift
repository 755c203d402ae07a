/// Momentum as `stats --json` carries it.
public struct MomentumSummary: Hashable, Sendable, Codable {
    @Rounded public var value: Double
    public var label: Momentum.Label
    public var countedDays: Int

    public init(_ momentum: Momentum) {
        value = momentum.value
        label = momentum.label
        countedDays = momentum.countedDays
    }

    init(value: Double, label: Momentum.Label, countedDays: Int) {
        self.value = value
        self.label = label
        self.countedDays = countedDays
    }
}
