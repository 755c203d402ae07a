import Foundation
import Testing
import BrainTestSupport
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Step 25, points 2 and 8: a zip is input from elsewhere. Members that share one stream, sizes
/// that lie, more members or more bytes than any export has, and zip64 numbers past `Int64` are
/// refused with a message, before anything is unpacked; nothing traps. The archives are built byte
/// by byte (`ZipWriter`), as no zip tool makes them.
@Suite struct ZipBoundsTests {
    /// The writer's DEFLATE stream of zeros and its CRC-32 are right (checked with zlib's inflate).
    @Test func theTestWritersZerosAreZeros() throws {
        for count in [0, 1, 2, 3, 258, 259, 1000, 100_003] {
            let packed = ZipWriter.zeros(count)
            #expect(try Inflate.decompress(packed) == [UInt8](repeating: 0, count: count), "\(count)")
            #expect(ZipWriter.crc32(zeros: count) == ZipWriter.crc32([UInt8](repeating: 0, count: count)), "\(count)")
            #expect(ZipWriter.crc32(zeros: count) == CRC32.checksum([UInt8](repeating: 0, count: count)), "\(count)")
        }
    }

    /// Forty names for one stream: each name would unpack the same bytes again (the 4 GB crash of
    /// `brain import loop`). Refused at the directory, whatever the sizes.
    @Test func membersSharingOneStreamAreRefused() throws {
        let size = 1 << 20
        let packed = ZipWriter.zeros(size)
        var writer = ZipWriter()
        writer.add(.init(name: "Habits.csv", method: 8, crc: ZipWriter.crc32(zeros: size), compressedSize: packed.count, size: size),
                   packed: packed)
        for number in 1..<40 {
            writer.list(.init(name: "\(LoopExport.format3(number)) H/Checkmarks.csv", method: 8, crc: ZipWriter.crc32(zeros: size),
                              compressedSize: packed.count, size: size, headerOffset: 0))
        }
        let zip = writer.finish()
        let error = #expect(throws: ZipArchive.Failure.self) { try ZipArchive(bytes: zip) }
        #expect(error?.message.contains("share bytes") == true, "\(String(describing: error))")
        let loop = #expect(throws: LoopExport.Failure.self) { try LoopExport(zip: zip, source: "bomb.zip") }
        #expect(loop?.message.hasPrefix("bomb.zip: ") == true)
        // A member that starts inside another one's data is the same trick.
        var inside = ZipWriter()
        inside.add(stored: "Habits.csv", Array(repeating: 0x41, count: 1000))
        inside.list(.init(name: "001 H/Checkmarks.csv", method: 0, crc: 0, compressedSize: 10, size: 10, headerOffset: 100))
        #expect(throws: ZipArchive.Failure.self) { try ZipArchive(bytes: inside.finish()) }
    }

    /// A member may claim at most 200 bytes per compressed byte (DEFLATE reaches 1032 to 1; text
    /// 5 to 30), and no more than the archive's limit on its own.
    @Test func aMemberClaimingTooMuchIsRefused() throws {
        var claim = ZipWriter()
        claim.add(.init(name: "Habits.csv", method: 8, crc: 0, compressedSize: 1000, size: 300 << 20), packed: Array(repeating: 0, count: 1000))
        let ratio = #expect(throws: ZipArchive.Failure.self) { try ZipArchive(bytes: claim.finish(), limits: .streamed) }
        #expect(ratio?.message.contains("more than 200 to 1") == true, "\(String(describing: ratio))")
        // Small members are not held to the ratio: an empty line repeated is harmless.
        var small = ZipWriter()
        let packed = ZipWriter.zeros(500_000)
        small.add(.init(name: "a", method: 8, crc: ZipWriter.crc32(zeros: 500_000), compressedSize: packed.count, size: 500_000), packed: packed)
        let archive = try ZipArchive(bytes: small.finish())
        #expect(try archive.data(archive.entries[0]).count == 500_000)
    }

