import BrainFormat
import BrainAnalytics
import BrainStore

/// The files of a zip archive (PKWARE APPNOTE), read from its central directory: stored and
/// deflated entries, each checked against its size and CRC-32. Nothing is written to disk, so a
/// member named `../x` can do no harm; it is only a name.
package struct ZipArchive: Sendable {
    /// Why an archive could not be read.
    package struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        package var message: String
        package var description: String { message }
        package init(_ message: String) { self.message = message }
    }

    /// One member: its name and where its data lives.
    package struct Entry: Hashable, Sendable {
        package var name: String
        package var method: Int
        package var flags: Int
        package var crc: UInt32
        package var compressedSize: Int
        package var size: Int
        package var localHeaderOffset: Int
        package var isDirectory: Bool { name.hasSuffix("/") }
    }

    package let entries: [Entry]
    private let bytes: [UInt8]
    /// The most one member may unpack to.
    package static let memberLimit = 256 << 20

    /// Reads the central directory of `bytes`.
    package init(bytes: [UInt8]) throws(Failure) {
        self.bytes = bytes
        guard let end = ZipArchive.endRecord(bytes) else {
            throw Failure("not a zip file (no end of central directory record)")
        }
        let count = ZipArchive.u16(bytes, end + 10)
        let directorySize = ZipArchive.u32(bytes, end + 12)
        let directoryOffset = ZipArchive.u32(bytes, end + 16)
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            throw Failure("zip64 archives are not supported")
        }
        guard directoryOffset + directorySize <= end else { throw Failure("the central directory lies outside the file") }
        var entries: [Entry] = []
        var offset = directoryOffset
        for _ in 0..<count {
            guard offset + 46 <= end, ZipArchive.u32(bytes, offset) == 0x0201_4b50 else {
                throw Failure("damaged central directory")
            }
            let flags = ZipArchive.u16(bytes, offset + 8)
            let nameLength = ZipArchive.u16(bytes, offset + 28)
            let extraLength = ZipArchive.u16(bytes, offset + 30)
            let commentLength = ZipArchive.u16(bytes, offset + 32)
            guard offset + 46 + nameLength <= end else { throw Failure("damaged central directory") }
            let nameBytes = Array(bytes[(offset + 46)..<(offset + 46 + nameLength)])
            // Bit 11 marks UTF-8 names; older tools wrote code page 437, which agrees for ASCII.
            let name = String(decoding: nameBytes, as: UTF8.self)
            entries.append(Entry(name: name, method: ZipArchive.u16(bytes, offset + 10), flags: flags,
                                 crc: UInt32(ZipArchive.u32(bytes, offset + 16)),
                                 compressedSize: ZipArchive.u32(bytes, offset + 20), size: ZipArchive.u32(bytes, offset + 24),
                                 localHeaderOffset: ZipArchive.u32(bytes, offset + 42)))
            offset += 46 + nameLength + extraLength + commentLength
        }
        self.entries = entries
    }

    /// Whether `bytes` start like a zip file (a local file header or an empty archive).
    package static func looksLikeZip(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 4 && bytes[0] == 0x50 && bytes[1] == 0x4B && (bytes[2] == 3 || bytes[2] == 5) && (bytes[3] == 4 || bytes[3] == 6)
    }

    /// The unpacked bytes of `entry`, checked against its size and CRC-32.
    package func data(_ entry: Entry) throws(Failure) -> [UInt8] {
        if entry.flags & 1 != 0 { throw Failure("\(entry.name) is encrypted") }
        let header = entry.localHeaderOffset
        guard header + 30 <= bytes.count, ZipArchive.u32(bytes, header) == 0x0403_4b50 else {
            throw Failure("\(entry.name): damaged local header")
        }
        let start = header + 30 + ZipArchive.u16(bytes, header + 26) + ZipArchive.u16(bytes, header + 28)
        guard start + entry.compressedSize <= bytes.count else { throw Failure("\(entry.name): the data is cut short") }
        guard entry.size <= ZipArchive.memberLimit else { throw Failure("\(entry.name) is too large (\(entry.size) bytes)") }
        let packed = Array(bytes[start..<(start + entry.compressedSize)])
        let unpacked: [UInt8]
        switch entry.method {
        case 0:
            unpacked = packed
        case 8:
            do { unpacked = try Inflate.decompress(packed, limit: entry.size) } catch {
                throw Failure("\(entry.name): \(error.message)")
            }
        default:
            throw Failure("\(entry.name) uses compression method \(entry.method); only stored and deflated files can be read")
        }
        guard unpacked.count == entry.size else {
            throw Failure("\(entry.name): unpacked \(unpacked.count) bytes, the archive says \(entry.size)")
        }
        guard CRC32.checksum(unpacked) == entry.crc else { throw Failure("\(entry.name): CRC-32 does not match; the archive is damaged") }
        return unpacked
    }

    /// The end of central directory record: the last signature within the 64 KiB comment range.
    private static func endRecord(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 22 else { return nil }
        let lowest = max(0, bytes.count - 22 - 0xFFFF)
        var offset = bytes.count - 22
        while offset >= lowest {
            if bytes[offset] == 0x50, bytes[offset + 1] == 0x4B, bytes[offset + 2] == 5, bytes[offset + 3] == 6 { return offset }
            offset -= 1
        }
        return nil
    }

    private static func u16(_ bytes: [UInt8], _ offset: Int) -> Int {
        guard offset + 2 <= bytes.count else { return 0 }
        return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
    }

    private static func u32(_ bytes: [UInt8], _ offset: Int) -> Int {
        guard offset + 4 <= bytes.count else { return 0 }
        return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
    }
}
