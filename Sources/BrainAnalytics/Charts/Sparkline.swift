import BrainFormat

/// Sparklines of 1–5 scores such as mood and energy: one bar per day, a space for a missing day.
package enum Sparkline {
    package static let bars: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The bar for `value` on a `low...high` scale: index round((value − low) / (high − low) · 7).
    /// With 1–5: 1 ▁, 2 ▃, 3 ▅, 4 ▆, 5 █.
    package static func bar(_ value: Double, low: Double = 1, high: Double = 5) -> Character {
        guard high > low else { return bars[0] }
        let position = ((value - low) / (high - low) * 7).rounded()
        return bars[Int(max(0, min(7, position)))]
    }

    /// One character per value; nil values are gaps (a space).
    package static func render(_ values: [Double?], low: Double = 1, high: Double = 5) -> String {
        String(values.map { $0.map { bar($0, low: low, high: high) } ?? " " })
    }
}
