import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct PaletteTests {
    static let palettes = Theme.allCases.flatMap { theme in Palette.Variant.allCases.map { (theme, $0) } }

    /// WCAG 2 contrast, computed here from the definition rather than through `RGB.contrast`, so a
    /// mistake in the library cannot hide a palette that fails.
    static func contrast(_ a: RGB, _ b: RGB) -> Double {
        func channel(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        func luminance(_ color: RGB) -> Double {
            0.2126 * channel(color.red) + 0.7152 * channel(color.green) + 0.0722 * channel(color.blue)
        }
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    @Test(arguments: palettes)
    func everyTextColourReadsOnTheBackground(_ item: (Theme, Palette.Variant)) {
        let palette = item.0.palette(item.1)
        #expect(palette.theme == item.0 && palette.variant == item.1)
        for (name, color) in palette.textColors {
            for (ground, background) in [("background", palette.background), ("surface", palette.surface)] {
                let ratio = Self.contrast(color, background)
                #expect(ratio >= 4.5, "\(item.0) \(item.1): \(name) \(color) on \(ground) \(background) is \(ratio):1, below 4.5:1")
                #expect(abs(color.contrast(with: background) - ratio) < 1e-9)
            }
        }
    }

    @Test(arguments: palettes)
    func heatmapLevelsGrowFromTheBackground(_ item: (Theme, Palette.Variant)) {
        let palette = item.0.palette(item.1)
        #expect(palette.levels.count == 5)
        // The empty cell is visible but quiet: close to the page, never the near-black of old.
        let empty = Self.contrast(palette.levels[0], palette.background)
        #expect(empty > 1.05 && empty < 1.6, "\(item.0) \(item.1): empty cell contrast \(empty)")
        // Each level stands further from the background than the one before; level 4 clearly.
        let steps = palette.levels.map { Self.contrast($0, palette.background) }
        #expect(steps == steps.sorted() && Set(steps).count == 5, "\(item.0) \(item.1): levels \(steps)")
        #expect(steps[4] >= 3, "\(item.0) \(item.1): level 4 contrast \(steps[4])")
        if item.1 == .light { #expect(palette.levels[0].relativeLuminance > 0.7) }
    }

    @Test func lightAndDarkDiffer() {
        for theme in Theme.allCases {
            let light = theme.palette(.light)
            let dark = theme.palette(.dark)
            #expect(light.background.relativeLuminance > 0.8)
            #expect(dark.background.relativeLuminance < 0.02)
            #expect(light.text.relativeLuminance < dark.text.relativeLuminance)
        }
        #expect(Set(Palette.all.map(\.accent)).count == Palette.all.count)
    }

    @Test func knownContrastsAndLuminance() {
        let black = RGB(hex: "#000000")!
        let white = RGB(hex: "#FFFFFF")!
        #expect(black.contrast(with: white) == 21)
        #expect(white.contrast(with: white) == 1)
        #expect(abs(RGB(hex: "#777777")!.contrast(with: white) - 4.478) < 0.001)
        #expect(RGB(hex: "#12ab9F")?.hex == "#12ab9f")
        #expect(RGB(hex: "12ab9f") == RGB(red: 0x12, green: 0xAB, blue: 0x9F))
        for bad in ["", "#12345", "#1234567", "#12345g", "red"] { #expect(RGB(hex: bad) == nil) }
    }

    @Test func themesByNameOldNamesIncluded() throws {
        #expect(Theme.named("Ember")?.theme == .ember)
        #expect(Theme.named("forest")?.renamedFrom == nil)
        let sunset = try #require(Theme.named("sunset"))
        #expect(sunset.theme == .ember && sunset.renamedFrom == "sunset")
        #expect(Theme.named("LAVENDER")?.theme == .aurora)
        #expect(Theme.named("mono")?.theme == .sand)
        #expect(Theme.named("ocean")?.theme == .ocean)
        #expect(Theme.named("neon") == nil)
    }

    @Test func xterm256PicksTheNearestCubeOrGrey() {
        #expect(RGB(hex: "#000000")!.xterm256 == 16)
        #expect(RGB(hex: "#ffffff")!.xterm256 == 231)
        #expect(RGB(hex: "#ff0000")!.xterm256 == 196)
        #expect(RGB(hex: "#5f87af")!.xterm256 == 67)
        #expect(RGB(hex: "#808080")!.xterm256 == 244)
        #expect(RGB(hex: "#121212")!.xterm256 == 233)
    }

    @Test func colourModeFollowsTheEnvironment() {
        func mode(_ environment: [String: String], terminal: Bool = true, flag: Bool = false) -> ColorMode {
            ColorMode.resolve(environment: environment, isTerminal: terminal, noColorFlag: flag)
        }
        // TERM as terminal programs read it: 256 colours when it says so, else the 16 system colours.
        #expect(mode([:]) == .ansi16)
        for term in ["xterm", "screen", "linux", "vt100", "rxvt-unicode"] { #expect(mode(["TERM": term]) == .ansi16, "\(term)") }
        for term in ["xterm-256color", "tmux-256color", "screen-256color"] { #expect(mode(["TERM": term]) == .ansi256, "\(term)") }
        #expect(mode(["TERM": "dumb"]) == .none)
        #expect(mode(["TERM": "dumb", "COLORTERM": "truecolor"]) == .none)
        #expect(mode(["TERM": "xterm", "COLORTERM": "truecolor"]) == .trueColor)
        #expect(mode(["COLORTERM": "truecolor"]) == .trueColor)
        #expect(mode(["COLORTERM": "24bit"]) == .trueColor)
        #expect(mode(["COLORTERM": "yes", "TERM": "xterm-256color"]) == .ansi256)
        #expect(mode(["COLORTERM": "yes", "TERM": "xterm"]) == .ansi16)
        #expect(mode(["BRAIN_COLOR": "16", "TERM": "xterm-256color"]) == .ansi16)
        #expect(mode(["TERM": "xterm-256color", "NO_COLOR": "1"]) == .none)
        #expect(mode(["COLORTERM": "truecolor"], terminal: false) == .none)
        #expect(mode(["COLORTERM": "truecolor", "NO_COLOR": "1"]) == .none)
        #expect(mode(["NO_COLOR": ""]) == .ansi16)
        #expect(mode([:], flag: true) == .none)
        #expect(mode(["BRAIN_COLOR": "truecolor"], terminal: false) == .trueColor)
        #expect(mode(["BRAIN_COLOR": "256", "COLORTERM": "truecolor"]) == .ansi256)
        #expect(mode(["BRAIN_COLOR": "truecolor", "NO_COLOR": "1"], terminal: false) == .none)
        let color = RGB(hex: "#ff9a5c")!
        #expect(ColorMode.trueColor.foreground(color) == "38;2;255;154;92")
        #expect(ColorMode.ansi256.foreground(color) == "38;5;\(color.xterm256)")
        #expect(ColorMode.none.foreground(color) == "")
    }

    /// Each of the 16 system colours (xterm's values) is its own nearest, with its own SGR code:
    /// 30–37, then the bright ones 90–97.
    @Test func ansi16MapsTheSystemColoursToThemselves() {
        for (index, color) in RGB.ansi16Defaults.enumerated() {
            #expect(color.ansi16 == index, "\(color)")
            #expect(ColorMode.ansi16.foreground(color) == String(index < 8 ? 30 + index : 82 + index), "\(color)")
        }
    }

    /// Colours whose answer follows from the rule: the hue decides the family (`#8a5300`, a brown
    /// at 36°, is nearer yellow's 60° than red's 0°), the distance normal or bright, and a colour
    /// with little chroma is a grey.
    @Test(arguments: [
        ("#b3261e", 1), ("#ff8075", 9), ("#1e6b32", 2), ("#6ee08d", 2), ("#8a5300", 3), ("#f2c14e", 3),
        ("#0b5a96", 6), ("#6437bd", 12), ("#b79bff", 12), ("#c000c0", 5), ("#ff80ff", 13),
        ("#6b5246", 8), ("#2b1b14", 0), ("#f6e9e1", 7), ("#c8c8c8", 7), ("#ffff66", 11),
    ])
    func ansi16KeepsTheHueAndPicksTheShade(hex: String, expected: Int) throws {
        let color = try #require(RGB(hex: hex))
        #expect(color.ansi16 == expected)
        // The pick is the nearer of its family's two (or of the four greys) by distance in sRGB.
        let family = expected % 8 == 0 || expected % 8 == 7 ? [0, 7, 8, 15] : [expected % 8, expected % 8 + 8]
        func distance(_ index: Int) -> Int {
            let other = RGB.ansi16Defaults[index]
            let d = [Int(other.red) - Int(color.red), Int(other.green) - Int(color.green), Int(other.blue) - Int(color.blue)]
            return d.map { $0 * $0 }.reduce(0, +)
        }
        #expect(family.allSatisfy { distance(expected) <= distance($0) })
    }

    /// In 16 colours every theme keeps the meaning of its colours: bad is red, warn yellow, good
    /// a colour (not a grey), muted a grey, and text the grey of its variant (light on dark).
    @Test(arguments: Palette.all)
    func ansi16KeepsEachPalettesMeaning(_ palette: Palette) {
        let greys: Set = [0, 7, 8, 15]
        #expect([1, 9].contains(palette.bad.ansi16), "\(palette.theme) \(palette.variant) bad")
        #expect([3, 11].contains(palette.warn.ansi16), "\(palette.theme) \(palette.variant) warn")
        #expect(!greys.contains(palette.good.ansi16), "\(palette.theme) \(palette.variant) good")
        #expect(!greys.contains(palette.accent.ansi16), "\(palette.theme) \(palette.variant) accent")
        #expect(greys.contains(palette.muted.ansi16), "\(palette.theme) \(palette.variant) muted")
        #expect((palette.variant == .dark ? [7, 15] : [0, 8]).contains(palette.text.ansi16), "\(palette.theme) \(palette.variant) text")
    }

    /// What a 16-colour terminal shows for good, warn and bad are three different colours in
    /// every theme: Ember's orange good and Sand's gold good would be red and yellow by hue alone,
    /// the colours of bad and warn; they are green instead, and a theme whose good keeps a hue of
    /// its own keeps it.
    @Test(arguments: Palette.all)
    func ansi16SignalsStayApart(_ palette: Palette) {
        let signals = palette.ansi16Signals
        let name = "\(palette.theme) \(palette.variant)"
        #expect(Set([signals.good % 8, signals.warn % 8, signals.bad % 8]).count == 3, "\(name): \(signals)")
        #expect(signals.bad == palette.bad.ansi16 && signals.warn == palette.warn.ansi16, "\(name)")
        let own = palette.good.ansi16 % 8
        if own == 1 || own == 3 {
            #expect(signals.good % 8 == 2, "\(name): \(signals)")
        } else {
            #expect(signals.good == palette.good.ansi16, "\(name)")
        }
    }

    /// The rule at work on the themes it changes, and on one it leaves alone.
    @Test func ansi16SignalsOfEmberSandAndOcean() {
        #expect(Theme.ember.palette(.light).good.ansi16 % 8 == 1, "by hue alone, Ember's good is bad's red")
        #expect(Theme.ember.palette(.light).ansi16Signals.good == 2)
        #expect(Theme.ember.palette(.dark).ansi16Signals.good == 2)
        #expect(Theme.sand.palette(.dark).good.ansi16 % 8 == 3, "by hue alone, Sand's good is warn's yellow")
        #expect(Theme.sand.palette(.dark).ansi16Signals.good % 8 == 2)
        #expect(Theme.ocean.palette(.dark).ansi16Signals.good == Theme.ocean.palette(.dark).good.ansi16)
    }

    @Test func terminalAppearance() {
        #expect(Appearance.auto.terminalVariant(environment: [:]) == .dark)
        #expect(Appearance.auto.terminalVariant(environment: ["COLORFGBG": "15;0"]) == .dark)
        #expect(Appearance.auto.terminalVariant(environment: ["COLORFGBG": "0;15"]) == .light)
        #expect(Appearance.auto.terminalVariant(environment: ["COLORFGBG": "0;default;7"]) == .light)
        #expect(Appearance.light.terminalVariant(environment: ["COLORFGBG": "15;0"]) == .light)
        #expect(Appearance.dark.terminalVariant(environment: [:]) == .dark)
    }

    @Test func configReadsThemeAndAppearanceAndWarnsOnOldNames() {
        func config(_ text: String) -> VaultConfig { VaultConfig(YAMLReader.parse(text[...]).map) }
        let plain = config("theme: aurora\nappearance: light\n")
        #expect(plain.theme == .aurora && plain.appearance == .light && plain.issues.isEmpty)
        let old = config("theme: sunset\n")
        #expect(old.theme == .ember)
        #expect(old.issues.map(\.message) == ["theme sunset is now called ember; it still works, but write theme: ember"])
        #expect(config("theme: mono\n").theme == .sand)
        let wrong = config("theme: neon\nappearance: dim\n")
        #expect(wrong.theme == .forest && wrong.appearance == .auto)
        #expect(wrong.issues.map(\.key) == ["theme", "appearance"])
        #expect(VaultConfig().theme == .forest && VaultConfig().appearance == .auto)
    }
}
