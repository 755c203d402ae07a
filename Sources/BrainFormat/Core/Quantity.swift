import Foundation

/// A number with an optional unit, written the way a person reads it: `24 pages`, `1 page`,
/// `0.5 km`, `1 glass`, `2 glasses`.
///
/// The number loses a trailing `.0` and keeps at most six decimals (``number(_:)``).
///
/// The unit agrees with the number by one small rule (``unit(_:for:)``): units are written in
/// the plural, as habits declare them (`unit: cups`), so for a value of exactly 1 an English
/// plural is made singular, and every other unit is kept as written. Brain never pluralises.
/// A unit counts as an English plural when it is a word of at least three letters (hyphens
/// allowed, only the last part changes: `push-ups` → `push-up`) with no capital after its first
/// letter, so symbols such as `km`, `mg`, `kWh`, `EUR`, `%` and `km/h` never change. Then:
/// - a few irregular words: `feet` → `foot`, `lbs` → `lb`, `people` → `person`,
///   `children` → `child`, `teeth` → `tooth`;
/// - words that end in `s` without being plurals stay: those ending in `ss`, `us` or `is`
///   (`glass`, `bus`, `analysis`) and `news`, `series`, `species`, `lens`, `gas`, `kudos`,
///   `pilates`, `yes`, `plus`, `canvas`, `atlas`, `bias`, `chaos`;
/// - `-ies` → `-y` (`stories` → `story`), except words whose singular ends in `-ie`
///   (`calories` → `calorie`, `cookies`, `movies`, `smoothies`, `brownies`, `selfies`, `pies`);
/// - `-sses`, `-shes`, `-ches`, `-xes`, `-zzes` drop `es` (`glasses` → `glass`,
///   `inches` → `inch`, `boxes` → `box`), except `-aches` (`headaches` → `headache`);
/// - any other trailing `s` is dropped (`minutes` → `minute`, `steps` → `step`, `hrs` → `hr`);
/// - a unit that does not end in `s` is already singular (`cup` stays `cup`).
package struct Quantity: Hashable, Sendable, CustomStringConvertible {
    package var value: Double
    package var unit: String?

    package init(_ value: Double, unit: String? = nil) {
        self.value = value
        self.unit = unit
    }

    /// The number, then the unit agreeing with it: `1 cup`, `2.5 km`, `3` without a unit.
    package var description: String {
        guard let unit, !unit.isEmpty else { return Quantity.number(value) }
        return Quantity.number(value) + " " + Quantity.unit(unit, for: value)
    }

    /// A number as written back: no trailing `.0`, at most 6 decimals (`2`, `2.5`, `0.333333`).
    package static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// A value against its target, the one way every view writes it (auto-tracked or typed):
    /// `1 of 2 cups`, `9,682 of 8,000 steps`, `— of 20 pages` when nothing is logged. The unit
    /// agrees with the target by the plural rule of `unit(_:for:)` (`0 of 1 cup`).
    package static func progress(_ value: Double?, of target: Double, unit: String?) -> String {
        let text = (value.map(grouped) ?? "—") + " of " + grouped(target)
        guard let unit, !unit.isEmpty else { return text }
        return text + " " + Quantity.unit(unit, for: target)
    }

    /// The number with its thousands grouped by commas, as progress toward a threshold reads:
    /// `6,210`, `12,345.5`, `0.25`, `-1,000`.
    package static func grouped(_ value: Double) -> String {
        var text = Substring(number(value))
        var sign = ""
        if text.hasPrefix("-") {
            sign = "-"
            text = text.dropFirst()
        }
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        var whole = ""
        for (index, digit) in parts[0].reversed().enumerated() {
            if index > 0 && index % 3 == 0 { whole.append(",") }
            whole.append(digit)
        }
        return sign + String(whole.reversed()) + (parts.count > 1 ? "." + parts[1] : "")
    }

    /// `unit` as it reads after `value`: singular for exactly 1 when it is an English plural
    /// (see the type's rule), otherwise as written.
    package static func unit(_ unit: String, for value: Double) -> String {
        guard value == 1 else { return unit }
        return singular(unit) ?? unit
    }

    /// 3.25 → "3.3", 4 → "4.0": a mean mood or energy, to one decimal.
    package static func tenths(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths < 0 ? "-" : "")\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }

    /// A fraction as a whole percent, `0.8333` → `83 %`, `0.625` → `63 %` (half up), `nil` → `—`.
    /// Every view prints rates, strength and progress this way.
    package static func percent(_ fraction: Double?) -> String {
        fraction.map { "\(wholePercent($0)) %" } ?? "—"
    }

    /// The whole percent `percent` prints: what a label next to it is read from, so `60 %` is never
    /// called what 59 % is (0.6 computed as 0.5999… is 60 % and `strong`).
    package static func wholePercent(_ fraction: Double) -> Int {
        guard fraction.isFinite else { return 0 }
        return Int((min(max(fraction, -1e6), 1e6) * 100).rounded())
    }

    /// `1 day`, `12 days`: a count and a noun that agrees with it.
    package static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    // MARK: - Singular units

    /// The singular of an English plural unit, or nil when `unit` is not one.
    package static func singular(_ unit: String) -> String? {
        var prefix = ""
        var word = unit[...]
        if let dash = unit.lastIndex(of: "-") {
            prefix = String(unit[...dash])
            word = unit[unit.index(after: dash)...]
        }
        guard prefix.allSatisfy({ $0.isLetter || $0 == "-" }), word.count >= 3,
              word.allSatisfy(\.isLetter), !word.dropFirst().contains(where: \.isUppercase) else { return nil }
        let capital = word.first!.isUppercase
        let lower = word.lowercased()
        guard let singular = singularWord(lower) else { return nil }
        return prefix + (capital ? singular.prefix(1).uppercased() + singular.dropFirst() : singular)
    }

    private static let irregular = ["feet": "foot", "lbs": "lb", "people": "person", "children": "child", "teeth": "tooth"]
    private static let notPlural: Set<String> = ["news", "series", "species", "lens", "gas", "kudos", "pilates", "yes",
                                                 "plus", "canvas", "atlas", "bias", "chaos"]
    private static let singularInIE: Set<String> = ["calories", "cookies", "movies", "smoothies", "brownies", "selfies", "pies"]

    /// The singular of a lower-case word, or nil when it is not a plural.
    private static func singularWord(_ word: String) -> String? {
        if let irregular = irregular[word] { return irregular }
        guard word.hasSuffix("s"), !notPlural.contains(word) else { return nil }
        if word.hasSuffix("ss") || word.hasSuffix("us") || word.hasSuffix("is") { return nil }
        if word.hasSuffix("ies") && word.count > 4 && !singularInIE.contains(word) {
            return word.dropLast(3) + "y"
        }
        if word.hasSuffix("aches") { return String(word.dropLast()) }
        if ["sses", "shes", "ches", "xes", "zzes"].contains(where: word.hasSuffix) { return String(word.dropLast(2)) }
        return String(word.dropLast())
    }
}
