/// Zip files built byte by byte (PKWARE APPNOTE 6.3), for tests that need archives no zip tool
/// makes: members that share one stream, sizes that lie, zip64 fields out of range. Each member's
/// data is given already packed; `ZipWriter.zeros` packs runs of zero bytes with DEFLATE.
package struct ZipWriter {
    /// One member as the central directory lists it.
    package struct Member {
        package var name: String
        /// 0 stored, 8 deflated.
        package var method: Int
        package var crc: UInt32
        package var compressedSize: Int
        package var size: Int
        /// Where its local header is; nil: the next one written.
        package var headerOffset: Int?

        package init(name: String, method: Int, crc: UInt32, compressedSize: Int, size: Int, headerOffset: Int? = nil) {
            self.name = name
            self.method = method
            self.crc = crc
            self.compressedSize = compressedSize
            self.size = size
            self.headerOffset = headerOffset
        }
    }

    package private(set) var bytes: [UInt8] = []
    private var directory: [Member] = []

    package init() {}

    /// Writes a local header and `packed` for `member`, and lists it in the directory.
    package mutating func add(_ member: Member, packed: [UInt8]) {
        var member = member
        member.headerOffset = bytes.count
        let name = Array(member.name.utf8)
        u32(0x0403_4b50); u16(20); u16(0); u16(member.method); u16(0); u16(0x21)
        u32(Int(member.crc)); u32(member.compressedSize); u32(member.size); u16(name.count); u16(0)
        bytes += name
        bytes += packed
        directory.append(member)
    }

    /// Lists `member` in the central directory only (its `headerOffset` points at bytes already written).
    package mutating func list(_ member: Member) {
        directory.append(member)
    }

    /// A stored member.
    package mutating func add(stored name: String, _ data: [UInt8]) {
        add(Member(name: name, method: 0, crc: ZipWriter.crc32(data), compressedSize: data.count, size: data.count), packed: data)
    }

    /// The finished archive: the central directory and its end record.
    package mutating func finish() -> [UInt8] {
        let start = bytes.count
        for member in directory {
            let name = Array(member.name.utf8)
            u32(0x0201_4b50); u16(20); u16(20); u16(0); u16(member.method); u16(0); u16(0x21)
            u32(Int(member.crc)); u32(member.compressedSize); u32(member.size); u16(name.count); u16(0); u16(0)
            u16(0); u16(0); u32(0); u32(member.headerOffset ?? 0)
            bytes += name
        }
        let size = bytes.count - start
        u32(0x0605_4b50); u16(0); u16(0); u16(directory.count); u16(directory.count); u32(size); u32(start); u16(0)
        return bytes
    }

    private mutating func u16(_ value: Int) { bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    private mutating func u32(_ value: Int) { for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(value >> shift & 0xFF)) } }

    /// A stored zip64 archive of one member, every size and offset in zip64 form (the Health
    /// app writes one when the export passes 4 GiB): sizes and the offset in the zip64 extra
    /// field, the directory found through the zip64 end record.
    package static func zip64(name: String, data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        func u16(_ value: Int) { out += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func u32(_ value: Int) { for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8(value >> shift & 0xFF)) } }
        func u64(_ value: Int) { for shift in stride(from: 0, to: 64, by: 8) { out.append(UInt8(value >> shift & 0xFF)) } }
        let nameBytes = Array(name.utf8)
        let crc = Int(crc32(data))
        u32(0x0403_4b50); u16(45); u16(0); u16(0); u16(0); u16(0); u32(crc); u32(0xFFFF_FFFF); u32(0xFFFF_FFFF)
        u16(nameBytes.count); u16(20); out += nameBytes
        u16(1); u16(16); u64(data.count); u64(data.count)
        out += data
        let directory = out.count
        u32(0x0201_4b50); u16(45); u16(45); u16(0); u16(0); u16(0); u16(0); u32(crc); u32(0xFFFF_FFFF); u32(0xFFFF_FFFF)
        u16(nameBytes.count); u16(28); u16(0); u16(0); u16(0); u32(0); u32(0xFFFF_FFFF); out += nameBytes
        u16(1); u16(24); u64(data.count); u64(data.count); u64(0)
        let directorySize = out.count - directory
        let record = out.count
        u32(0x0606_4b50); u64(44); u16(45); u16(45); u32(0); u32(0); u64(1); u64(1); u64(directorySize); u64(directory)
        u32(0x0706_4b50); u32(0); u64(record); u32(1)
        u32(0x0605_4b50); u16(0); u16(0); u16(0xFFFF); u16(0xFFFF); u32(0xFFFF_FFFF); u32(0xFFFF_FFFF); u16(0)
        return out
    }

    /// Where the numbers of a `zip64(name:data:)` archive lie, by what they are: each an 8-byte
    /// little-endian value.
    package static func zip64Fields(nameLength: Int, size: Int) -> [(field: String, offset: Int)] {
        let directory = 30 + nameLength + 20 + size
        let extra = directory + 46 + nameLength + 4
        let record = directory + 46 + nameLength + 28
        return [("the zip64 end record's place (locator)", record + 56 + 8), ("the member count (zip64 end)", record + 32),
                ("the directory's size (zip64 end)", record + 40), ("the directory's place (zip64 end)", record + 48),
                ("the member's size", extra), ("the member's compressed size", extra + 8), ("the member's local header place", extra + 16)]
    }

    /// `bytes` with the 8 bytes at `offset` set to `value`, little-endian.
    package static func patch(_ bytes: [UInt8], at offset: Int, to value: UInt64) -> [UInt8] {
        var bytes = bytes
        for index in 0..<8 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))) }
        return bytes
    }

    /// Values of a zip64 field past the file and past `Int64`, for crafted archives.
    package static func hostileValues(fileSize: Int) -> [UInt64] {
        [.max, UInt64(Int64.max), UInt64(Int64.max) - 10, UInt64(Int64.max) + 1, 1 << 62, 0xFFFF_FFFF, UInt64(fileSize),
         UInt64(fileSize) + 1, 0]
    }

    // MARK: Packing

    /// `count` zero bytes as one raw DEFLATE block of fixed Huffman codes: a literal 0, then copies
    /// of 258 bytes at distance 1 (13 bits each, so about 198 to 1), then the rest, then the end.
    package static func zeros(_ count: Int) -> [UInt8] {
        var writer = BitWriter()
        writer.write(1, 1)  // the last block
        writer.write(1, 2)  // fixed Huffman codes
        guard count > 0 else {
            writer.code(0, length: 7)  // end of block (256)
            return writer.finish()
        }
        writer.code(0x30, length: 8)  // the literal 0
        var left = count - 1
        while left >= 3 {
            let length = min(258, left)
            writer.length(length)
            writer.code(0, length: 5)  // distance code 0: distance 1
            left -= length
        }
        for _ in 0..<left { writer.code(0x30, length: 8) }
        writer.code(0, length: 7)
        return writer.finish()
    }

    /// DEFLATE's bits, least significant first; Huffman codes go most significant bit first.
    private struct BitWriter {
        var bytes: [UInt8] = []
        var buffer = 0
        var count = 0

        mutating func write(_ value: Int, _ bits: Int) {
            buffer |= value << count
            count += bits
            while count >= 8 {
                bytes.append(UInt8(buffer & 0xFF))
                buffer >>= 8
                count -= 8
            }
        }

        mutating func code(_ code: Int, length: Int) {
            var reversed = 0
            for bit in 0..<length where code & (1 << bit) != 0 { reversed |= 1 << (length - 1 - bit) }
            write(reversed, length)
        }

        /// A match length (3 to 258) in the fixed code: its symbol, then its extra bits.
        static let bases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
        static let extras = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]

        mutating func length(_ length: Int) {
            let bases = BitWriter.bases, extras = BitWriter.extras
            let index = length == 258 ? 28 : bases.lastIndex { $0 <= length }!
            let symbol = 257 + index
            // Symbols 256-279 have 7-bit codes from 0; 280-287 8-bit codes from 0xC0.
            if symbol < 280 { code(symbol - 256, length: 7) } else { code(0xC0 + symbol - 280, length: 8) }
            write(length - bases[index], extras[index])
        }

        mutating func finish() -> [UInt8] {
            if count > 0 { bytes.append(UInt8(buffer & 0xFF)) }
            return bytes
        }
    }

    /// The CRC-32 of zip files, computed here so the tests do not check the reader with itself.
    package static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// The CRC-32 of `count` zero bytes, without making them: the CRC register's update by a zero
    /// byte is linear, so it is applied by repeated squaring of its 32×32 matrix (zlib's crc32_combine).
    package static func crc32(zeros count: Int) -> UInt32 {
        // The operator of one zero bit, as 32 columns.
        var odd = [UInt32](repeating: 0, count: 32)
        odd[0] = 0xEDB8_8320
        for index in 1..<32 { odd[index] = 1 << (index - 1) }
        func times(_ matrix: [UInt32], _ vector: UInt32) -> UInt32 {
            var sum: UInt32 = 0, vector = vector, index = 0
            while vector != 0 {
                if vector & 1 != 0 { sum ^= matrix[index] }
                vector >>= 1
                index += 1
            }
            return sum
        }
        func square(_ matrix: [UInt32]) -> [UInt32] { (0..<32).map { times(matrix, matrix[$0]) } }
        var even = square(odd)  // two zero bits
        odd = square(even)      // four
        var crc: UInt32 = 0xFFFF_FFFF
        var left = count
        // Squarings of eight bits, sixteen, …: one zero byte, two, four.
        while left > 0 {
            even = square(odd)
            if left & 1 != 0 { crc = times(even, crc) }
            left >>= 1
            guard left > 0 else { break }
            odd = square(even)
            if left & 1 != 0 { crc = times(odd, crc) }
            left >>= 1
        }
        return crc ^ 0xFFFF_FFFF
    }
}
