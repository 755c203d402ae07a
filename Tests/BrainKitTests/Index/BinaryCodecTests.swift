import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// The cache's encoding: what `BinaryWriter` writes, `BinaryReader` reads back, byte for byte as
/// LEB128 and length-prefixed UTF-8 say, however many times the writer's buffer grows.
@Suite struct BinaryCodecTests {
    /// LEB128 of `value`, written out plainly.
    static func leb128(_ value: UInt64) -> [UInt8] {
        var value = value
        var out: [UInt8] = []
        repeat {
            var byte = UInt8(value & 0x7F)
            value >>= 7
            if value != 0 { byte |= 0x80 }
            out.append(byte)
        } while value != 0
        return out
    }

    @Test func everyValueIsReadBackAndTheBytesAreTheFormats() throws {
        var random = SystemRandomNumberGenerator()
        // A small first buffer: the values below make it grow many times, across values.
        var writer = BinaryWriter(capacity: 1)
        var expected: [UInt8] = []
        var values: [(UInt64, Int, String, Bool, Double, [UInt8]?)] = []
        for round in 0..<3_000 {
            let unsigned: UInt64 = [0, 1, 0x7F, 0x80, 0x3FFF, 0x4000, UInt64.max, random.next()][round % 8]
            let signed = [0, -1, 1, -64, 64, Int.min, Int.max, Int(truncatingIfNeeded: random.next() as UInt64)][round % 8]
            let text = ["", "a", "café", String(repeating: "é", count: round % 300), "[[link]] \(round)"][round % 5]
            let data: [UInt8]? = round % 3 == 0 ? nil : (0..<(round % 70)).map { UInt8(truncatingIfNeeded: $0 * 7) }
            let flag = round % 2 == 0, number = Double(round) / 7
            values.append((unsigned, signed, text, flag, number, data))
            writer.uint(unsigned)
            writer.int(signed)
            let section = writer.beginSection()
            writer.string(text)
            writer.endSection(section)
            writer.bool(flag)
            writer.double(number)
            writer.optionalData(data)

            expected += BinaryCodecTests.leb128(unsigned)
            let zigzag = UInt64(bitPattern: (Int64(signed) << 1) ^ (Int64(signed) >> 63))
            expected += BinaryCodecTests.leb128(zigzag)
            let encoded = BinaryCodecTests.leb128(UInt64(text.utf8.count)) + Array(text.utf8)
            expected += (0..<4).map { UInt8(truncatingIfNeeded: UInt32(encoded.count) >> (8 * UInt32($0))) } + encoded
            expected.append(flag ? 1 : 0)
            expected += (0..<8).map { UInt8(truncatingIfNeeded: number.bitPattern >> (8 * UInt64($0))) }
            if let data { expected += [1] + BinaryCodecTests.leb128(UInt64(data.count)) + data } else { expected.append(0) }
        }
        let bytes = writer.bytes
        #expect(writer.count == bytes.count)
        #expect(bytes == expected)
        try bytes.withUnsafeBufferPointer { buffer in
            var reader = BinaryReader(buffer)
            for (unsigned, signed, text, flag, number, data) in values {
                #expect(try reader.uint() == unsigned)
                #expect(try reader.int() == signed)
                var section = BinaryReader(buffer, offset: try reader.skipSection())
                #expect(try section.string() == text)
                #expect(try reader.bool() == flag)
                #expect(try reader.double() == number)
                #expect(try reader.optionalData() == data)
            }
            #expect(reader.isAtEnd)
        }
    }

    /// The byte each link kind and task state is cached as is its place in `allCases`, the
    /// place the reader takes it from.
    @Test func cacheCodesArePlacesInAllCases() {
        for (place, kind) in Link.Kind.allCases.enumerated() { #expect(Int(kind.cacheCode) == place) }
        for (place, state) in TaskItem.State.allCases.enumerated() { #expect(Int(state.cacheCode) == place) }
    }

    /// The cache files' four-lane checksum: every length from empty to past several rounds of
    /// 32 bytes, every byte changed in every bit, is caught; so is a word moved to another lane
    /// or one byte added or cut. A file's sum does not depend on where its bytes sit in memory.
    @Test func theCacheChecksumCatchesEveryChangedByte() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...97 {
            var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let sum = bytes.withUnsafeBufferPointer { VaultIndex.cacheChecksum($0) }
            for position in bytes.indices {
                for bit in 0..<8 {
                    bytes[position] ^= 1 << bit
                    #expect(bytes.withUnsafeBufferPointer { VaultIndex.cacheChecksum($0) } != sum, "length \(length), byte \(position), bit \(bit)")
                    bytes[position] ^= 1 << bit
                }
            }
            #expect((bytes + [0]).withUnsafeBufferPointer { VaultIndex.cacheChecksum($0) } != sum)
            if length > 0 {
                #expect(bytes.dropLast().withUnsafeBufferPointer { VaultIndex.cacheChecksum($0) } != sum)
                // The same bytes one place further on in memory.
                let shifted = ([0] + bytes).withUnsafeBufferPointer { VaultIndex.cacheChecksum(UnsafeBufferPointer(rebasing: $0[1...])) }
                #expect(shifted == sum)
            }
            if length >= 32 {
                // The first two words (two lanes) swapped, when they differ.
                var swapped = bytes
                swapped.replaceSubrange(0..<16, with: Array(bytes[8..<16] + bytes[0..<8]))
                if swapped != bytes { #expect(swapped.withUnsafeBufferPointer { VaultIndex.cacheChecksum($0) } != sum) }
            }
        }
    }
}
