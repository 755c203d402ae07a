#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BrainFormat
import BrainAnalytics
import BrainStore

/// An export file on disk, written the safe way: into a temporary file beside the target
/// (`.NAME.brain-export-PID.tmp`, in the folder the person named), flushed, then put in place in
/// one step. Without `replace` an existing file is never touched (a hard link that fails when the
/// name is taken); with it a regular file, or a symbolic link to one, is replaced atomically (the
/// link itself: its target is never opened). A folder, a device, a FIFO or a socket is never
/// replaced, nor a link to one. Nothing else is ever written.
package final class ExportFile: ExportSink {
    /// The file as it will be named.
    package let path: String
    package let replace: Bool
    private let temporary: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private var finished = false

    /// Opens the temporary file; refuses at once when the target exists and may not be replaced.
    package init(path: String, replace: Bool) throws(ExportError) {
        self.path = path
        self.replace = replace
        if !replace, ExportFile.exists(path) {
            throw ExportError("\(path) already exists; not overwriting it (choose another name, or pass --force to replace it)")
        }
        if replace { try ExportFile.checkReplaceable(path) }
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let name = path.split(separator: "/").last.map(String.init) ?? path
        temporary = (folder.isEmpty && !path.hasPrefix("/") ? "" : folder + "/") + ".\(name).brain-export-\(getpid()).tmp"
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw ExportError("\(path): \(ExportFile.errorText())") }
    }

    deinit {
        if !finished { abandon() }
    }

    package func write(_ text: String) throws(ExportError) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { try flush() }
    }

    private func flush() throws(ExportError) {
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { raw in
                systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                let message = ExportFile.errorText()
                abandon()
                throw ExportError("\(path): \(message)")
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes the file to disk and puts it in place.
    package func commit() throws(ExportError) {
        try flush()
        if fsync(descriptor) != 0 {
            let message = ExportFile.errorText()
            abandon()
            throw ExportError("\(path): \(message)")
        }
        close(descriptor)
        descriptor = -1
        if replace {
            // Again at the last moment: a FIFO or a device put there meanwhile is not replaced.
            do { try ExportFile.checkReplaceable(path) } catch {
                abandon()
                throw error
            }
            guard rename(temporary, path) == 0 else {
                let message = ExportFile.errorText()
                abandon()
                throw ExportError("\(path): \(message)")
            }
        } else {
            // link(2) fails when the name is taken, so a file that appeared meanwhile is not replaced.
            guard link(temporary, path) == 0 else {
                let taken = errno == EEXIST
                let message = ExportFile.errorText()
                abandon()
                throw ExportError(taken ? "\(path) already exists; not overwriting it" : "\(path): \(message)")
            }
            unlink(temporary)
        }
        finished = true
    }

    /// Closes and removes the temporary file; the target is left as it was.
    package func abandon() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(temporary)
        finished = true
    }

    /// Refuses a `path` that `--force` must not replace: anything but a regular file or a
    /// symbolic link to one. Nothing there is fine.
    package static func checkReplaceable(_ path: String) throws(ExportError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        var kind = info.st_mode & S_IFMT
        var link = ""
        if kind == S_IFLNK {
            link = "a symbolic link to "
            guard stat(path, &info) == 0 else {
                throw ExportError("\(path) is a symbolic link to nothing; --force replaces only a regular file")
            }
            kind = info.st_mode & S_IFMT
        }
        if kind == S_IFREG { return }
        let what = switch kind {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        default: "something other than a regular file"
        }
        throw ExportError("\(path) is \(link)\(what); --force replaces only a regular file")
    }

    package static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    package static func errorText() -> String {
        String(cString: strerror(errno))
    }

    private func systemWrite(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(fd, pointer, count)
        #else
        Darwin.write(fd, pointer, count)
        #endif
    }
}

/// The folder of a CSV export: every table goes to a temporary file first and all are put in
/// place together at the end, so a failure leaves no half export. The folder must be missing or
/// empty, unless `replace` allows replacing the export's own files in it.
package final class ExportFolder {
    package let path: String
    package let replace: Bool
    private var files: [ExportFile] = []
    private var createdFolder = false

    package init(path: String, replace: Bool) throws(ExportError) {
        self.path = path
        self.replace = replace
        var info = stat()
        if lstat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw ExportError("\(path) exists and is not a folder") }
            if !replace, !ExportFolder.isEmpty(path) {
                throw ExportError("\(path) is not empty; not writing into it (choose a new folder, or pass --force to replace the export's files in it)")
            }
        } else {
            guard mkdir(path, 0o755) == 0 else { throw ExportError("\(path): \(ExportFile.errorText())") }
            createdFolder = true
        }
    }

    /// A sink for the file `name` inside the folder.
    package func file(_ name: String) throws(ExportError) -> ExportFile {
        let file = try ExportFile(path: path + "/" + name, replace: replace)
        files.append(file)
        return file
    }

    /// Puts every file in place.
    package func commit() throws(ExportError) {
        var done: [ExportFile] = []
        do {
            for file in files {
                try file.commit()
                done.append(file)
            }
        } catch {
            if !replace { for file in done { unlink(file.path) } }
            abandon()
            throw error
        }
    }

    /// Removes the temporary files, and the folder when this export made it and it is empty.
    package func abandon() {
        for file in files { file.abandon() }
        if createdFolder { rmdir(path) }
    }

    package static func isEmpty(_ path: String) -> Bool {
        guard let directory = opendir(path) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { return false }
        }
        return true
    }
}
