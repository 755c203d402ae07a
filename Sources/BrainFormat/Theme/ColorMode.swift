/// How many colours a terminal is given: none, the 16 system colours, the xterm 256-colour
/// palette, or 24-bit colour.
package enum ColorMode: String, CaseIterable, Hashable, Sendable, Codable {
    case none
    case ansi16 = "16"
    case ansi256 = "256"
    case trueColor = "truecolor"

    /// The mode for one output stream, read from the environment as terminal programs read it.
    /// `--no-color` (`noColorFlag`) and `NO_COLOR` (any value but empty) turn colour off;
    /// `BRAIN_COLOR=none|16|256|truecolor` forces a mode, terminal or not (for scripts and tests);
    /// anything but a terminal (a pipe, a file) and `TERM=dumb` get none; then `COLORTERM`
    /// `truecolor` or `24bit` gives true colour, a `TERM` naming 256 colours (`xterm-256color`,
    /// `tmux-256color`) the 256-colour palette, and any other `TERM` (`xterm`, `screen`, `linux`,
    /// `vt100`, none) the 16 system colours.
    package static func resolve(environment: [String: String], isTerminal: Bool, noColorFlag: Bool) -> ColorMode {
        if noColorFlag || !(environment["NO_COLOR"] ?? "").isEmpty { return .none }
        if let forced = environment["BRAIN_COLOR"].flatMap({ ColorMode(rawValue: $0.lowercased()) }) { return forced }
        let term = (environment["TERM"] ?? "").lowercased()
        guard isTerminal, term != "dumb" else { return .none }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        return term.contains("256color") ? .ansi256 : .ansi16
    }

    /// The SGR parameters that set the foreground to `color`: `38;2;R;G;B` in true colour,
    /// `38;5;N` (the nearest of the 256) in 256 colours, `30`–`37` or `90`–`97` (the nearest
    /// system colour, `RGB.ansi16`) in 16; empty without colour.
    package func foreground(_ color: RGB) -> String {
        switch self {
        case .none: return ""
        case .ansi16: return Self.systemForeground(color.ansi16)
        case .ansi256: return "38;5;\(color.xterm256)"
        case .trueColor: return "38;2;\(color.red);\(color.green);\(color.blue)"
        }
    }

    /// The SGR parameter that sets the foreground to system colour `index` (0–15): `30`–`37`, then
    /// `90`–`97` for the bright eight.
    package static func systemForeground(_ index: Int) -> String {
        "\(index < 8 ? 30 + index : 90 + index - 8)"
    }

    /// The codes of good, warn and bad (as `foreground`), kept three different colours: where two
    /// fall on one colour of this mode, good (then warn) moves — in 16 colours to its palette
    /// signal (`Palette.ansi16Signals`), in 256 to the nearest colour not taken. Ember's orange
    /// good and its brown warn are one colour of the 256.
    package func signals(of palette: Palette) -> (good: String, warn: String, bad: String) {
        switch self {
        case .ansi16:
            let signals = palette.ansi16Signals
            return (Self.systemForeground(signals.good), Self.systemForeground(signals.warn), Self.systemForeground(signals.bad))
        case .ansi256:
            let bad = palette.bad.xterm256
            let warn = palette.warn.xterm256(avoiding: [bad])
            let good = palette.good.xterm256(avoiding: [bad, warn])
            return ("38;5;\(good)", "38;5;\(warn)", "38;5;\(bad)")
        case .none, .trueColor:
            return (foreground(palette.good), foreground(palette.warn), foreground(palette.bad))
        }
    }
}
