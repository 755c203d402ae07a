extension QRCode {
    /// A symbol being built: the function patterns (finder, separators, timing, alignment, the
    /// dark module, the version information), then the codewords in the two-column zigzag, then
    /// a mask and the format information (ISO/IEC 18004 6.3, 7.7 to 7.10).
    struct Matrix {
        let version: Int
        let size: Int
        /// The mask applied by `masked(_:)`.
        private(set) var mask = 0
        /// Rows of modules; `true` is dark.
        private(set) var dark: [[Bool]]
        /// Rows of flags: the module belongs to a function pattern or the format or version
        /// information, and neither codewords nor masks touch it.
        private var reserved: [[Bool]]

        init(version: Int) {
            self.version = version
            size = 17 + 4 * version
            dark = Array(repeating: Array(repeating: false, count: size), count: size)
            reserved = dark
            drawFunctionPatterns()
        }

        private mutating func set(_ x: Int, _ y: Int, _ isDark: Bool) {
            dark[y][x] = isDark
            reserved[y][x] = true
        }

        private mutating func drawFunctionPatterns() {
            for index in 0..<size {
                set(6, index, index % 2 == 0)
                set(index, 6, index % 2 == 0)
            }
            // Finder patterns with their light separators: rings at distance 2 and 4 are light.
            for (cx, cy) in [(3, 3), (size - 4, 3), (3, size - 4)] {
                for dy in -4...4 {
                    for dx in -4...4 where (0..<size).contains(cx + dx) && (0..<size).contains(cy + dy) {
                        let ring = max(abs(dx), abs(dy))
                        set(cx + dx, cy + dy, ring != 2 && ring != 4)
                    }
                }
            }
            // Alignment patterns at every pair of centres but the three the finders hold.
            let centres = Matrix.alignmentCentres(version)
            let last = centres.last
            for cy in centres {
                for cx in centres where !((cx == 6 || cx == last) && (cy == 6 || cy == last) && (cx == 6 || cy == 6)) {
                    for dy in -2...2 {
                        for dx in -2...2 { set(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1) }
                    }
                }
            }
            // The format information's places, filled for each mask; the dark module beside them.
            drawFormat(0)
            drawVersion()
        }

        /// The rows and columns of the alignment patterns' centres (ISO/IEC 18004 annex E): 6,
        /// then evenly spaced by an even step up to `size − 7`.
        static func alignmentCentres(_ version: Int) -> [Int] {
            guard version > 1 else { return [] }
            let count = version / 7 + 2
            let size = 17 + 4 * version
            let step = version == 32 ? 26 : (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
            return [6] + (0..<count - 1).map { size - 7 - step * $0 }.reversed()
        }

        /// The 15 format bits for level M and `mask`: five data bits, a BCH(15,5) code, XORed
        /// with 101010000010010 (ISO/IEC 18004 7.9).
        static func formatBits(mask: Int) -> Int {
            let data = 0b00 << 3 | mask // level M is 00
            var remainder = data
            for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
            return (data << 10 | remainder) ^ 0x5412
        }

        /// The 18 version bits: the version and a BCH(18,6) code (ISO/IEC 18004 7.10).
        static func versionBits(_ version: Int) -> Int {
            var remainder = version
            for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
            return version << 12 | remainder
        }

        /// Both copies of the format information for `mask`, bit 0 the least significant.
        private mutating func drawFormat(_ mask: Int) {
            let bits = Matrix.formatBits(mask: mask)
            func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
            // Around the top-left finder: down column 8, then leftwards along row 8.
            for index in 0..<6 { set(8, index, bit(index)) }
            set(8, 7, bit(6))
            set(8, 8, bit(7))
            set(7, 8, bit(8))
            for index in 9..<15 { set(14 - index, 8, bit(index)) }
            // The second copy: along row 8 under the top-right finder, up column 8 beside the bottom-left one.
            for index in 0..<8 { set(size - 1 - index, 8, bit(index)) }
            for index in 8..<15 { set(8, size - 15 + index, bit(index)) }
            set(8, size - 8, true)
        }

        /// Both copies of the version information (version 7 and later): 6 × 3 blocks beside the
        /// top-right and bottom-left finders.
        private mutating func drawVersion() {
            guard version >= 7 else { return }
            let bits = Matrix.versionBits(version)
            for index in 0..<18 {
                let isDark = (bits >> index) & 1 == 1
                let near = size - 11 + index % 3, far = index / 3
                set(near, far, isDark)
                set(far, near, isDark)
            }
        }

        /// Places `codewords` most significant bit first in two-module columns from the right,
        /// upwards then downwards, skipping the function patterns and the vertical timing
        /// pattern's column; modules left over are remainder bits, light.
        mutating func place(_ codewords: [UInt8]) {
            var bit = 0
            var right = size - 1
            while right >= 1 {
                if right == 6 { right = 5 }
                let upwards = (right + 1) & 2 == 0
                for step in 0..<size {
                    let y = upwards ? size - 1 - step : step
                    for x in [right, right - 1] where !reserved[y][x] && bit < codewords.count * 8 {
                        dark[y][x] = (codewords[bit >> 3] >> (7 - UInt8(bit & 7))) & 1 == 1
                        bit += 1
                    }
                }
                right -= 2
            }
        }

        /// Whether mask `mask` inverts the module in column `x`, row `y` (ISO/IEC 18004 table 10).
        static func inverts(_ mask: Int, x: Int, y: Int) -> Bool {
            switch mask {
            case 0: return (x + y) % 2 == 0
            case 1: return y % 2 == 0
            case 2: return x % 3 == 0
            case 3: return (x + y) % 3 == 0
            case 4: return (x / 3 + y / 2) % 2 == 0
            case 5: return x * y % 2 + x * y % 3 == 0
            case 6: return (x * y % 2 + x * y % 3) % 2 == 0
            default: return ((x + y) % 2 + x * y % 3) % 2 == 0
            }
        }

        /// This matrix with `mask` applied to the codeword modules and its format information drawn.
        func masked(_ mask: Int) -> Matrix {
            var result = self
            for y in 0..<size {
                for x in 0..<size where !reserved[y][x] && Matrix.inverts(mask, x: x, y: y) {
                    result.dark[y][x].toggle()
                }
            }
            result.drawFormat(mask)
            result.mask = mask
            return result
        }
    }
}
