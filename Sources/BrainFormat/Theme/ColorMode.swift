/// How many colours a terminal is given: none, the xterm 256-colour palette, or 24-bit colour.
package enum ColorMode: String, CaseIterable, Hashable, Sendable, Codable {
    case none
    case ansi256 = "256"
    case trueColor = "truecolor"

    /// The mode for one output stream. `--no-color` (`noColorFlag`) and `NO_COLOR` (any value but
    /// empty) turn colour off; `BRAIN_COLOR=none|256|truecolor` forces a mode, terminal or not (for
    /// scripts and tests); otherwise a terminal gets true colour when `COLORTERM` is `truecolor` or
    /// `24bit`, else 256 colours, and anything else (a pipe, a file) none.
    package static func resolve(environment: [String: String], isTerminal: Bool, noColorFlag: Bool) -> ColorMode {
        if noColorFlag || !(environment["NO_COLOR"] ?? "").isEmpty { return .none }
        if let forced = environment["BRAIN_COLOR"].flatMap({ ColorMode(rawValue: $0.lowercased()) }) { return forced }
        guard isTerminal else { return .none }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        return colorTerm == "truecolor" || colorTerm == "24bit" ? .trueColor : .ansi256
    }

    /// The SGR parameters that set the foreground to `color`: `38;2;R;G;B` in true colour,
    /// `38;5;N` (the nearest of the 256) otherwise; empty without colour.
    package func foreground(_ color: RGB) -> String {
        switch self {
        case .none: return ""
        case .ansi256: return "38;5;\(color.xterm256)"
        case .trueColor: return "38;2;\(color.red);\(color.green);\(color.blue)"
        }
    }
}
