import BrainKit
import Foundation

/// Number and day formats shared by the read commands' text output.
enum Format {
    /// 0.712345 → "0.71".
    static func ratio(_ value: Double) -> String { String(format: "%.2f", value) }

    /// 0.712345 → "71 %" (`Quantity.percent`, as every view prints a share).
    static func percent(_ value: Double?) -> String {
        Quantity.percent(value)
    }

    /// 1 day, 12 days.
    static func count(_ number: Int, _ unit: String) -> String {
        Quantity.count(number, unit)
    }

    /// 3.25 → "3.3", 4 → "4.0": a mean mood or energy.
    static func tenths(_ value: Double) -> String {
        Quantity.tenths(value)
    }

    /// 20 → "20", 2.5 → "2.5" (`Quantity.number`).
    static func number(_ value: Double) -> String {
        Quantity.number(value)
    }

    /// Momentum as every view prints it: "83 % on fire".
    static func momentum(_ momentum: Momentum) -> String {
        "\(Quantity.percent(momentum.value)) \(momentum.label.rawValue)"
    }

    /// Momentum as every view prints it, from its JSON form.
    static func momentum(_ momentum: MomentumSummary) -> String {
        "\(Quantity.percent(momentum.value)) \(momentum.label.rawValue)"
    }

    /// A share as the tables print it ("71 %"), or "—" when there is none.
    static func share(_ value: Double?) -> String {
        Quantity.percent(value)
    }
}
