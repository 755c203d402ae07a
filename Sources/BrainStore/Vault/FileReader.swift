#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BrainFormat
import BrainAnalytics

/// Reads whole files into one reused buffer: no zero-filling, no allocation per file. One per
/// thread, for reading many files in a row (`brain search`, the lines of backlinks).
package struct FileReader: ~Copyable {
    private var storage = ByteBuffer(capacity: 1 << 16)

    /// The whole file at `path` (relative to the folder descriptor `folder`, or absolute), nil
    /// when it cannot be read or is not a regular file; valid until the next read. Most notes
    /// fit the buffer: they cost an open, two reads and a close; the file is `fstat`-ed only when
    /// it fills the buffer (so a device is never read without end). A symbolic link is not
    /// followed, as the walk never lists one.
    package mutating func read(_ path: String, from folder: Int32) -> UnsafeBufferPointer<UInt8>? {
        let fd = openat(folder, path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var count = 0
        var checked = false
        while true {
            if count == storage.capacity {
                if !checked {
                    checked = true
                    var info = stat()
                    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
                    storage.grow(to: Int(info.st_size) + 1, keeping: count)
                }
                if count == storage.capacity { storage.grow(to: storage.capacity * 2, keeping: count) }
            }
            let got = systemRead(fd, storage.base + count, storage.capacity - count)
            if got < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if got == 0 { break }
            count += got
        }
        return UnsafeBufferPointer(start: storage.base, count: count)
    }
}
