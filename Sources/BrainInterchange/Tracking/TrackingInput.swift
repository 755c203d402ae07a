#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BrainFormat
import BrainAnalytics
import BrainStore

/// The bytes a source reads, in blocks, from a plain file or from one member of a zip file
/// (decompressed on the fly by `ZipArchive` and zlib, never unpacked to disk or to memory whole). A
/// folder is searched for the member's name. Memory stays the same whatever the file's size.
package struct TrackingInput: Sendable {
    /// The name diagnostics give the bytes: the path as given, or `export.zip/apple_health_export/export.xml`.
    package let shown: String
    /// The file's size on disk (compressed, for a zip), for progress.
    package let size: Int64
    private let path: String
    /// The zip member read, and its archive (open on the file).
    private let member: (archive: ZipArchive, entry: ZipArchive.Entry)?

    package static let blockSize = 1 << 17

    /// Opens `file`: a plain file, a zip holding a member `wanted` accepts, or a folder holding a
    /// file `wanted` accepts (searched two levels deep).
    package static func open(_ file: TrackingFile, wanted: (String) -> Bool, describe: String) throws(TrackingError) -> TrackingInput {
        var info = stat()
        guard stat(file.path, &info) == 0 else { throw TrackingError("\(file.shown): \(errorText())") }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            guard let found = findFile(in: file.path, wanted: wanted, depth: 2) else {
                throw TrackingError("\(file.shown): no \(describe) in this folder")
            }
            let relative = String(found.dropFirst(file.path.count)).drop { $0 == "/" }
            let inner = TrackingFile(source: file.source, path: found,
                                     shown: (file.shown.hasSuffix("/") ? file.shown : file.shown + "/") + relative)
            return try open(inner, wanted: { _ in true }, describe: describe)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw TrackingError("\(file.shown): not a regular file") }
        let blocks = try FileBlocks(path: file.path, shown: file.shown)
        var head = [UInt8](repeating: 0, count: 4)
        let got = head.withUnsafeMutableBytes { blocks.read(into: $0, at: 0) }
        if got == 4, ZipArchive.looksLikeZip(head) {
            let archive: ZipArchive
            do { archive = try ZipArchive(.file(blocks), limits: .streamed) } catch {
                throw TrackingError("\(file.shown): \(error.message)")
            }
            guard let entry = archive.entries.first(where: { !$0.isDirectory && wanted($0.name) }) else {
                throw TrackingError("\(file.shown): no \(describe) in this zip file")
            }
            return TrackingInput(shown: file.shown + "/" + entry.name, size: blocks.size, path: file.path,
                                 member: (archive, entry))
        }
        return TrackingInput(shown: file.shown, size: blocks.size, path: file.path, member: nil)
    }

    /// Byte ranges of a plain file that `count` readers can take in parallel: each starts at a
    /// top-level element (`\n <Record ` or `\n <Workout `, as Apple's export indents them), so no
    /// range starts inside a tag or a Correlation. One range for a zip, a small file, or a file
    /// where no such place is found.
    package func parts(_ count: Int, minimumSize: Int64 = 64 << 20) throws -> [Range<Int64>] {
        guard member == nil, count > 1, size >= minimumSize else { return [0..<size] }
        let blocks = try FileBlocks(path: path, shown: shown)
        var starts: [Int64] = [0]
        let window = 1 << 20
        var buffer = [UInt8](repeating: 0, count: window)
        for part in 1..<count {
            let guess = size * Int64(part) / Int64(count)
            guard guess > starts.last! else { continue }
            let got = buffer.withUnsafeMutableBytes { blocks.read(into: $0, at: guess) }
            guard got > 12 else { continue }
            var found: Int64?
            var index = 0
            while index + 11 < got {
                if buffer[index] == 0x0A, buffer[index + 1] == 0x20, buffer[index + 2] == 0x3C,
                   buffer[(index + 3)..<got].starts(with: "Record ".utf8) || buffer[(index + 3)..<got].starts(with: "Workout ".utf8) {
                    found = guess + Int64(index + 2)
                    break
                }
                index += 1
            }
            if let found { starts.append(found) }
        }
        return zip(starts, starts.dropFirst() + [size]).map { $0..<$1 }
    }

    /// Calls `body` with the bytes of `range` of a plain file, in order (mapped a window at a time).
    package func forEachBlock(in range: Range<Int64>, progress: ((Int64) -> Void)? = nil,
                      _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        precondition(member == nil, "ranges are read from plain files only")
        let blocks = try FileBlocks(path: path, shown: shown)
        if try blocks.forEachWindow(in: range, progress: progress, body) { return }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: TrackingInput.blockSize, alignment: 16)
        defer { buffer.deallocate() }
        var offset = range.lowerBound
        while offset < range.upperBound {
            let wanted = Int(min(Int64(buffer.count), range.upperBound - offset))
            let got = blocks.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted]), at: offset)
            if got < 0 { throw TrackingError("\(shown): \(TrackingInput.errorText())") }
            if got == 0 { return }
            offset += Int64(got)
            try body(UnsafeRawBufferPointer(rebasing: buffer[..<got]))
            progress?(offset - range.lowerBound)
        }
    }

    /// Calls `body` with each block of bytes in order; `progress` gets the bytes read from disk.
    package func forEachBlock(progress: ((Int64) -> Void)? = nil, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        if let member {
            do {
                try member.archive.forEachBlock(of: member.entry, progress: progress, body)
            } catch let failure as ZipArchive.Failure {
                // The member's name is in `shown` already.
                let prefix = member.entry.name + ": "
                throw TrackingError("\(shown): \(failure.message.hasPrefix(prefix) ? String(failure.message.dropFirst(prefix.count)) : failure.message)")
            }
            return
        }
        let blocks = try FileBlocks(path: path, shown: shown)
        // A plain file is mapped a window at a time (no copy into a buffer), each window unmapped
        // before the next, so only one window is ever resident.
        if try blocks.forEachWindow(in: 0..<blocks.size, progress: progress, body) { return }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: TrackingInput.blockSize, alignment: 16)
        defer { buffer.deallocate() }
        var offset: Int64 = 0
        while true {
            let got = blocks.read(into: buffer, at: offset)
            if got < 0 { throw TrackingError("\(shown): \(TrackingInput.errorText())") }
            if got == 0 { return }
            offset += Int64(got)
            try body(UnsafeRawBufferPointer(rebasing: buffer[..<got]))
            progress?(offset)
        }
    }

    /// The first file under `folder` (sorted, hidden ones skipped) whose path `wanted` accepts.
    private static func findFile(in folder: String, wanted: (String) -> Bool, depth: Int) -> String? {
        guard let names = FileBlocks.names(in: folder) else { return nil }
        for name in names where !name.hasPrefix(".") {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFREG, wanted(name) { return path }
        }
        guard depth > 0 else { return nil }
        for name in names where !name.hasPrefix(".") {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            var info = stat()
            if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR,
               let found = findFile(in: path, wanted: wanted, depth: depth - 1) { return found }
        }
        return nil
    }

    package static func errorText() -> String { String(cString: strerror(errno)) }
}

