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
        #expect(mode([:]) == .ansi256)
        #expect(mode(["COLORTERM": "truecolor"]) == .trueColor)
        #expect(mode(["COLORTERM": "24bit"]) == .trueColor)
        #expect(mode(["COLORTERM": "yes"]) == .ansi256)
        #expect(mode(["COLORTERM": "truecolor"], terminal: false) == .none)
        #expect(mode(["COLORTERM": "truecolor", "NO_COLOR": "1"]) == .none)
        #expect(mode(["NO_COLOR": ""]) == .ansi256)
        #expect(mode([:], flag: true) == .none)
        #expect(mode(["BRAIN_COLOR": "truecolor"], terminal: false) == .trueColor)
        #expect(mode(["BRAIN_COLOR": "256", "COLORTERM": "truecolor"]) == .ansi256)
        #expect(mode(["BRAIN_COLOR": "truecolor", "NO_COLOR": "1"], terminal: false) == .none)
        let color = RGB(hex: "#ff9a5c")!
        #expect(ColorMode.trueColor.foreground(color) == "38;2;255;154;92")
        #expect(ColorMode.ansi256.foreground(color) == "38;5;\(color.xterm256)")
        #expect(ColorMode.none.foreground(color) == "")
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
