import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// DEFLATE, CRC-32, zip and CSV reading, each against its spec's own test data.
@Suite struct InflateTests {
    static let folder = MemoryVault.packageRoot + "/Tests/BrainKitTests/Fixtures/deflate"

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
    }

    /// zlib's streams of every block type (make-samples.py) decode to the original.
    @Test(arguments: ["stored", "fixed", "dynamic", "huffman", "rle"])
    func decodesZlibStreams(kind: String) throws {
        let expected = try Self.bytes("sample.txt")
        let decoded = try Inflate.decompress(try Self.bytes("sample.\(kind).deflate"))
        #expect(decoded == expected)
    }

    @Test func damagedStreamsFailWithAMessageNeverACrash() throws {
        let stream = try Self.bytes("sample.dynamic.deflate")
        for cut in [0, 1, 2, 10, stream.count / 2, stream.count - 1] {
            #expect(throws: Inflate.Failure.self) { try Inflate.decompress(Array(stream.prefix(cut))) }
        }
        // Every single-byte change either decodes to something or fails cleanly.
        for position in stride(from: 0, to: min(stream.count, 400), by: 7) {
            var damaged = stream
            damaged[position] ^= 0x5A
            _ = try? Inflate.decompress(damaged, limit: 1 << 20)
        }
        #expect(throws: Inflate.Failure.self) { try Inflate.decompress([0x07]) }  // block type 3
        #expect(throws: Inflate.Failure.self) { try Inflate.decompress(stream, limit: 100) }
    }

    /// RFC 1952's check value of "123456789" is 0xCBF43926.
    @Test func crc32OfTheCheckString() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([]) == 0)
    }

    @Test func zipEntriesAreCheckedAgainstTheirCRC() throws {
        var zip = try Array(Data(contentsOf: URL(fileURLWithPath: LoopFixture.fixtureFolder + "/" + LoopFixture.zipName)))
        let archive = try ZipArchive(bytes: zip)
        #expect(archive.entries.map(\.name).first == "Habits.csv")
        let habits = try archive.data(archive.entries[0])
        #expect(String(decoding: habits, as: UTF8.self).hasPrefix("Position,Name,Type,"))
        // Damage the first entry's data: its CRC-32 (or its deflate stream) no longer agrees.
        zip[60] ^= 0xFF
        let damaged = try ZipArchive(bytes: zip)
        #expect(throws: ZipArchive.Failure.self) { try damaged.data(damaged.entries[0]) }
        #expect(throws: ZipArchive.Failure.self) { try ZipArchive(bytes: Array("not a zip".utf8)) }
        #expect(throws: ZipArchive.Failure.self) { try ZipArchive(bytes: Array(zip.prefix(zip.count - 10))) }
    }

    /// RFC 4180's own examples (section 2), and a file's line numbers for each record.
    @Test func csvFollowsRFC4180() throws {
        let text = "aaa,bbb,ccc\r\nzzz,yyy,xxx\r\n\"aaa\",\"b\r\nbb\",\"ccc\"\r\n\"aaa\",\"b\"\"bb\",\"ccc\"\n,,\nlast,no break"
        let records = try CSVReader.records(text)
        #expect(records.map(\.fields) == [["aaa", "bbb", "ccc"], ["zzz", "yyy", "xxx"], ["aaa", "b\r\nbb", "ccc"],
                                         ["aaa", "b\"bb", "ccc"], ["", "", ""], ["last", "no break"]])
        #expect(records.map(\.line) == [1, 2, 3, 5, 6, 7])
        #expect(try CSVReader.records("\u{FEFF}Date,Value\n").first?.fields == ["Date", "Value"])
        let error = #expect(throws: CSVReader.Failure.self) { try CSVReader.records("a\n\"b,c\nd") }
        #expect(error?.line == 2 && error?.column == 1)
        #expect(throws: CSVReader.Failure.self) { try CSVReader.records("\"a\"b,c") }
    }

    /// What the writer writes, the reader reads back: commas, quotes, line breaks, Unicode, spaces.
    @Test func csvWriterRoundTrips() throws {
        let fields = ["plain", "a,b", "say \"hi\"", "two\nlines", "crlf\r\nhere", " padded ", "日本語 ☕", ""]
        let line = CSVWriter.record(fields)
        #expect(line == "plain,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\"crlf\r\nhere\",\" padded \",日本語 ☕,\r\n")
        #expect(try CSVReader.records(line + line).map(\.fields) == [fields, fields])
    }
}
