#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BrainFormat

/// What a file system on the machine's disk offers beyond the `FileSystem` port, for the index's
/// and search's hot paths: a file mapped instead of copied, and files read from a folder's
/// descriptor with their stamps taken from the read. `POSIXFileSystem` has it; a memory or an
/// overlay file system does not, and then everything goes through the port. Code asks
/// `fileSystem.disk`, never for a particular adapter.
package protocol DiskAccess: FileSystem {
    /// Maps a regular file read-only (see `POSIXFileSystem.mapRegularFile`).
    func mapRegularFile(_ path: String) -> DiskMapping
    /// A descriptor of the folder at `path`, for `readListed(_:at:stamp:)`; nil when it cannot be opened.
    func openFolder(_ path: String) -> Int32?
    func closeFolder(_ folder: Int32)
    /// The bytes of the file at `path` relative to `folder`, with `stamp`'s size and times set from
    /// the read; nil when it cannot be read as a regular file.
    func readListed(_ path: String, at folder: Int32, stamp: inout FileStamp) -> [UInt8]?
}

/// What mapping a file found.
package enum DiskMapping {
    /// The file's bytes, mapped read-only (nil and 0 for an empty file): release them with
    /// `unmap`; and its modification time in nanoseconds.
    case mapped(UnsafeRawPointer?, count: Int, modified: Int64)
    case missing
    case symbolicLink
    case failed(String)

    /// Releases what `mapRegularFile` mapped.
    package static func unmap(_ address: UnsafeRawPointer, count: Int) {
        munmap(UnsafeMutableRawPointer(mutating: address), count)
    }
}

extension FileSystem {
    /// The disk's own access, when this file system is the disk's.
    package var disk: (any DiskAccess)? { self as? any DiskAccess }
}
