/// A QR code (ISO/IEC 18004, Model 2) of some bytes: byte mode, error correction level M, the
/// smallest version (1 to 40) that holds them, and the mask with the lowest penalty. `brain
/// serve` draws the pairing link as one in the terminal (`QRCode+Terminal.swift`).
///
/// Level M rather than L: the code is read off a screen, from half-block characters that a
/// font or the line spacing may leave thin gaps between, under glare or a cursor; M corrects
/// about 15% of the codewords where L corrects 7%, for one version more (a pairing link of
/// about 100 bytes is version 6 at M, 5 at L).
package struct QRCode: Sendable, Hashable {
    /// 1 to 40: the symbol is `17 + 4 × version` modules a side.
    package let version: Int
    /// The data mask, 0 to 7 (ISO/IEC 18004 table 10).
    package let mask: Int
    /// The modules, row by row from the top; `true` is dark. Without the quiet zone.
    package let modules: [[Bool]]

    /// Modules a side.
    package var size: Int { modules.count }

    /// Light modules a renderer keeps around the symbol (the standard's minimum).
    package static let quietZone = 4
    package static let versions = 1...40

    /// Why bytes have no QR code.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        /// More bytes than version 40 (or the forced version) holds at level M.
        case tooLong(bytes: Int, limit: Int)
        case badVersion(Int)
        case badMask(Int)

        package var description: String {
            switch self {
            case .tooLong(let bytes, let limit):
                return "\(bytes) bytes are too many for a QR code: one holds at most \(limit) at error correction level M"
            case .badVersion(let version): return "a QR code's version is 1 to 40, not \(version)"
            case .badMask(let mask): return "a QR code's mask is 0 to 7, not \(mask)"
            }
        }
    }

    /// The QR code of `text`'s UTF-8 bytes.
    package init(text: String, minimumVersion: Int = 1, mask: Int? = nil) throws(Failure) {
        try self.init(bytes: Array(text.utf8), minimumVersion: minimumVersion, mask: mask)
    }

    /// The QR code of `bytes`, in the smallest version from `minimumVersion` on that holds them;
    /// `mask` forces a mask instead of the one with the lowest penalty (tests compare with
    /// other encoders that way).
    package init(bytes: [UInt8], minimumVersion: Int = 1, mask: Int? = nil) throws(Failure) {
        guard QRCode.versions.contains(minimumVersion) else { throw .badVersion(minimumVersion) }
        if let mask, !(0..<8).contains(mask) { throw .badMask(mask) }
        guard let version = (minimumVersion...QRCode.versions.upperBound).first(where: { QRCode.capacity($0) >= bytes.count }) else {
            throw .tooLong(bytes: bytes.count, limit: QRCode.capacity(QRCode.versions.upperBound))
        }
        let codewords = QRCode.codewords(bytes, version: version)
        var matrix = Matrix(version: version)
        matrix.place(codewords)
        // Every mask is tried unless one is forced; the lowest penalty wins, the lower mask on a tie.
        var chosen = matrix.masked(mask ?? 0)
        if mask == nil {
            var lowest = chosen.penalty
            for candidate in (1..<8).map({ matrix.masked($0) }) {
                let penalty = candidate.penalty
                if penalty < lowest { (chosen, lowest) = (candidate, penalty) }
            }
        }
        self.version = version
        self.mask = chosen.mask
        self.modules = chosen.dark
    }

    /// Whether the module in column `x`, row `y` is dark; outside the symbol is the light quiet zone.
    package subscript(x: Int, y: Int) -> Bool {
        y >= 0 && y < size && x >= 0 && x < size && modules[y][x]
    }

    /// How many bytes `version` holds in byte mode at level M.
    package static func capacity(_ version: Int) -> Int {
        let countBits = version < 10 ? 8 : 16
        return (dataCodewords(version) * 8 - 4 - countBits) / 8
    }
}
