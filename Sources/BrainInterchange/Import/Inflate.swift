import BrainFormat
import BrainAnalytics
import BrainStore

/// DEFLATE decoding (RFC 1951), for the zip files other apps export. Foundation has no public
/// inflate on Linux, and a system zlib would be one more thing to install, so it is here: a
/// bit reader and canonical Huffman decoding, written from the RFC.
package enum Inflate {
    /// Why compressed bytes could not be decoded.
    package struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        package var message: String
        package var description: String { message }
        package init(_ message: String) { self.message = message }
    }

    /// The decompressed bytes of a raw DEFLATE stream (no zlib or gzip header). `limit` caps the
    /// output, so a small archive cannot unpack into gigabytes.
    package static func decompress(_ input: [UInt8], limit: Int = 1 << 30) throws(Failure) -> [UInt8] {
        var state = State(input: input, limit: limit)
        var last = false
        while !last {
            last = try state.bits(1) == 1
            switch try state.bits(2) {
            case 0: try state.stored()
            case 1: try state.codes(literals: Tables.fixedLiterals, distances: Tables.fixedDistances)
            case 2:
                let (literals, distances) = try state.dynamicTables()
                try state.codes(literals: literals, distances: distances)
            default: throw Failure("invalid block type 3")
            }
        }
        return state.output
    }

    /// A canonical Huffman code: how many codes of each length, and the symbols in code order.
    package struct Huffman {
        package var counts: [Int]
        package var symbols: [Int]

        /// Builds the code from the code length of every symbol (0: unused). An over-subscribed set
        /// of lengths is refused; an incomplete one is allowed (RFC 1951 permits one distance code).
        package init(lengths: [Int]) throws(Failure) {
            counts = Array(repeating: 0, count: 16)
            for length in lengths { counts[length] += 1 }
            var left = 1
            for length in 1...15 {
                left <<= 1
                left -= counts[length]
                if left < 0 { throw Failure("over-subscribed Huffman code") }
            }
            var offsets = Array(repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            symbols = Array(repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }
    }

    package enum Tables {
        package static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
                                 131, 163, 195, 227, 258]
        package static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        package static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
                                   2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
        package static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12,
                                    13, 13]
        /// The order in which code-length code lengths are stored.
        package static let lengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

        package static let fixedLiterals: Huffman = {
            var lengths = Array(repeating: 8, count: 288)
            for symbol in 144..<256 { lengths[symbol] = 9 }
            for symbol in 256..<280 { lengths[symbol] = 7 }
            return try! Huffman(lengths: lengths)
        }()

        package static let fixedDistances: Huffman = try! Huffman(lengths: Array(repeating: 5, count: 30))
    }

    /// The input position, the bits not yet used, and the output so far.
    package struct State {
        package let input: [UInt8]
        package let limit: Int
        package var position = 0
        package var bitBuffer = 0
        package var bitCount = 0
        package var output: [UInt8] = []

        package init(input: [UInt8], limit: Int) {
            self.input = input
            self.limit = limit
            output.reserveCapacity(min(limit, input.count * 4))
        }

        /// The next `count` bits, least significant first.
        package mutating func bits(_ count: Int) throws(Failure) -> Int {
            while bitCount < count {
                guard position < input.count else { throw Failure("compressed data ends too early") }
                bitBuffer |= Int(input[position]) << bitCount
                position += 1
                bitCount += 8
            }
            let value = bitBuffer & ((1 << count) - 1)
            bitBuffer >>= count
            bitCount -= count
            return value
        }

        /// A stored block: byte-aligned length, its one's complement, then the bytes as they are.
        package mutating func stored() throws(Failure) {
            bitBuffer = 0
            bitCount = 0
            guard position + 4 <= input.count else { throw Failure("compressed data ends too early") }
            let length = Int(input[position]) | Int(input[position + 1]) << 8
            let check = Int(input[position + 2]) | Int(input[position + 3]) << 8
            position += 4
            guard length == ~check & 0xFFFF else { throw Failure("stored block length does not match its complement") }
            guard position + length <= input.count else { throw Failure("compressed data ends too early") }
            guard output.count + length <= limit else { throw Failure("data unpacks to more than \(limit) bytes") }
            output.append(contentsOf: input[position..<(position + length)])
            position += length
        }

        /// One symbol of `code`, reading its bits one at a time (codes are packed most significant bit first).
        package mutating func decode(_ code: Huffman) throws(Failure) -> Int {
            var value = 0
            var first = 0
            var index = 0
            for length in 1...15 {
                value |= try bits(1)
                let count = code.counts[length]
                if value - first < count { return code.symbols[index + value - first] }
                index += count
                first += count
                first <<= 1
                value <<= 1
            }
            throw Failure("invalid Huffman code")
        }

        /// Literals, lengths and distances until the end-of-block symbol.
        package mutating func codes(literals: Huffman, distances: Huffman) throws(Failure) {
            while true {
                let symbol = try decode(literals)
                if symbol < 256 {
                    guard output.count < limit else { throw Failure("data unpacks to more than \(limit) bytes") }
                    output.append(UInt8(symbol))
                } else if symbol == 256 {
                    return
                } else {
                    let lengthIndex = symbol - 257
                    guard lengthIndex < Tables.lengthBase.count else { throw Failure("invalid length symbol \(symbol)") }
                    let length = Tables.lengthBase[lengthIndex] + (try bits(Tables.lengthExtra[lengthIndex]))
                    let distanceSymbol = try decode(distances)
                    guard distanceSymbol < Tables.distanceBase.count else {
                        throw Failure("invalid distance symbol \(distanceSymbol)")
                    }
                    let distance = Tables.distanceBase[distanceSymbol] + (try bits(Tables.distanceExtra[distanceSymbol]))
                    guard distance <= output.count else { throw Failure("distance \(distance) reaches before the start") }
                    guard output.count + length <= limit else { throw Failure("data unpacks to more than \(limit) bytes") }
                    // Byte by byte: a copy may overlap the bytes it produces (distance < length).
                    let start = output.count - distance
                    for offset in 0..<length { output.append(output[start + offset]) }
                }
            }
        }

        /// The literal/length and distance codes of a dynamic block.
        package mutating func dynamicTables() throws(Failure) -> (Huffman, Huffman) {
            let literalCount = try bits(5) + 257
            let distanceCount = try bits(5) + 1
            let lengthCodeCount = try bits(4) + 4
            guard literalCount <= 286, distanceCount <= 30 else { throw Failure("too many length or distance codes") }
            var codeLengths = Array(repeating: 0, count: 19)
            for index in 0..<lengthCodeCount { codeLengths[Tables.lengthOrder[index]] = try bits(3) }
            let lengthCode = try Huffman(lengths: codeLengths)
            var lengths: [Int] = []
            lengths.reserveCapacity(literalCount + distanceCount)
            while lengths.count < literalCount + distanceCount {
                let symbol = try decode(lengthCode)
                switch symbol {
                case 0...15:
                    lengths.append(symbol)
                case 16:
                    guard let previous = lengths.last else { throw Failure("repeat with no previous length") }
                    lengths += repeatElement(previous, count: 3 + (try bits(2)))
                case 17:
                    lengths += repeatElement(0, count: 3 + (try bits(3)))
                default:
                    lengths += repeatElement(0, count: 11 + (try bits(7)))
                }
            }
            guard lengths.count == literalCount + distanceCount else { throw Failure("code lengths overrun their count") }
            guard lengths[256] != 0 else { throw Failure("no end-of-block code") }
            return (try Huffman(lengths: Array(lengths[..<literalCount])), try Huffman(lengths: Array(lengths[literalCount...])))
        }
    }
}
