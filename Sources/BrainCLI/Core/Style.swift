import BrainKit

/// ANSI styling for a terminal in the vault's theme (`Palette`, one definition in BrainKit). Without
/// colour every call returns the text unchanged, so output piped to a file or another program
/// stays plain.
struct Style {
    enum Role: CaseIterable {
        case accent, good, warn, bad, muted, strong, highlight
    }

    let mode: ColorMode
    var palette: Palette { didSet { signals = mode.signals(of: palette) } }
    /// The codes of good, warn and bad.
    private var signals: (good: String, warn: String, bad: String)

    var enabled: Bool { mode != .none }

    init(mode: ColorMode, palette: Palette = Theme.standard.palette(.dark)) {
        self.mode = mode
        self.palette = palette
        signals = mode.signals(of: palette)
    }

    /// Styling for one stream: colour per `ColorMode.resolve` (`--no-color`, `NO_COLOR`,
    /// `BRAIN_COLOR`, `COLORTERM`, `TERM`, whether it is a terminal), light or dark per the config's
    /// `appearance` and `COLORFGBG`.
    init(isTerminal: Bool, environment: [String: String], noColorFlag: Bool, config: VaultConfig = VaultConfig()) {
        let mode = ColorMode.resolve(environment: environment, isTerminal: isTerminal, noColorFlag: noColorFlag)
        self.init(mode: mode, palette: config.theme.palette(config.appearance.terminalVariant(environment: environment)))
    }

    /// The name of an output's form, for a printed answer kept to be printed again (`brain
    /// today`, `brain backlinks`): JSON, or text in what this style makes of a word in each role.
    /// Two styles that agree on it print the same.
    func form(json: Bool) -> String {
        json ? "json" : "text\u{1F}" + Role.allCases.map { self("x", $0) }.joined(separator: "\u{1E}")
    }

    func callAsFunction(_ text: String, _ role: Role) -> String {
        guard enabled, !text.isEmpty else { return text }
        let code: String
        switch role {
        case .accent: code = mode.foreground(palette.accent)
        case .good: code = signal(.good)
        case .warn: code = signal(.warn)
        case .bad: code = signal(.bad)
        case .muted: code = mode.foreground(palette.muted)
        case .strong: code = "1"
        case .highlight: code = "1;" + signal(.warn)
        }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }

    /// The code of good, warn or bad, kept apart (`ColorMode.signals`).
    private func signal(_ role: Role) -> String {
        role == .good ? signals.good : role == .bad ? signals.bad : signals.warn
    }

    /// A heatmap cell of level 0–4: a block in the level's colour on a terminal (level 0 a shade
    /// just off the background), distinct glyphs without colour. With 16 colours the glyphs carry
    /// the level and the colour the hue, since several levels fall on one system colour.
    func cell(_ level: Int) -> String {
        let glyph = ["·", "░", "▒", "▓", "█"][max(0, min(level, 4))]
        switch mode {
        case .none: return glyph
        case .ansi16: return "\u{1B}[\(mode.foreground(palette.level(level)))m\(glyph)\u{1B}[0m"
        case .ansi256, .trueColor: return "\u{1B}[\(mode.foreground(palette.level(level)))m■\u{1B}[0m"
        }
    }
}
