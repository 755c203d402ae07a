import BrainFormat
import BrainAnalytics
import BrainStore

/// The directory of a zip file on disk (PKWARE APPNOTE), read from its end without loading the
/// rest: the Health app's `export.zip` may hold gigabytes. Zip64 archives (members or archives
/// over 4 GiB, which large Health exports are) are read too. `ZipArchive` is the in-memory reader
/// for small archives.
package struct ZipFile {
    package struct Entry: Hashable, Sendable {
        package var name: String
        package var method: Int
        package var flags: Int
        package var crc: UInt32
        package var compressedSize: Int64
        package var size: Int64
        package var localHeaderOffset: Int64
        package var isDirectory: Bool { name.hasSuffix("/") }
    }

    package let entries: [Entry]

    /// The most central directory read (a Health export with many workout routes has a few MB).
    package static let directoryLimit: Int64 = 256 << 20

    package init(_ file: FileBlocks) throws(TrackingError) {
        let tailSize = Int(min(file.size, 22 + 0xFFFF + 20))
        var tail = [UInt8](repeating: 0, count: tailSize)
        let got = tail.withUnsafeMutableBytes { file.read(into: $0, at: file.size - Int64(tailSize)) }
        guard got == tailSize, let end = ZipFile.lastSignature(0x0605_4b50, in: tail, minimumLength: 22) else {
            throw TrackingError("not a zip file (no end of central directory record)")
        }
        var count = Int64(ZipFile.u16(tail, end + 10))
        var directorySize = Int64(ZipFile.u32(tail, end + 12))
        var directoryOffset = Int64(ZipFile.u32(tail, end + 16))
        // Zip64: a locator right before the end record points at the zip64 end record.
        if end >= 20, ZipFile.u32(tail, end - 20) == 0x0706_4b50 {
            let recordOffset = Int64(truncatingIfNeeded: ZipFile.u64(tail, end - 20 + 8))
            var record = [UInt8](repeating: 0, count: 56)
            let read = record.withUnsafeMutableBytes { file.read(into: $0, at: recordOffset) }
            guard read == 56, ZipFile.u32(record, 0) == 0x0606_4b50 else { throw TrackingError("damaged zip64 end record") }
            count = Int64(truncatingIfNeeded: ZipFile.u64(record, 32))
            directorySize = Int64(truncatingIfNeeded: ZipFile.u64(record, 40))
            directoryOffset = Int64(truncatingIfNeeded: ZipFile.u64(record, 48))
        }
        guard count >= 0, directorySize >= 0, directorySize <= ZipFile.directoryLimit, directoryOffset >= 0, directoryOffset + directorySize <= file.size else {
            throw TrackingError("the zip file's central directory lies outside the file")
        }
        var directory = [UInt8](repeating: 0, count: Int(directorySize))
        let read = directory.withUnsafeMutableBytes { file.read(into: $0, at: directoryOffset) }
        guard read == Int(directorySize) else { throw TrackingError("the zip file is cut short") }
        var entries: [Entry] = []
        var offset = 0
        for _ in 0..<count {
            guard offset + 46 <= directory.count, ZipFile.u32(directory, offset) == 0x0201_4b50 else {
                throw TrackingError("damaged zip central directory")
            }
            let nameLength = ZipFile.u16(directory, offset + 28)
            let extraLength = ZipFile.u16(directory, offset + 30)
            let commentLength = ZipFile.u16(directory, offset + 32)
            guard offset + 46 + nameLength + extraLength <= directory.count else { throw TrackingError("damaged zip central directory") }
            let name = String(decoding: directory[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self)
            var entry = Entry(name: name, method: ZipFile.u16(directory, offset + 10), flags: ZipFile.u16(directory, offset + 8),
                              crc: UInt32(ZipFile.u32(directory, offset + 16)),
                              compressedSize: Int64(ZipFile.u32(directory, offset + 20)),
                              size: Int64(ZipFile.u32(directory, offset + 24)),
                              localHeaderOffset: Int64(ZipFile.u32(directory, offset + 42)))
            // Sizes and offsets that do not fit 32 bits are 0xFFFFFFFF here and follow in the zip64
            // extra field (id 1), in this order, only those that overflowed.
            let maximum: Int64 = 0xFFFF_FFFF
            if entry.size == maximum || entry.compressedSize == maximum || entry.localHeaderOffset == maximum {
                var extra = offset + 46 + nameLength
                let extraEnd = extra + extraLength
                while extra + 4 <= extraEnd {
                    let id = ZipFile.u16(directory, extra), length = ZipFile.u16(directory, extra + 2)
                    if id == 1 {
                        var field = extra + 4
                        func next() -> Int64 {
                            defer { field += 8 }
                            return field + 8 <= extra + 4 + length ? Int64(truncatingIfNeeded: ZipFile.u64(directory, field)) : -1
                        }
                        if entry.size == maximum { entry.size = next() }
                        if entry.compressedSize == maximum { entry.compressedSize = next() }
                        if entry.localHeaderOffset == maximum { entry.localHeaderOffset = next() }
                    }
                    extra += 4 + length
                }
                guard entry.size >= 0, entry.compressedSize >= 0, entry.localHeaderOffset >= 0 else {
                    throw TrackingError("damaged zip64 sizes for \(name)")
                }
            }
            entries.append(entry)
            offset += 46 + nameLength + extraLength + commentLength
        }
        self.entries = entries
    }

    /// Where `entry`'s compressed bytes start: after its local header, whose name and extra
    /// field may differ in length from the central directory's.
    package static func dataOffset(of entry: Entry, in file: FileBlocks, shown: String) throws(TrackingError) -> Int64 {
        if entry.flags & 1 != 0 { throw TrackingError("\(shown) is encrypted") }
        var header = [UInt8](repeating: 0, count: 30)
        let got = header.withUnsafeMutableBytes { file.read(into: $0, at: entry.localHeaderOffset) }
        guard got == 30, u32(header, 0) == 0x0403_4b50 else { throw TrackingError("\(shown): damaged zip local header") }
        return entry.localHeaderOffset + 30 + Int64(u16(header, 26)) + Int64(u16(header, 28))
    }

    /// The last offset of a 4-byte little-endian `signature` with `minimumLength` bytes after it.
    package static func lastSignature(_ signature: Int, in bytes: [UInt8], minimumLength: Int) -> Int? {
        var offset = bytes.count - minimumLength
        while offset >= 0 {
            if u32(bytes, offset) == signature { return offset }
            offset -= 1
        }
        return nil
    }

    package static func u16(_ bytes: [UInt8], _ offset: Int) -> Int {
        guard offset >= 0, offset + 2 <= bytes.count else { return 0 }
        return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
    }

    package static func u32(_ bytes: [UInt8], _ offset: Int) -> Int {
        guard offset >= 0, offset + 4 <= bytes.count else { return 0 }
        return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
    }

    package static func u64(_ bytes: [UInt8], _ offset: Int) -> UInt64 {
        guard offset >= 0, offset + 8 <= bytes.count else { return 0 }
        var value: UInt64 = 0
        for index in (0..<8).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
        return value
    }
}
