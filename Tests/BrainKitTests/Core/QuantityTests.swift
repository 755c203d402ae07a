import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct QuantityTests {
    @Test(arguments: [
        (24, "24"), (2.5, "2.5"), (0.5, "0.5"), (1.0 / 3, "0.333333"), (-1, "-1"), (0.1 + 0.2, "0.3"),
        (1e15, "1000000000000000"), (10432, "10432"), (2.0000001, "2"),
    ] as [(Double, String)])
    func numbersLoseTrailingZeros(value: Double, expected: String) {
        #expect(Quantity.number(value) == expected)
        #expect(HabitLine.format(value) == expected)
    }

    @Test(arguments: [
        // The common units of habits and goals.
        ("cups", 1, "cup"), ("cups", 2, "cups"), ("cups", 0, "cups"), ("cups", 1.5, "cups"), ("cups", 0.5, "cups"),
        ("pages", 1, "page"), ("minutes", 1, "minute"), ("hours", 1, "hour"), ("steps", 1, "step"),
        ("glasses", 1, "glass"), ("glasses", 2, "glasses"), ("words", 1, "word"), ("times", 1, "time"),
        ("reps", 1, "rep"), ("books", 1, "book"), ("messages", 1, "message"), ("puzzles", 1, "puzzle"),
        // Symbols and units that are no English plural stay as written.
        ("km", 1, "km"), ("km", 0.5, "km"), ("EUR", 1, "EUR"), ("mg", 1, "mg"), ("kWh", 1, "kWh"),
        ("%", 1, "%"), ("km/h", 1, "km/h"), ("ms", 1, "ms"), ("s", 1, "s"), ("MINUTES", 1, "MINUTES"),
        ("m²", 1, "m²"), ("x2s", 1, "x2s"),
        // Already singular.
        ("cup", 1, "cup"), ("cup", 2, "cup"), ("glass", 1, "glass"), ("bus", 1, "bus"),
        ("analysis", 1, "analysis"), ("series", 1, "series"), ("news", 1, "news"), ("kudos", 1, "kudos"),
        // Irregular and -es plurals.
        ("lbs", 1, "lb"), ("feet", 1, "foot"), ("people", 1, "person"), ("stories", 1, "story"),
        ("calories", 1, "calorie"), ("pies", 1, "pie"), ("inches", 1, "inch"), ("boxes", 1, "box"),
        ("dishes", 1, "dish"), ("headaches", 1, "headache"), ("hrs", 1, "hr"), ("mins", 1, "min"),
        // Case and hyphens.
        ("Pages", 1, "Page"), ("Stories", 1, "Story"), ("push-ups", 1, "push-up"), ("sit-ups", 2, "sit-ups"),
        ("km-runs", 1, "km-run"),
    ] as [(String, Double, String)])
    func unitsAgreeWithTheNumber(unit: String, value: Double, expected: String) {
        #expect(Quantity.unit(unit, for: value) == expected)
    }

    @Test func describesNumberAndUnit() {
        #expect(Quantity(1, unit: "cups").description == "1 cup")
        #expect(Quantity(2, unit: "cups").description == "2 cups")
        #expect(Quantity(0.5, unit: "km").description == "0.5 km")
        #expect(Quantity(1, unit: "km").description == "1 km")
        #expect(Quantity(1, unit: "glasses").description == "1 glass")
        #expect(Quantity(3).description == "3")
        #expect(Quantity(1, unit: "").description == "1")
    }

    @Test(arguments: [
        (0.8333, "83 %"), (0.712345, "71 %"), (1, "100 %"), (0, "0 %"), (0.999, "100 %"), (1.5, "150 %"),
        // Halves round up, the same in every view (tables, coach, log headers).
        (0.125, "13 %"), (0.375, "38 %"), (0.625, "63 %"), (0.015, "2 %"),
    ] as [(Double, String)])
    func percentRoundsHalfUpWithASpace(fraction: Double, expected: String) {
        #expect(Quantity.percent(fraction) == expected)
    }

    @Test func percentOfNothingIsADash() {
        #expect(Quantity.percent(nil) == "—")
    }
}
