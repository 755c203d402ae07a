extension QRCode {
    /// Reed–Solomon error correction over GF(256) with the QR code's field polynomial
    /// x⁸ + x⁴ + x³ + x² + 1 (0x11D) and generator polynomials (x − α⁰)(x − α¹)…(x − αⁿ⁻¹)
    /// (ISO/IEC 18004 7.5.2 and annex A).
    enum ReedSolomon {
        /// αⁱ for i in 0..<255, and the logarithm of each non-zero element.
        static let tables: (exp: [UInt8], log: [Int]) = {
            var exp = [UInt8](repeating: 0, count: 255)
            var log = [Int](repeating: 0, count: 256)
            var value = 1
            for power in 0..<255 {
                exp[power] = UInt8(value)
                log[value] = power
                value <<= 1
                if value & 0x100 != 0 { value ^= 0x11D }
            }
            return (exp, log)
        }()

        static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
            if a == 0 || b == 0 { return 0 }
            return tables.exp[(tables.log[Int(a)] + tables.log[Int(b)]) % 255]
        }

        /// The generator polynomial of `degree`, its coefficients from the highest power down,
        /// without the leading 1.
        static func generator(degree: Int) -> [UInt8] {
            // Start from 1 and multiply by (x − αⁱ) one factor at a time; − is + in GF(2⁸).
            var coefficients: [UInt8] = [1]
            for power in 0..<degree {
                let root = tables.exp[power]
                var next = coefficients + [0]
                for index in coefficients.indices {
                    next[index + 1] ^= multiply(coefficients[index], root)
                }
                coefficients = next
            }
            return Array(coefficients.dropFirst())
        }

        /// The error correction codewords of `data`: the remainder of data(x)·xⁿ divided by the
        /// generator whose coefficients (without the leading 1) are `divisor`.
        static func remainder(_ data: [UInt8], divisor: [UInt8]) -> [UInt8] {
            var remainder = [UInt8](repeating: 0, count: divisor.count)
            for byte in data {
                let factor = byte ^ remainder[0]
                remainder.removeFirst()
                remainder.append(0)
                for index in divisor.indices {
                    remainder[index] ^= multiply(divisor[index], factor)
                }
            }
            return remainder
        }
    }
}
