/// ANSI styling for a terminal, and the five colour themes. Without colour every call returns
/// the text unchanged, so output piped to a file or another program stays plain.
struct Style {
    enum Role {
        case accent, good, warn, bad, muted, strong, highlight
    }

    struct Theme {
        var name: String
        var accent: String
        var good: String
        var warn: String
        var bad: String
        var muted: String
        /// Heatmap levels 1–4 (0 is the empty cell).
        var levels: [String]
    }

    static let themes: [Theme] = [
        Theme(name: "forest", accent: "38;5;71", good: "38;5;34", warn: "38;5;178", bad: "38;5;167", muted: "38;5;244",
              levels: ["38;5;22", "38;5;28", "38;5;34", "38;5;46"]),
        Theme(name: "ocean", accent: "38;5;39", good: "38;5;37", warn: "38;5;221", bad: "38;5;203", muted: "38;5;245",
              levels: ["38;5;24", "38;5;31", "38;5;38", "38;5;45"]),
        Theme(name: "sunset", accent: "38;5;209", good: "38;5;214", warn: "38;5;220", bad: "38;5;197", muted: "38;5;244",
              levels: ["38;5;52", "38;5;130", "38;5;208", "38;5;220"]),
        Theme(name: "lavender", accent: "38;5;141", good: "38;5;147", warn: "38;5;222", bad: "38;5;204", muted: "38;5;246",
              levels: ["38;5;54", "38;5;97", "38;5;141", "38;5;183"]),
        Theme(name: "mono", accent: "1", good: "1", warn: "4", bad: "1;4", muted: "2",
              levels: ["38;5;238", "38;5;243", "38;5;249", "38;5;255"]),
    ]

    var enabled: Bool
    var theme: Theme

    init(enabled: Bool, themeName: String = "forest") {
        self.enabled = enabled
        theme = Style.themes.first { $0.name == themeName } ?? Style.themes[0]
    }

    func callAsFunction(_ text: String, _ role: Role) -> String {
        guard enabled, !text.isEmpty else { return text }
        let code: String
        switch role {
        case .accent: code = theme.accent
        case .good: code = theme.good
        case .warn: code = theme.warn
        case .bad: code = theme.bad
        case .muted: code = theme.muted
        case .strong: code = "1"
        case .highlight: code = "1;" + theme.warn
        }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }

    /// A heatmap cell of level 0–4: coloured blocks on a terminal, distinct glyphs without colour.
    func cell(_ level: Int) -> String {
        if enabled {
            if level <= 0 { return "\u{1B}[38;5;236m■\u{1B}[0m" }
            return "\u{1B}[\(theme.levels[min(level, 4) - 1])m■\u{1B}[0m"
        }
        return ["·", "░", "▒", "▓", "█"][max(0, min(level, 4))]
    }
}
