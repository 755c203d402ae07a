#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lists a vault's Markdown files fast, for a search that needs no sizes or dates: the entry
/// types come from `readdir` (no `stat` per file) and the sort compares bytes with `memcmp`.
/// Same files and order as `FileSystem.markdownFiles`: hidden entries skipped, symlinks not followed.
public enum FileWalker {
    /// Vault-relative paths of every `.md` file under `root`, in UTF-8 byte order, without
    /// those under the folders `excluding` (vault-relative, such as the templates folder).
    public static func markdownPaths(under root: String, excluding: [String] = []) -> [String] {
        var found: [[UInt8]] = []
        var pending: [String] = [""]
        let skipped = Set(excluding)
        while let relative = pending.popLast() {
            let absolute = relative.isEmpty ? root : root + "/" + relative
            guard let dir = opendir(absolute) else { continue }
            let dirFD = dirfd(dir)
            while let entry = readdir(dir) {
                let (name, length) = withUnsafeBytes(of: entry.pointee.d_name) { raw -> (String, Int) in
                    let pointer = raw.bindMemory(to: CChar.self).baseAddress!
                    return (String(cString: pointer), strlen(pointer))
                }
                if name.hasPrefix(".") { continue }
                var type = Int32(entry.pointee.d_type)
                if type == Int32(DT_UNKNOWN) {
                    var info = stat()
                    guard fstatat(dirFD, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                    switch info.st_mode & S_IFMT {
                    case S_IFDIR: type = Int32(DT_DIR)
                    case S_IFREG: type = Int32(DT_REG)
                    default: continue
                    }
                }
                let child = relative.isEmpty ? name : relative + "/" + name
                if type == Int32(DT_DIR) {
                    if !skipped.contains(child) { pending.append(child) }
                } else if type == Int32(DT_REG), length >= 3 {
                    let tail = name.utf8.suffix(3)
                    var iterator = tail.makeIterator()
                    let dot = iterator.next(), m = iterator.next().map { $0 | 0x20 }, d = iterator.next().map { $0 | 0x20 }
                    if dot == UInt8(ascii: "."), m == UInt8(ascii: "m"), d == UInt8(ascii: "d") {
                        found.append(Array(child.utf8))
                    }
                }
            }
            closedir(dir)
        }
        found.sort { a, b in
            let common = min(a.count, b.count)
            let order = a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in memcmp(x.baseAddress!, y.baseAddress!, common) } }
            return order != 0 ? order < 0 : a.count < b.count
        }
        return found.map { String(decoding: $0, as: UTF8.self) }
    }
}
