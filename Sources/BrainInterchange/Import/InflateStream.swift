import BrainFormat
import BrainAnalytics
import BrainStore

/// DEFLATE decoding (RFC 1951) in constant memory, for members of a zip file too large to unpack
/// whole (an Apple Health `export.xml` inside `export.zip` runs to gigabytes). The compressed
/// bytes are pulled in blocks from `read`, and the output is handed to `write` in blocks of a
/// quarter of a megabyte; only the last 32 KiB of output (the longest distance DEFLATE may reach
/// back) are kept between blocks. Huffman codes of up to 10 bits are decoded with one table
/// look-up, longer ones bit by bit (`Inflate` is the simple whole-buffer decoder).
package final class InflateStream {
    /// Fills a buffer with compressed bytes and returns how many; 0 at the end of the input.
    package typealias Read = (UnsafeMutableRawBufferPointer) throws -> Int
    /// Receives decoded bytes; the buffer is valid only during the call.
    package typealias Write = (UnsafeRawBufferPointer) throws -> Void

    private static let history = 1 << 15
    private static let block = 1 << 18
    private static let capacity = history + block + 258
    private static let inputCapacity = 1 << 16
    private static let fastBits = 10

    private let read: Read
    private let write: Write
    private let input: UnsafeMutablePointer<UInt8>
    private var inputCount = 0
    private var inputPosition = 0
    private var inputEnded = false
    private var bitBuffer: UInt64 = 0
    private var bitCount = 0
    private let window: UnsafeMutablePointer<UInt8>
    private var position = 0
    private var flushed = 0
    /// Bytes written so far.
    package private(set) var produced: Int64 = 0
    /// The CRC-32 of the bytes written so far.
    package private(set) var crc: UInt32 = 0

    private init(read: @escaping Read, write: @escaping Write) {
        self.read = read
        self.write = write
        input = .allocate(capacity: InflateStream.inputCapacity + 8)
        input.initialize(repeating: 0, count: InflateStream.inputCapacity + 8)
        window = .allocate(capacity: InflateStream.capacity)
    }

    deinit {
        input.deallocate()
        window.deallocate()
    }

    /// Decodes a raw DEFLATE stream (no zlib or gzip header) from `read` to `write`, and returns
    /// the number of bytes written and their CRC-32. Errors thrown by `read` or `write` pass through.
    @discardableResult
    package static func decompress(read: @escaping Read, write: @escaping Write) throws -> (size: Int64, crc: UInt32) {
        let stream = InflateStream(read: read, write: write)
        try stream.run()
        return (stream.produced, stream.crc)
    }

    private func run() throws {
        var last = false
        while !last {
            last = try bits(1) == 1
            switch try bits(2) {
            case 0: try stored()
            case 1: try codes(literals: InflateStream.fixedLiterals, distances: InflateStream.fixedDistances)
            case 2:
                let (literals, distances) = try dynamicTables()
                try codes(literals: literals, distances: distances)
            default: throw Inflate.Failure("invalid block type 3")
            }
        }
        try flush(keepHistory: false)
    }

    // MARK: Bits

    /// Loads input until at least 57 bits are buffered or the input ends.
    private func refill() throws {
        while bitCount <= 56 {
            if inputPosition + 8 <= inputCount {
                // Eight bytes at once; only the whole bytes that fit are counted as used.
                let word = UnsafeRawPointer(input + inputPosition).loadUnaligned(as: UInt64.self).littleEndian
                bitBuffer |= word << UInt64(bitCount)
                inputPosition += (63 - bitCount) >> 3
                bitCount |= 56
                return
            }
            if inputPosition == inputCount {
                if inputEnded { return }
                inputCount = try read(UnsafeMutableRawBufferPointer(start: input, count: InflateStream.inputCapacity))
                inputPosition = 0
                if inputCount == 0 {
                    inputEnded = true
                    return
                }
                continue
            }
            bitBuffer |= UInt64(input[inputPosition]) << UInt64(bitCount)
            inputPosition += 1
            bitCount += 8
        }
    }

    private func bits(_ count: Int) throws -> Int {
        if bitCount < count {
            try refill()
            guard bitCount >= count else { throw Inflate.Failure("compressed data ends too early") }
        }
        let value = Int(bitBuffer & ((1 << UInt64(count)) - 1))
        bitBuffer >>= UInt64(count)
        bitCount -= count
        return value
    }

    // MARK: Huffman codes

    /// A canonical Huffman code with a table for codes of up to `fastBits` bits.
    package struct Code {
        /// Indexed by the next `fastBits` input bits: symbol << 4 | length, or 0 for a longer code.
        package var fast: [UInt16]
        package var counts: [Int]
        package var symbols: [Int]

        package init(lengths: [Int]) throws {
            counts = Array(repeating: 0, count: 16)
            for length in lengths { counts[length] += 1 }
            counts[0] = 0
            var left = 1
            for length in 1...15 {
                left <<= 1
                left -= counts[length]
                if left < 0 { throw Inflate.Failure("over-subscribed Huffman code") }
            }
            var offsets = Array(repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            symbols = Array(repeating: 0, count: lengths.count)
            var nextCode = Array(repeating: 0, count: 16)
            var code = 0
            for length in 1...15 {
                code = (code + counts[length - 1]) << 1
                nextCode[length] = code
            }
            fast = Array(repeating: 0, count: 1 << InflateStream.fastBits)
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
                let code = nextCode[length]
                nextCode[length] += 1
                guard length <= InflateStream.fastBits else { continue }
                // Codes are packed most significant bit first: the table is indexed by the reversed code.
                var reversed = 0
                for bit in 0..<length where code & (1 << bit) != 0 { reversed |= 1 << (length - 1 - bit) }
                var index = reversed
                while index < 1 << InflateStream.fastBits {
                    fast[index] = UInt16(symbol << 4 | length)
                    index += 1 << length
                }
            }
        }
    }

    private func decode(_ code: Code) throws -> Int {
        if bitCount < 15 { try refill() }
        let entry = code.fast[Int(bitBuffer & UInt64((1 << InflateStream.fastBits) - 1))]
        if entry != 0 {
            let length = Int(entry & 15)
            guard length <= bitCount else { throw Inflate.Failure("compressed data ends too early") }
            bitBuffer >>= UInt64(length)
            bitCount -= length
            return Int(entry >> 4)
        }
        var value = 0
        var first = 0
        var index = 0
        for length in 1...15 {
            guard bitCount > 0 else { throw Inflate.Failure("compressed data ends too early") }
            value |= Int(bitBuffer & 1)
            bitBuffer >>= 1
            bitCount -= 1
            let count = code.counts[length]
            if value - first < count { return code.symbols[index + value - first] }
            index += count
            first += count
            first <<= 1
            value <<= 1
        }
        throw Inflate.Failure("invalid Huffman code")
    }

    package static let fixedLiterals: Code = {
        var lengths = Array(repeating: 8, count: 288)
        for symbol in 144..<256 { lengths[symbol] = 9 }
        for symbol in 256..<280 { lengths[symbol] = 7 }
        return try! Code(lengths: lengths)
    }()

    package static let fixedDistances: Code = try! Code(lengths: Array(repeating: 5, count: 30))

    // MARK: Blocks

    private func stored() throws {
        // Drop the bits left in the current byte, then read LEN and NLEN.
        let drop = bitCount & 7
        bitBuffer >>= UInt64(drop)
        bitCount -= drop
        let length = try bits(16)
        let check = try bits(16)
        guard length == ~check & 0xFFFF else { throw Inflate.Failure("stored block length does not match its complement") }
        var left = length
        // Whole bytes still in the bit buffer come first, then the input itself.
        while left > 0 && bitCount >= 8 {
            try put(UInt8(truncatingIfNeeded: bitBuffer))
            bitBuffer >>= 8
            bitCount -= 8
            left -= 1
        }
        while left > 0 {
            if inputPosition == inputCount {
                guard !inputEnded else { throw Inflate.Failure("compressed data ends too early") }
                inputCount = try read(UnsafeMutableRawBufferPointer(start: input, count: InflateStream.inputCapacity))
                inputPosition = 0
                if inputCount == 0 { throw Inflate.Failure("compressed data ends too early") }
            }
            let take = min(left, inputCount - inputPosition, InflateStream.capacity - 258 - position)
            (window + position).update(from: input + inputPosition, count: take)
            position += take
            inputPosition += take
            left -= take
            if position >= InflateStream.history + InflateStream.block { try flush(keepHistory: true) }
        }
    }

    private func put(_ byte: UInt8) throws {
        window[position] = byte
        position += 1
        if position >= InflateStream.history + InflateStream.block { try flush(keepHistory: true) }
    }

    private func codes(literals: Code, distances: Code) throws {
        let limit = InflateStream.history + InflateStream.block
        while true {
            let symbol = try decode(literals)
            if symbol < 256 {
                window[position] = UInt8(symbol)
                position += 1
                if position >= limit { try flush(keepHistory: true) }
                continue
            }
            if symbol == 256 { return }
            let lengthIndex = symbol - 257
            guard lengthIndex < Inflate.Tables.lengthBase.count else { throw Inflate.Failure("invalid length symbol \(symbol)") }
            let length = Inflate.Tables.lengthBase[lengthIndex] + (try bits(Inflate.Tables.lengthExtra[lengthIndex]))
            let distanceSymbol = try decode(distances)
            guard distanceSymbol < Inflate.Tables.distanceBase.count else {
                throw Inflate.Failure("invalid distance symbol \(distanceSymbol)")
            }
            let distance = Inflate.Tables.distanceBase[distanceSymbol] + (try bits(Inflate.Tables.distanceExtra[distanceSymbol]))
            guard distance <= position else { throw Inflate.Failure("distance \(distance) reaches before the start") }
            let from = window + (position - distance)
            let to = window + position
            if distance >= length {
                to.update(from: from, count: length)
            } else {
                // The copy overlaps the bytes it produces: byte by byte.
                for offset in 0..<length { to[offset] = from[offset] }
            }
            position += length
            if position >= limit { try flush(keepHistory: true) }
        }
    }

    private func dynamicTables() throws -> (Code, Code) {
        let literalCount = try bits(5) + 257
        let distanceCount = try bits(5) + 1
        let lengthCodeCount = try bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw Inflate.Failure("too many length or distance codes") }
        var codeLengths = Array(repeating: 0, count: 19)
        for index in 0..<lengthCodeCount { codeLengths[Inflate.Tables.lengthOrder[index]] = try bits(3) }
        let lengthCode = try Code(lengths: codeLengths)
        var lengths: [Int] = []
        lengths.reserveCapacity(literalCount + distanceCount)
        while lengths.count < literalCount + distanceCount {
            let symbol = try decode(lengthCode)
            switch symbol {
            case 0...15:
                lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw Inflate.Failure("repeat with no previous length") }
                lengths += repeatElement(previous, count: 3 + (try bits(2)))
            case 17:
                lengths += repeatElement(0, count: 3 + (try bits(3)))
            default:
                lengths += repeatElement(0, count: 11 + (try bits(7)))
            }
        }
        guard lengths.count == literalCount + distanceCount else { throw Inflate.Failure("code lengths overrun their count") }
        guard lengths[256] != 0 else { throw Inflate.Failure("no end-of-block code") }
        return (try Code(lengths: Array(lengths[..<literalCount])), try Code(lengths: Array(lengths[literalCount...])))
    }

    // MARK: Output

    /// Hands the bytes not yet written to `write`, then keeps only the last 32 KiB as history.
    private func flush(keepHistory: Bool) throws {
        if position > flushed {
            let fresh = UnsafeRawBufferPointer(start: window + flushed, count: position - flushed)
            crc = CRC32.update(crc, fresh)
            produced += Int64(fresh.count)
            try write(fresh)
        }
        flushed = position
        guard keepHistory, position > InflateStream.history else { return }
        window.update(from: window + (position - InflateStream.history), count: InflateStream.history)
        position = InflateStream.history
        flushed = position
    }
}
