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
}
