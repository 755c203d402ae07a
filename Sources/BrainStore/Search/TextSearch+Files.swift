#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import BrainFormat
import BrainAnalytics

extension TextSearch {
    /// Searches files on every core; element `i` holds the matches of `paths[i]`, so the order
    /// never depends on thread timing. A file that cannot be read has no matches. The paths are
    /// relative to `root` when it is given (each file is opened from the root folder's
    /// descriptor, so the kernel does not walk the root's path again for every file), else
    /// absolute or relative to the working directory.
    package func search(files paths: [String], under root: String? = nil, in fileSystem: any FileSystem = POSIXFileSystem()) -> [[TextMatch]] {
        guard let disk = fileSystem.disk else {
            // Other file systems hand out whole arrays; the reused buffer below is for the disk.
            return paths.map { path in
                guard let bytes = try? fileSystem.read(root.map { VaultPaths.join($0, path) } ?? path) else { return [] }
                return bytes.withUnsafeBufferPointer { matches(in: $0) }
            }
        }
        if paths.isEmpty { return [] }
        let posix = disk
        let opened = root.flatMap { posix.openFolder($0) }
        if root != nil && opened == nil { return paths.map { _ in [] } }
        defer { if let opened { posix.closeFolder(opened) } }
        let folder = opened ?? AT_FDCWD
        let results = SlotBuffer<[TextMatch]>(count: paths.count)
        let workers = paths.count < 8 ? 1 : max(1, min(System.activeProcessorCount, 8))
        // Small chunks taken in turn keep both cores busy when a few files are large.
        let chunks = workers == 1 ? 1 : min(paths.count, workers * 16)
        let chunkSize = (paths.count + chunks - 1) / chunks
        let next = ChunkCounter()
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var reader = FileReader()
            while true {
                let chunk = next.take()
                let start = chunk * chunkSize
                if start >= paths.count { break }
                for index in start..<min(paths.count, start + chunkSize) {
                    guard let bytes = reader.read(paths[index], from: folder) else {
                        results.set(index, [])
                        continue
                    }
                    results.set(index, matches(in: bytes))
                }
            }
        }
        return results.values()
    }
}

/// Hands out chunk numbers to workers, each once (search's files, the index's parsing).
final class ChunkCounter: @unchecked Sendable {
    private var value = 0
    private var lock = pthread_mutex_t()

    package init() { pthread_mutex_init(&lock, nil) }
    deinit { pthread_mutex_destroy(&lock) }

    package func take() -> Int {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        value += 1
        return value - 1
    }
}

