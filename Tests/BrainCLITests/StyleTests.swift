import Testing
@testable import BrainCLI
@testable import BrainKit

/// What the terminal is sent for good, warn and bad: in 16 colours Ember's and Sand's good would
/// share a colour with bad or warn, so a done habit and a missed one looked alike.
@Suite struct StyleTests {
    static func foreground(_ text: String) -> String? {
        guard let start = text.range(of: "\u{1B}["), let end = text.range(of: "m", range: start.upperBound..<text.endIndex) else { return nil }
        return String(text[start.upperBound..<end.lowerBound])
    }

    @Test(arguments: Palette.all)
    func goodWarnAndBadDifferInEveryMode(_ palette: Palette) {
        for mode in [ColorMode.ansi16, .ansi256, .trueColor] {
            let style = Style(mode: mode, palette: palette)
            let codes = [Style.Role.good, .warn, .bad].map { Self.foreground(style("✓", $0)) }
            #expect(Set(codes).count == 3, "\(palette.theme) \(palette.variant) \(mode.rawValue): \(codes.map { $0 ?? "-" })")
        }
        let ansi16 = Style(mode: .ansi16, palette: palette)
        #expect(Self.foreground(ansi16("✓", .good)) == ColorMode.systemForeground(palette.ansi16Signals.good))
        #expect(Style(mode: .none, palette: palette)("✓", .good) == "✓")
    }
}
