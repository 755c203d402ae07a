/// The colours of one theme in one variant: the one definition the terminal and the report read.
///
/// `text`, `muted`, `accent`, `good`, `warn` and `bad` are text colours: each has a contrast of at
/// least 4.5:1 on `background` and on `surface` (WCAG AA, checked by a test for every theme and
/// variant). `levels` are the five heatmap levels, 0 (the empty cell, a shade just off the
/// background) to 4 (done).
package struct Palette: Hashable, Sendable, Codable {
    package enum Variant: String, CaseIterable, Hashable, Sendable, Codable {
        case light, dark
    }

    package var theme: Theme
    package var variant: Variant
    /// The page.
    package var background: RGB
    /// Cards and panels on the page.
    package var surface: RGB
    package var text: RGB
    /// Secondary text: legends, dates, paths.
    package var muted: RGB
    /// Headings, links, the organism's stem.
    package var accent: RGB
    /// Done, thriving, on time.
    package var good: RGB
    /// Open, fading, late.
    package var warn: RGB
    /// Missed, dormant, errors.
    package var bad: RGB
    /// Heatmap levels 0–4.
    package var levels: [RGB]

    /// The text colours with their names, for checks and the report's legend.
    package var textColors: [(name: String, color: RGB)] {
        [("text", text), ("muted", muted), ("accent", accent), ("good", good), ("warn", warn), ("bad", bad)]
    }

    /// `good`, `warn` and `bad` as system colours (0–15) for a 16-colour terminal. Each keeps its
    /// hue (`RGB.ansi16`) unless it would fall on the hue of a colour that means the opposite:
    /// Ember's good is an orange and Sand's a gold, which 16 colours can only show as red and
    /// yellow, the colours of bad and warn. Good then takes green and warn yellow, in the shade
    /// (normal or bright) nearer the theme's own colour.
    package var ansi16Signals: (good: Int, warn: Int, bad: Int) {
        let bad = self.bad.ansi16
        var warn = self.warn.ansi16
        if warn % 8 == bad % 8 { warn = Self.nearer(of: 3, to: self.warn) }
        var good = self.good.ansi16
        if good % 8 == bad % 8 || good % 8 == warn % 8 { good = Self.nearer(of: 2, to: self.good) }
        return (good, warn, bad)
    }

    /// The normal (`family`) or bright (`family + 8`) system colour nearer `color` in sRGB.
    private static func nearer(of family: Int, to color: RGB) -> Int {
        func distance(_ index: Int) -> Int {
            let other = RGB.ansi16Defaults[index]
            let (r, g, b) = (Int(other.red) - Int(color.red), Int(other.green) - Int(color.green), Int(other.blue) - Int(color.blue))
            return r * r + g * g + b * b
        }
        return distance(family) <= distance(family + 8) ? family : family + 8
    }

    /// Level `level` clamped to 0–4.
    package func level(_ level: Int) -> RGB {
        levels[max(0, min(4, level))]
    }

    package init(_ theme: Theme, _ variant: Variant, background: String, surface: String, text: String, muted: String,
         accent: String, good: String, warn: String, bad: String, levels: [String]) {
        self.theme = theme
        self.variant = variant
        func color(_ hex: String) -> RGB { RGB(hex: hex)! }
        self.background = color(background)
        self.surface = color(surface)
        self.text = color(text)
        self.muted = color(muted)
        self.accent = color(accent)
        self.good = color(good)
        self.warn = color(warn)
        self.bad = color(bad)
        self.levels = levels.map(color)
    }

    /// Every palette, theme by theme, light then dark.
    package static let all: [Palette] = [
        Palette(.ember, .light, background: "#fff8f3", surface: "#ffffff", text: "#2b1b14", muted: "#6b5246",
                accent: "#ae3e0c", good: "#9a3b0b", warn: "#8a5300", bad: "#b3261e",
                levels: ["#f2e4da", "#fccfaa", "#f6a065", "#e0692a", "#ae3e0c"]),
        Palette(.ember, .dark, background: "#1c1412", surface: "#271c18", text: "#f6e9e1", muted: "#c4ac9e",
                accent: "#ff9a5c", good: "#ffa66b", warn: "#f2c14e", bad: "#ff8075",
                levels: ["#35271f", "#5e3320", "#9a4a22", "#d9682b", "#ff9a5c"]),
        Palette(.ocean, .light, background: "#f4f8fc", surface: "#ffffff", text: "#0e1e2e", muted: "#4a5d70",
                accent: "#0b5fa0", good: "#0b5a96", warn: "#8a5300", bad: "#b3261e",
                levels: ["#dfe9f3", "#b9d7f0", "#74b1e0", "#2f86c8", "#0b5a96"]),
        Palette(.ocean, .dark, background: "#0d1620", surface: "#15212e", text: "#e6f0fa", muted: "#9db2c7",
                accent: "#5db4ff", good: "#6cc3ff", warn: "#f2c14e", bad: "#ff8075",
                levels: ["#1e2c3b", "#173f63", "#1f6296", "#3a8fd6", "#7cc4ff"]),
        Palette(.forest, .light, background: "#f5f9f4", surface: "#ffffff", text: "#14231a", muted: "#4d6354",
                accent: "#1d7039", good: "#1e6b32", warn: "#8a5300", bad: "#b3261e",
                levels: ["#e1ebe1", "#b7dfb9", "#72c27c", "#3a9a4b", "#1e6b32"]),
        Palette(.forest, .dark, background: "#0f1712", surface: "#17221b", text: "#e5f2e8", muted: "#9fb8a6",
                accent: "#5fd37e", good: "#6ee08d", warn: "#f2c14e", bad: "#ff8075",
                levels: ["#1e2b22", "#1e4a2b", "#2a7140", "#3fa45c", "#6ee08d"]),
        Palette(.aurora, .light, background: "#f8f6fc", surface: "#ffffff", text: "#1e1630", muted: "#5b5170",
                accent: "#6437bd", good: "#0e6e63", warn: "#8a5300", bad: "#b3261e",
                levels: ["#eae5f4", "#d4c6f2", "#a98be6", "#7d57d6", "#5530a8"]),
        Palette(.aurora, .dark, background: "#14111f", surface: "#1e1930", text: "#eeeaf9", muted: "#afa6c8",
                accent: "#b79bff", good: "#5ee6c9", warn: "#f2c14e", bad: "#ff8075",
                levels: ["#262039", "#3b2e6b", "#5b42a6", "#8a6be0", "#b79bff"]),
        Palette(.sand, .light, background: "#faf7f0", surface: "#ffffff", text: "#2a241a", muted: "#625846",
                accent: "#7d5f22", good: "#6a5520", warn: "#8a5300", bad: "#b3261e",
                levels: ["#ece5d6", "#dccfae", "#c4ad78", "#a08545", "#6f5a26"]),
        Palette(.sand, .dark, background: "#1a1712", surface: "#25211a", text: "#f2ecdf", muted: "#b8ad98",
                accent: "#e0c07e", good: "#e6cb8a", warn: "#f2c14e", bad: "#ff8075",
                levels: ["#2d281f", "#4a3f2a", "#7a673e", "#b09457", "#e6cb8a"]),
    ]

    /// The palette of `theme` in `variant`.
    package static func of(_ theme: Theme, _ variant: Variant) -> Palette {
        all.first { $0.theme == theme && $0.variant == variant }!
    }
}