/// An open file read at offsets (`pread`), closed when released. Unchanging after `init`, and
/// `pread` keeps no file position, so threads may share one.
package final class FileBlocks: @unchecked Sendable {
    package let fd: Int32
    package let size: Int64

    package init(path: String, shown: String) throws(TrackingError) {
        let fd = Glue.open(path)
        guard fd >= 0 else { throw TrackingError("\(shown): \(TrackingInput.errorText())") }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw TrackingError("\(shown): not a regular file")
        }
        self.fd = fd
        size = Int64(info.st_size)
    }

    deinit { close(fd) }

    /// Reads up to `buffer.count` bytes at `offset`; the count read, 0 at the end, -1 on an error.
    package func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) -> Int {
        var done = 0
        while done < buffer.count {
            let got = pread(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset) + off_t(done))
            if got < 0 {
                if errno == EINTR { continue }
                return -1
            }
            if got == 0 { break }
            done += got
        }
        return done
    }

    /// The size of the windows `forEachWindow` maps.
    package static let windowSize: Int64 = 4 << 20

    /// Calls `body` with `range` of the file mapped into memory one window at a time, in order
    /// (windows start at multiples of `windowSize`); false (nothing called) when the file cannot be
    /// mapped, for the caller to read it instead. `progress` gets the bytes of `range` done.
    package func forEachWindow(in range: Range<Int64>, progress: ((Int64) -> Void)?,
                       _ body: (UnsafeRawBufferPointer) throws -> Void) throws -> Bool {
        var offset = range.lowerBound
        let end = min(range.upperBound, size)
        while offset < end {
            let windowStart = offset - offset % FileBlocks.windowSize
            let length = Int(min(FileBlocks.windowSize, size - windowStart))
            guard let window = Glue.map(fd, length: length, offset: windowStart) else {
                if offset == range.lowerBound { return false }
                throw TrackingError("cannot map the file: \(TrackingInput.errorText())")
            }
            defer { munmap(window, length) }
            let from = Int(offset - windowStart)
            let to = Int(min(end, windowStart + Int64(length)) - windowStart)
            try body(UnsafeRawBufferPointer(start: window + from, count: to - from))
            offset = windowStart + Int64(to)
            progress?(offset - range.lowerBound)
        }
        return true
    }

    /// The names in a folder, sorted; nil when it cannot be listed.
    package static func names(in folder: String) -> [String]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}

