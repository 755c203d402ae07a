import BrainFormat
import BrainAnalytics

/// Due days done over a window, and their share (null when nothing was due).
package struct RateSummary: Hashable, Sendable, Codable {
    package var done: Int
    package var due: Int
    @Rounded package var rate: Double?

    package init(_ window: CompletionRates.Window) {
        done = window.done
        due = window.due
        rate = window.rate
    }
}
