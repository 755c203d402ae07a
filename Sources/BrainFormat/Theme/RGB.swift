import Foundation

/// A colour of the sRGB space, 8 bits a channel: what a palette holds, what CSS and a true-colour
/// terminal are given, and what contrast is computed on.
package struct RGB: Hashable, Sendable, Codable, CustomStringConvertible {
    package var red: UInt8
    package var green: UInt8
    package var blue: UInt8

    package init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `#rrggbb` (or `rrggbb`); nil for anything else.
    package init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : hex[...]
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        red = UInt8(value >> 16 & 0xFF)
        green = UInt8(value >> 8 & 0xFF)
        blue = UInt8(value & 0xFF)
    }

    /// `#rrggbb`, lower case.
    package var hex: String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for channel in [red, green, blue] {
            text.append(digits[Int(channel >> 4)])
            text.append(digits[Int(channel & 0xF)])
        }
        return text
    }

    package var description: String { hex }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }

    package init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let color = RGB(hex: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a #rrggbb colour: \(text)")
        }
        self = color
    }

    /// WCAG 2 relative luminance, 0 (black) to 1 (white): each channel linearised from sRGB, then
    /// 0.2126 R + 0.7152 G + 0.0722 B.
    package var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2 contrast ratio with another colour, 1 to 21: (L1 + 0.05) / (L2 + 0.05), lighter over darker.
    package func contrast(with other: RGB) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// The nearest colour of the xterm 256-colour palette (the 6×6×6 cube, 16–231, and the 24
    /// greys, 232–255), by squared distance in sRGB; the 16 system colours are left out because
    /// every terminal sets them differently.
    package var xterm256: Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ channel: UInt8) -> Int {
            var best = 0
            for index in levels.indices where abs(levels[index] - Int(channel)) < abs(levels[best] - Int(channel)) { best = index }
            return best
        }
        func distance(_ r: Int, _ g: Int, _ b: Int) -> Int {
            let (dr, dg, db) = (r - Int(red), g - Int(green), b - Int(blue))
            return dr * dr + dg * dg + db * db
        }
        let (r, g, b) = (nearestLevel(red), nearestLevel(green), nearestLevel(blue))
        let cube = 16 + 36 * r + 6 * g + b
        let cubeDistance = distance(levels[r], levels[g], levels[b])
        // Greys run 8, 18, …, 238.
        let mean = (Int(red) + Int(green) + Int(blue)) / 3
        let step = max(0, min(23, (mean - 8 + 5) / 10))
        let grey = 8 + 10 * step
        return distance(grey, grey, grey) < cubeDistance ? 232 + step : cube
    }

    /// The nearest colour of the xterm 256-colour palette (as `xterm256`) that is none of
    /// `taken`: for a colour that must not look like another one sent to the terminal.
    package func xterm256(avoiding taken: Set<Int>) -> Int {
        let nearest = xterm256
        guard taken.contains(nearest) else { return nearest }
        let levels = [0, 95, 135, 175, 215, 255]
        func value(_ index: Int) -> (Int, Int, Int) {
            if index >= 232 { let grey = 8 + 10 * (index - 232); return (grey, grey, grey) }
            let cube = index - 16
            return (levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6])
        }
        func distance(_ index: Int) -> Int {
            let (r, g, b) = value(index)
            let (dr, dg, db) = (r - Int(red), g - Int(green), b - Int(blue))
            return dr * dr + dg * dg + db * db
        }
        return (16...255).filter { !taken.contains($0) }.min { distance($0) < distance($1) }!
    }

    /// xterm's default values of the 16 system colours (0–7 normal, 8–15 bright), which a
    /// 16-colour terminal approximates with its own: black, red, green, yellow, blue, magenta,
    /// cyan, white, then the bright eight.
    package static let ansi16Defaults: [RGB] = [
        "#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
        "#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff",
    ].map { RGB(hex: $0)! }

    /// The nearest of the 16 system colours, 0–15, keeping what a colour means: a colour with
    /// little chroma (the largest channel less the smallest under 48 of 255) is one of the four
    /// greys (0, 8, 7, 15); any other keeps its hue, the nearest of the six hues (red 0°, yellow
    /// 60°, green 120°, cyan 180°, blue 240°, magenta 300°), and takes the normal or bright one
    /// of that hue, whichever is nearer by squared distance in sRGB. Nearest by distance alone
    /// would turn dark greens and blues into grey, since every terminal sets its own shades.
    package var ansi16: Int {
        let (r, g, b) = (Int(red), Int(green), Int(blue))
        let high = max(r, g, b), low = min(r, g, b)
        let candidates: [Int]
        if high - low < 48 {
            candidates = [0, 8, 7, 15]
        } else {
            // The HSV hue in degrees, 0 ..< 360.
            let chroma = Double(high - low)
            var sector: Double
            if high == r { sector = Double(g - b) / chroma } else if high == g { sector = Double(b - r) / chroma + 2 } else { sector = Double(r - g) / chroma + 4 }
            if sector < 0 { sector += 6 }
            let hue = sector * 60
            // The system colour of each hue, in hue order.
            let hues: [(degrees: Double, index: Int)] = [(0, 1), (60, 3), (120, 2), (180, 6), (240, 4), (300, 5)]
            func gap(_ degrees: Double) -> Double { let d = abs(hue - degrees); return min(d, 360 - d) }
            let family = hues.min { gap($0.degrees) < gap($1.degrees) }!.index
            candidates = [family, family + 8]
        }
        func distance(_ other: RGB) -> Int {
            let (dr, dg, db) = (Int(other.red) - r, Int(other.green) - g, Int(other.blue) - b)
            return dr * dr + dg * dg + db * db
        }
        return candidates.min { distance(Self.ansi16Defaults[$0]) < distance(Self.ansi16Defaults[$1]) }!
    }
}