/// `open(2)` and `mmap(2)` for reading, named for the platform's C library.
private enum Glue {
    /// A read-only private mapping of `length` bytes at `offset`, its pages filled at once where
    /// the system can (Linux's MAP_POPULATE): one call instead of a fault per page.
    package static func map(_ fd: Int32, length: Int, offset: Int64) -> UnsafeMutableRawPointer? {
        #if canImport(Glibc)
        let pointer = Glibc.mmap(nil, length, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, off_t(offset))
        #elseif canImport(Darwin)
        let pointer = Darwin.mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, off_t(offset))
        #endif
        guard let pointer, pointer != MAP_FAILED else { return nil }
        return pointer
    }

    package static func open(_ path: String) -> Int32 {
        #if canImport(Glibc)
        return Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        #elseif canImport(Darwin)
        return Darwin.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        #endif
    }
}

extension TrackingInput {
    /// The longest line `forEachLine` hands over whole; a longer one is cut to this length.
    package static let lineLimit = 1 << 20

    /// Calls `body` with each line (without its LF or CRLF) and its 1-based number; a byte-order
    /// mark at the start is skipped.
    package func forEachLine(progress: ((Int64) -> Void)? = nil, _ body: (String, Int) throws -> Void) throws {
        var line: [UInt8] = []
        var number = 1
        var first = true
        func emit() throws {
            if line.last == 0x0D { line.removeLast() }
            if first, line.starts(with: [0xEF, 0xBB, 0xBF]) { line.removeFirst(3) }
            first = false
            try body(String(decoding: line, as: UTF8.self), number)
            number += 1
            line.removeAll(keepingCapacity: true)
        }
        try forEachBlock(progress: progress) { block in
            var rest = block[...]
            while let newline = rest.firstIndex(of: 0x0A) {
                if line.count < TrackingInput.lineLimit {
                    line.append(contentsOf: rest[rest.startIndex..<min(newline, rest.startIndex + TrackingInput.lineLimit - line.count)])
                }
                try emit()
                rest = rest[(newline + 1)...]
            }
            if line.count < TrackingInput.lineLimit {
                line.append(contentsOf: rest.prefix(TrackingInput.lineLimit - line.count))
            }
        }
        if !line.isEmpty { try emit() }
    }
}