    /// The inflater stops at the size the directory gives: a stream of 100,000 zeros listed as 100
    /// bytes hands on no more than 100 and fails.
    @Test func aMemberUnpacksToNoMoreThanItsListedSize() throws {
        let packed = ZipWriter.zeros(100_000)
        var writer = ZipWriter()
        writer.add(.init(name: "Habits.csv", method: 8, crc: ZipWriter.crc32(zeros: 100), compressedSize: packed.count, size: 100), packed: packed)
        let archive = try ZipArchive(bytes: writer.finish())
        var handed = 0
        let error = #expect(throws: ZipArchive.Failure.self) {
            try archive.forEachBlock(of: archive.entries[0]) { handed += $0.count }
        }
        #expect(handed <= 100)
        #expect(error?.message == "Habits.csv: data unpacks to more than 100 bytes")
        #expect(throws: ZipArchive.Failure.self) { try archive.data(archive.entries[0]) }
    }

    /// The members' sizes together, and their number, are bounded.
    @Test func totalSizeAndMemberCountAreBounded() throws {
        var writer = ZipWriter()
        for number in 0..<12 { writer.add(stored: "file\(number)", Array(repeating: UInt8(number), count: 100)) }
        let zip = writer.finish()
        let limits = ZipArchive.Limits(entries: 20, totalSize: 1000, ratio: 200)
        let total = #expect(throws: ZipArchive.Failure.self) { try ZipArchive(bytes: zip, limits: limits) }
        #expect(total?.message == "the zip file's members unpack to more than 1000 bytes together; it is not read")
        let count = #expect(throws: ZipArchive.Failure.self) {
            try ZipArchive(bytes: zip, limits: ZipArchive.Limits(entries: 10, totalSize: 1 << 20, ratio: 200))
        }
        #expect(count?.message == "the zip file lists 12 files; more than 10 are not read")
        #expect(try ZipArchive(bytes: zip, limits: ZipArchive.Limits(entries: 12, totalSize: 1200, ratio: 200)).entries.count == 12)
        // Two members of 70 MB that a Loop export cannot hold (128 MB together): refused before unpacking.
        var large = ZipWriter()
        for name in ["001 A/Checkmarks.csv", "002 B/Checkmarks.csv"] {
            large.add(.init(name: name, method: 8, crc: 0, compressedSize: 400_000, size: 70 << 20), packed: Array(repeating: 0, count: 400_000))
        }
        #expect(throws: ZipArchive.Failure.self) { try ZipArchive(bytes: large.finish(), limits: .readWhole) }
        // An end record that lists 65,535 members in a directory of one.
        var one = ZipWriter()
        one.add(stored: "a", [1])
        var bytes = one.finish()
        bytes[bytes.count - 12] = 0xFF; bytes[bytes.count - 11] = 0xFF
        #expect(throws: ZipArchive.Failure.self) { try ZipArchive(bytes: bytes) }
    }

    /// Every zip64 number a file can hold — the end record's place, the directory's size, place
    /// and count, a member's sizes and place — set to values past the file and past `Int64`:
    /// each archive is refused or read, never a trap (an overflow crashed `brain track`).
    @Test func craftedZip64NumbersNeverTrap() throws {
        let data = Array("<HealthData>\n</HealthData>\n".utf8)
        let good = InflateStreamTests.zip64(name: "apple_health_export/export.xml", data: data)
        #expect(try ZipArchive(bytes: good, limits: .streamed).entries.first?.size == Int64(data.count))
        let fields = ZipWriter.zip64Fields(nameLength: "apple_health_export/export.xml".utf8.count, size: data.count)
        #expect(Self.u64(good, fields[3].offset) == UInt64(30 + 30 + 20 + data.count))
        for (field, offset) in fields {
            for value in ZipWriter.hostileValues(fileSize: good.count) {
                let bytes = ZipWriter.patch(good, at: offset, to: value)
                do {
                    let archive = try ZipArchive(bytes: bytes, limits: .streamed)
                    for entry in archive.entries { _ = try? archive.data(entry) }
                } catch {
                    #expect(!error.message.isEmpty, "\(field) = \(value)")
                }
            }
        }
    }

    static func u64(_ bytes: [UInt8], _ offset: Int) -> UInt64? {
        guard offset >= 0, offset + 8 <= bytes.count else { return nil }
        return (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
    }
}
