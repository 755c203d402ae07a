import Foundation
import Testing
import BrainTestSupport
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// The streaming DEFLATE decoder (zlib) and the zip reader, on disk, that the Health export is read through.
@Suite struct InflateStreamTests {
    /// Decodes `input` pulling `piece` bytes at a time; the output and its CRC-32.
    static func stream(_ input: [UInt8], piece: Int) throws -> (bytes: [UInt8], crc: UInt32) {
        var offset = 0
        var output: [UInt8] = []
        let result = try Inflate.decompress(read: { buffer in
            let count = min(piece, buffer.count, input.count - offset)
            for index in 0..<count { buffer[index] = input[offset + index] }
            offset += count
            return count
        }, write: { output.append(contentsOf: $0) })
        #expect(result.size == Int64(output.count))
        return (output, result.crc)
    }

    /// zlib's streams of every block type decode as the whole-buffer decoder decodes them, however
    /// the input arrives.
    @Test(arguments: ["stored", "fixed", "dynamic", "huffman", "rle"])
    func decodesZlibStreamsInAnyPieces(kind: String) throws {
        let expected = try InflateTests.bytes("sample.txt")
        let input = try InflateTests.bytes("sample.\(kind).deflate")
        for piece in [1, 3, 8, 9, 1000, 1 << 16] {
            let (bytes, crc) = try Self.stream(input, piece: piece)
            #expect(bytes == expected, "\(kind) in pieces of \(piece)")
            #expect(crc == CRC32.checksum(expected))
        }
    }

    /// Three megabytes of export: many output blocks and the 32 KiB history carried across them.
    @Test func aLargeMemberDecodesLikeTheWholeBufferDecoder() throws {
        let zip = Array(try Data(contentsOf: URL(fileURLWithPath: Tracking.fixtures + "/export.zip")))
        let archive = try ZipArchive(bytes: zip)
        let entry = try #require(archive.entries.first { $0.name.hasSuffix("/export.xml") })
        let whole = try archive.data(entry)
        #expect(whole.count > 2_000_000)
        let packed = Array(zip[Int(entry.dataOffset)..<Int(entry.dataOffset + entry.compressedSize)])
        let (bytes, crc) = try Self.stream(packed, piece: 4093)
        #expect(bytes == whole)
        #expect(crc == CRC32.checksum(whole))
    }

    @Test func damagedStreamsFailWithAMessageNeverACrash() throws {
        let stream = try InflateTests.bytes("sample.dynamic.deflate")
        for cut in [0, 1, 2, 10, stream.count / 2, stream.count - 1] {
            #expect(throws: Inflate.Failure.self) { try Self.stream(Array(stream.prefix(cut)), piece: 7) }
        }
        for position in stride(from: 0, to: min(stream.count, 400), by: 7) {
            var damaged = stream
            damaged[position] ^= 0x5A
            _ = try? Self.stream(damaged, piece: 64)
        }
        #expect(throws: Inflate.Failure.self) { try Self.stream([0x07], piece: 1) }
    }

    /// A zip64 archive (the Health app writes one when the export passes 4 GiB): sizes and the
    /// offset in the zip64 extra field, the directory found through the zip64 end record.
    @Test func zip64ArchivesAreRead() throws {
        let folder = try TrackingFolder()
        let text = Tracking.export([Tracking.steps("2026-11-20 08:00:00 +0100", nil, "4321")])
        let path = try folder.write("export.zip", Self.zip64(name: "apple_health_export/export.xml", data: Array(text.utf8)))
        let rule = Tracking.rule("steps")
        let data = try Tracking.read("health", path, rules: [rule], zone: Tracking.berlin)
        #expect(Tracking.table(data.values(for: rule)) == ["2026-11-20: 4321"])
        // A damaged byte of the member is caught by its checksum.
        var broken = Self.zip64(name: "apple_health_export/export.xml", data: Array(text.utf8))
        let digits = try #require((0..<broken.count - 4).first { Array(broken[$0..<($0 + 4)]) == Array("4321".utf8) })
        broken[digits] = UInt8(ascii: "9")
        let brokenPath = try folder.write("broken.zip", broken)
        #expect(throws: TrackingError.self) { try Tracking.read("health", brokenPath, rules: [rule]) }
    }

    /// A stored zip64 archive of one member, every size and offset in zip64 form.
    static func zip64(name: String, data: [UInt8]) -> [UInt8] {
        ZipWriter.zip64(name: name, data: data)
    }
}
