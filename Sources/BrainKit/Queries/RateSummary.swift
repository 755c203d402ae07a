/// Due days done over a window, and their share (null when nothing was due).
public struct RateSummary: Hashable, Sendable, Codable {
    public var done: Int
    public var due: Int
    @Rounded public var rate: Double?

    public init(_ window: CompletionRates.Window) {
        done = window.done
        due = window.due
        rate = window.rate
    }
}
