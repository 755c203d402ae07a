import BrainFormat

extension QRCode {
    /// The symbol drawn for a terminal with its quiet zone, two rows of modules a line in half
    /// blocks (`▀` the upper module, `▄` the lower, `█` both, a space neither), so modules are
    /// about square in a terminal cell twice as tall as wide.
    ///
    /// With colour (`colour` other than `.none`), each line is white on black and the light
    /// modules are the blocks, as `qrencode -t ANSIUTF8` draws: the same on a dark or a light
    /// terminal. Without colour nothing says what the terminal's background is, so the dark
    /// modules are the blocks and light ones spaces, ink on paper as `qrencode -t UTF8i` draws:
    /// right on a light background; on a dark one the code comes out inverted, which many but not
    /// all phone readers accept.
    package func terminalLines(colour: ColorMode) -> [String] {
        let (start, reset): (String, String)
        switch colour {
        case .none: (start, reset) = ("", "")
        case .ansi16: (start, reset) = ("\u{1B}[97;40m", "\u{1B}[0m")
        case .ansi256: (start, reset) = ("\u{1B}[38;5;231;48;5;16m", "\u{1B}[0m")
        case .trueColor: (start, reset) = ("\u{1B}[38;2;255;255;255;48;2;0;0;0m", "\u{1B}[0m")
        }
        // The blocks are the foreground: dark modules without colour, light ones (white) with it.
        let inkIsDark = colour == .none
        let zone = QRCode.quietZone
        var lines: [String] = []
        for top in stride(from: -zone, to: size + zone, by: 2) {
            var line = start
            for x in -zone..<size + zone {
                let upper = self[x, top] == inkIsDark
                let lower = self[x, top + 1] == inkIsDark
                switch (upper, lower) {
                case (true, true): line += "█"
                case (true, false): line += "▀"
                case (false, true): line += "▄"
                case (false, false): line += " "
                }
            }
            lines.append(line + reset)
        }
        return lines
    }
}
