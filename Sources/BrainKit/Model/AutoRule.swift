/// An auto-tracking rule: `auto: {source: health, metric: steps, at-least: 8000}`.
public struct AutoRule: Hashable, Sendable, Codable {
    public enum Source: String, Hashable, Sendable, Codable, CaseIterable {
        case health, calendar, csv
    }

    public var source: Source
    public var metric: String
    public var atLeast: Double?
    public var atMost: Double?

    public init(source: Source, metric: String, atLeast: Double? = nil, atMost: Double? = nil) {
        self.source = source
        self.metric = metric
        self.atLeast = atLeast
        self.atMost = atMost
    }
}
