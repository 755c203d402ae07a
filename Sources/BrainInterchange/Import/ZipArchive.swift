#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BrainFormat
import BrainAnalytics
import BrainStore

/// The files of a zip archive (PKWARE APPNOTE 6.3), read from its central directory: zip64
/// archives too, stored and deflated members, each checked against its size and CRC-32 as it is
/// unpacked. The archive is read where it lies (a file, by `pread`, or bytes in memory) and a
/// member is unpacked a block at a time, or whole when its caller wants it whole; nothing is
/// written to disk, so a member named `../x` can do no harm: it is only a name.
///
/// A zip file is input from elsewhere, so every number in it is checked before it is used: an
/// offset or size that does not fit the file, a zip64 value past `Int64`, an archive that lists
/// more members than `Limits.entries`, members that unpack to more than `Limits.totalSize`
/// together or more than `Limits.ratio` bytes per compressed byte, and members that share bytes
/// (forty names for one stream) are refused when the archive is opened, before anything is
/// unpacked. A member then unpacks to no more than the size the directory gives it: the inflater
/// stops at that size.
package struct ZipArchive: Sendable {
    /// Why an archive could not be read.
    package struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        package var message: String
        package var description: String { message }
        package init(_ message: String) { self.message = message }
    }

    /// One member: its name, its sizes and where its compressed bytes lie.
    package struct Entry: Hashable, Sendable {
        package var name: String
        package var method: Int
        package var flags: Int
        package var crc: UInt32
        package var compressedSize: Int64
        package var size: Int64
        package var localHeaderOffset: Int64
        /// Where the compressed bytes start: after the local header, whose name and extra field
        /// may differ in length from the central directory's.
        package var dataOffset: Int64
        package var isDirectory: Bool { name.hasSuffix("/") }
    }

    /// How much an archive may hold before it is refused.
    package struct Limits: Hashable, Sendable {
        /// The most members the central directory may list.
        package var entries: Int
        /// The most bytes all members together may unpack to.
        package var totalSize: Int64
        /// The most bytes a member may unpack to per compressed byte (DEFLATE reaches 1032;
        /// text and XML 5 to 30).
        package var ratio: Int64
        /// Members up to this size are not held to `ratio`: a small file of one repeated byte is harmless.
        package var ratioFloor: Int64 = 1 << 20
        /// The largest central directory read (a Health export with many workout routes has a few MB).
        package var directorySize: Int64 = 256 << 20

        /// For archives whose members are read whole into memory (a Loop export: 46,000 days of
        /// three habits unpack to 6 MB).
        package static let readWhole = Limits(entries: 20_000, totalSize: 128 << 20, ratio: 200)
        /// For archives whose members are streamed (an Apple Health export of several gigabytes).
        package static let streamed = Limits(entries: 200_000, totalSize: 64 << 30, ratio: 200)
    }

    /// Where the archive's bytes lie.
    package enum Source: Sendable {
        case bytes([UInt8])
        case file(FileBlocks)

        package var size: Int64 {
            switch self {
            case .bytes(let bytes): return Int64(bytes.count)
            case .file(let file): return file.size
            }
        }

        /// Reads up to `buffer.count` bytes at `offset` (within the size); the count, -1 on an error.
        package func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) -> Int {
            switch self {
            case .bytes(let bytes):
                guard offset >= 0, offset <= Int64(bytes.count) else { return 0 }
                let start = Int(offset), count = min(buffer.count, bytes.count - start)
                bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[start..<(start + count)])) }
                return count
            case .file(let file):
                return file.read(into: buffer, at: offset)
            }
        }

        /// Exactly `count` bytes at `offset`, which the caller has checked lie in the source.
        func bytes(at offset: Int64, count: Int) throws(Failure) -> [UInt8] {
            var result = [UInt8](repeating: 0, count: count)
            let got = result.withUnsafeMutableBytes { read(into: $0, at: offset) }
            guard got == count else {
                throw Failure(got < 0 ? "cannot be read: \(String(cString: strerror(errno)))" : "the zip file is cut short")
            }
            return result
        }
    }

    package let entries: [Entry]
    package let source: Source

    /// Reads the central directory of the zip in `bytes`.
    package init(bytes: [UInt8], limits: Limits = .readWhole) throws(Failure) {
        try self.init(.bytes(bytes), limits: limits)
    }

    /// Reads the central directory of `source` and the local header of every member, and
    /// refuses an archive that breaks `limits` or whose members overlap.
    package init(_ source: Source, limits: Limits = .readWhole) throws(Failure) {
        self.source = source
        let fileSize = UInt64(max(0, source.size))
        let tailCount = Int(min(fileSize, 22 + 0xFFFF + 20))
        let tail = try source.bytes(at: Int64(fileSize) - Int64(tailCount), count: tailCount)
        guard let end = ZipArchive.lastSignature(0x0605_4b50, in: tail, minimumLength: 22) else {
            throw Failure("not a zip file (no end of central directory record)")
        }
        var count = UInt64(ZipArchive.u16(tail, end + 10))
        var directorySize = UInt64(ZipArchive.u32(tail, end + 12))
        var directoryOffset = UInt64(ZipArchive.u32(tail, end + 16))
        // Zip64: a locator right before the end record points at the zip64 end record.
        if end >= 20, ZipArchive.u32(tail, end - 20) == 0x0706_4b50 {
            let recordOffset = ZipArchive.u64(tail, end - 20 + 8)
            guard recordOffset <= fileSize, fileSize - recordOffset >= 56 else { throw Failure("damaged zip64 end record") }
            let record = try source.bytes(at: Int64(recordOffset), count: 56)
            guard ZipArchive.u32(record, 0) == 0x0606_4b50 else { throw Failure("damaged zip64 end record") }
            count = ZipArchive.u64(record, 32)
            directorySize = ZipArchive.u64(record, 40)
            directoryOffset = ZipArchive.u64(record, 48)
        }
        guard count <= UInt64(limits.entries) else {
            throw Failure("the zip file lists \(count) files; more than \(limits.entries) are not read")
        }
        guard directorySize <= UInt64(limits.directorySize) else {
            throw Failure("the zip file's central directory has \(directorySize) bytes; more than \(limits.directorySize) are not read")
        }
        guard directoryOffset <= fileSize, directorySize <= fileSize - directoryOffset else {
            throw Failure("the central directory lies outside the file")
        }
        guard count * 46 <= directorySize else { throw Failure("damaged central directory") }
        let directory = try source.bytes(at: Int64(directoryOffset), count: Int(directorySize))

        var entries: [Entry] = []
        entries.reserveCapacity(Int(count))
        var offset = 0
        for _ in 0..<count {
            guard directory.count - offset >= 46, ZipArchive.u32(directory, offset) == 0x0201_4b50 else {
                throw Failure("damaged central directory")
            }
            let start = offset
            let nameLength = ZipArchive.u16(directory, offset + 28)
            let extraLength = ZipArchive.u16(directory, offset + 30)
            let commentLength = ZipArchive.u16(directory, offset + 32)
            guard directory.count - offset - 46 >= nameLength + extraLength + commentLength else {
                throw Failure("damaged central directory")
            }
            // Bit 11 marks UTF-8 names; older tools wrote code page 437, which agrees for ASCII.
            let name = String(decoding: directory[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self)
            let method = ZipArchive.u16(directory, offset + 10)
            var size = UInt64(ZipArchive.u32(directory, offset + 24))
            var compressedSize = UInt64(ZipArchive.u32(directory, offset + 20))
            var headerOffset = UInt64(ZipArchive.u32(directory, offset + 42))
            // Values that do not fit 32 bits are 0xFFFFFFFF here and follow in the zip64 extra
            // field (id 1), in this order, only those that overflowed.
            let maximum: UInt64 = 0xFFFF_FFFF
            if size == maximum || compressedSize == maximum || headerOffset == maximum {
                let extraStart = offset + 46 + nameLength
                guard let field = ZipArchive.zip64Field(directory, from: extraStart, to: extraStart + extraLength) else {
                    throw Failure("\(name): damaged zip64 sizes")
                }
                var next = field.lowerBound
                func value() throws(Failure) -> UInt64 {
                    guard field.upperBound - next >= 8 else { throw Failure("\(name): damaged zip64 sizes") }
                    defer { next += 8 }
                    return ZipArchive.u64(directory, next)
                }
                if size == maximum { size = try value() }
                if compressedSize == maximum { compressedSize = try value() }
                if headerOffset == maximum { headerOffset = try value() }
            }
            offset += 46 + nameLength + extraLength + commentLength

            guard headerOffset <= fileSize, fileSize - headerOffset >= 30, compressedSize <= fileSize else {
                throw Failure("\(name) lies outside the file")
            }
            // The size is checked against the limits below; here only that it fits an Int64.
            guard size <= UInt64(Int64.max) else {
                throw Failure("\(name) would unpack to \(size) bytes; more than \(limits.totalSize) are not read")
            }
            if method == 0, size != compressedSize {
                throw Failure("\(name): a stored file whose sizes differ; the zip file is damaged")
            }
            let header = try source.bytes(at: Int64(headerOffset), count: 30)
            guard ZipArchive.u32(header, 0) == 0x0403_4b50 else { throw Failure("\(name): damaged local header") }
            let dataOffset = headerOffset + 30 + UInt64(ZipArchive.u16(header, 26)) + UInt64(ZipArchive.u16(header, 28))
            guard dataOffset <= fileSize, compressedSize <= fileSize - dataOffset else {
                throw Failure("\(name): the data is cut short")
            }
            entries.append(Entry(name: name, method: method, flags: ZipArchive.u16(directory, start + 8),
                                 crc: UInt32(ZipArchive.u32(directory, start + 16)),
                                 compressedSize: Int64(compressedSize), size: Int64(size),
                                 localHeaderOffset: Int64(headerOffset), dataOffset: Int64(dataOffset)))
        }
        // Members that share bytes first: that is what a zip bomb of many names for one stream is,
        // and the message should say so rather than name the total it would reach.
        try ZipArchive.checkOverlaps(entries, directory: Int64(directoryOffset)..<Int64(directoryOffset + directorySize))
        var total: Int64 = 0
        for entry in entries {
            guard entry.size <= limits.totalSize else {
                throw Failure("\(entry.name) would unpack to \(entry.size) bytes; more than \(limits.totalSize) are not read")
            }
            if entry.size > limits.ratioFloor, entry.size / max(entry.compressedSize, 1) > limits.ratio {
                throw Failure("\(entry.name) would unpack \(entry.compressedSize) bytes to \(entry.size), more than \(limits.ratio) to 1; it is not read")
            }
            guard entry.size <= limits.totalSize - total else {
                throw Failure("the zip file's members unpack to more than \(limits.totalSize) bytes together; it is not read")
            }
            total += entry.size
        }
        self.entries = entries
    }

    /// Refuses members that share bytes with each other or with the central directory: the trick
    /// of a zip bomb that lists one stream under many names.
    private static func checkOverlaps(_ entries: [Entry], directory: Range<Int64>) throws(Failure) {
        var spans = entries.map { (range: $0.localHeaderOffset..<($0.dataOffset + $0.compressedSize), name: $0.name) }
        spans.append((directory, "the central directory"))
        spans.sort { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        for (previous, span) in zip(spans, spans.dropFirst()) where span.range.lowerBound < previous.range.upperBound {
            throw Failure("\(span.name) overlaps \(previous.name): the zip file's members share bytes; it is not read")
        }
    }

    /// Whether `bytes` start like a zip file (a local file header or an empty archive).
    package static func looksLikeZip(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 4 && bytes[0] == 0x50 && bytes[1] == 0x4B && (bytes[2] == 3 || bytes[2] == 5) && (bytes[3] == 4 || bytes[3] == 6)
    }

    // MARK: Unpacking

    /// Calls `body` with the unpacked bytes of `entry`, a block at a time, then checks their size
    /// and CRC-32 (a `Failure` after the last block when they differ); `progress` gets the offset
    /// in the archive reached. Errors thrown by `body` pass through.
    package func forEachBlock(of entry: Entry, progress: ((Int64) -> Void)? = nil,
                              _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        if entry.flags & 1 != 0 { throw Failure("\(entry.name) is encrypted") }
        var offset = entry.dataOffset
        let end = entry.dataOffset + entry.compressedSize
        let source = self.source
        let read: Inflate.Read = { target in
            let wanted = Int(min(Int64(target.count), end - offset))
            if wanted == 0 { return 0 }
            let got = source.read(into: UnsafeMutableRawBufferPointer(rebasing: target[..<wanted]), at: offset)
            guard got > 0 else {
                throw Failure("\(entry.name): \(got < 0 ? String(cString: strerror(errno)) : "the zip file is cut short")")
            }
            offset += Int64(got)
            progress?(offset)
            return got
        }
        let size: Int64
        let crc: UInt32
        switch entry.method {
        case 0:
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 17, alignment: 16)
            defer { buffer.deallocate() }
            var total: Int64 = 0
            var check: UInt32 = 0
            while true {
                let got = try read(buffer)
                if got == 0 { break }
                let block = UnsafeRawBufferPointer(rebasing: buffer[..<got])
                check = CRC32.update(check, block)
                total += Int64(got)
                try body(block)
            }
            (size, crc) = (total, check)
        case 8:
            do {
                (size, crc) = try Inflate.decompress(read: read, write: body, limit: entry.size)
            } catch let failure as Inflate.Failure {
                throw Failure("\(entry.name): \(failure.message)")
            }
        default:
            throw Failure("\(entry.name) uses compression method \(entry.method); only stored and deflated files can be read")
        }
        guard size == entry.size else { throw Failure("\(entry.name): unpacked \(size) bytes, the zip file says \(entry.size)") }
        guard crc == entry.crc else { throw Failure("\(entry.name): CRC-32 does not match; the zip file is damaged") }
    }

    /// The unpacked bytes of `entry`, checked against its size and CRC-32.
    package func data(_ entry: Entry) throws(Failure) -> [UInt8] {
        var unpacked: [UInt8] = []
        unpacked.reserveCapacity(Int(min(entry.size, 64 << 20)))
        do {
            try forEachBlock(of: entry) { unpacked.append(contentsOf: $0) }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure("\(entry.name): \(error)")
        }
        return unpacked
    }

    // MARK: Bytes

    /// The last offset of a 4-byte little-endian `signature` with `minimumLength` bytes after it.
    private static func lastSignature(_ signature: Int, in bytes: [UInt8], minimumLength: Int) -> Int? {
        var offset = bytes.count - minimumLength
        while offset >= 0 {
            if u32(bytes, offset) == signature { return offset }
            offset -= 1
        }
        return nil
    }

    /// The data of the zip64 extended information field (id 1) among the extra fields in `start..<end`.
    private static func zip64Field(_ bytes: [UInt8], from start: Int, to end: Int) -> Range<Int>? {
        var extra = start
        while end - extra >= 4 {
            let id = u16(bytes, extra), length = u16(bytes, extra + 2)
            guard end - extra - 4 >= length else { return nil }
            if id == 1 { return (extra + 4)..<(extra + 4 + length) }
            extra += 4 + length
        }
        return nil
    }

    private static func u16(_ bytes: [UInt8], _ offset: Int) -> Int {
        guard offset >= 0, bytes.count - offset >= 2 else { return 0 }
        return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
    }

    private static func u32(_ bytes: [UInt8], _ offset: Int) -> Int {
        guard offset >= 0, bytes.count - offset >= 4 else { return 0 }
        return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
    }

    private static func u64(_ bytes: [UInt8], _ offset: Int) -> UInt64 {
        guard offset >= 0, bytes.count - offset >= 8 else { return 0 }
        var value: UInt64 = 0
        for index in (0..<8).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
        return value
    }
}
