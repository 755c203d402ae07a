/// The five colour themes, each with a light and a dark palette (`Palette`), shared by the
/// terminal and the HTML report.
public enum Theme: String, CaseIterable, Hashable, Sendable, Codable {
    case ember, ocean, forest, aurora, sand

    /// The theme a vault without `theme:` uses.
    public static let standard = Theme.forest

    /// Names of the themes before Step 9, and the theme each one became. `forest` and `ocean`
    /// kept their names.
    public static let renamed: [String: Theme] = ["sunset": .ember, "lavender": .aurora, "mono": .sand]

    /// The display name: `Ember`.
    public var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// A theme by name, any case; an old name gives the theme it became and `renamedFrom`.
    public static func named(_ name: String) -> (theme: Theme, renamedFrom: String?)? {
        let key = name.lowercased()
        if let theme = Theme(rawValue: key) { return (theme, nil) }
        if let theme = renamed[key] { return (theme, key) }
        return nil
    }

    /// The palette of this theme in one variant.
    package func palette(_ variant: Palette.Variant) -> Palette {
        Palette.of(self, variant)
    }
}

/// Light or dark, as the config says: `auto` follows the reader (the browser's
/// `prefers-color-scheme`, the terminal's `COLORFGBG`).
public enum Appearance: String, CaseIterable, Hashable, Sendable, Codable {
    case light, dark, auto

    /// The variant for a terminal: light or dark as set; `auto` reads `COLORFGBG` (`15;0` is light
    /// text on a dark background: background 0–6 or 8 is dark, 7 or 9–15 light) and is dark
    /// without it, as most terminals are.
    package func terminalVariant(environment: [String: String]) -> Palette.Variant {
        switch self {
        case .light: return .light
        case .dark: return .dark
        case .auto:
            guard let value = environment["COLORFGBG"], let last = value.split(separator: ";").last,
                  let background = Int(last) else { return .dark }
            return background == 7 || (9...15).contains(background) ? .light : .dark
        }
    }
}
