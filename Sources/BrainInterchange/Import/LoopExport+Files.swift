import Foundation
import BrainFormat
import BrainAnalytics
import BrainStore

extension LoopExport {
    /// Reads the export at `path` (absolute): the folder Loop's export unpacks to, or the zip it
    /// shares (`Loop Habits CSV 2025-07-01.zip`). `source` is the path as the person gave it.
    package static func read(at path: String, source: String) throws(Failure) -> LoopExport {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Failure("\(source): no such file or folder")
        }
        if isDirectory.boolValue {
            return try LoopExport(files: folderFiles(path, source: source), source: source)
        }
        // The zip is read where it lies, a member at a time: only the CSV files are held.
        let file: FileBlocks
        do { file = try FileBlocks(path: path, shown: source) } catch { throw Failure(error.message) }
        var head = [UInt8](repeating: 0, count: 16)
        let got = head.withUnsafeMutableBytes { file.read(into: $0, at: 0) }
        // Loop's "Export full backup" is its SQLite database, which Brain does not read.
        if got == 16, head == Array("SQLite format 3\0".utf8) {
            throw Failure("\(source): a Loop Habit Tracker database backup (SQLite), not its CSV export; in Loop, "
                + "Settings → Export as CSV shares a zip that brain import loop reads")
        }
        guard got >= 4, ZipArchive.looksLikeZip(Array(head.prefix(4))) else {
            throw Failure("\(source): neither a folder nor a zip file; give the zip Loop Habit Tracker shares, or the folder unpacked from it")
        }
        return try LoopExport(zip: .file(file), source: source)
    }

    /// Reads the export from the bytes of its zip.
    package init(zip bytes: [UInt8], source: String) throws(Failure) {
        try self.init(zip: .bytes(bytes), source: source)
    }

    /// Reads the export from its zip: the CSV files, each unpacked whole, within
    /// `ZipArchive.Limits.readWhole` (128 MB together; a Loop export of 46,000 days of three
    /// habits is 6 MB).
    package init(zip: ZipArchive.Source, source: String) throws(Failure) {
        let archive: ZipArchive
        do { archive = try ZipArchive(zip, limits: .readWhole) } catch { throw Failure("\(source): \(error.message)") }
        var files: [String: [UInt8]] = [:]
        for entry in archive.entries where !entry.isDirectory && LoopExport.isWanted(entry.name) {
            do { files[entry.name] = try archive.data(entry) } catch { throw Failure("\(source): \(error.message)") }
        }
        try self.init(files: files, source: source)
    }

    /// The CSV files of the export, at most two folders deep.
    package static func folderFiles(_ root: String, source: String) throws(Failure) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        let fileSystem = POSIXFileSystem()
        func walk(_ folder: String, prefix: String, depth: Int) throws(Failure) {
            let names: [String]
            do { names = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
                throw Failure("\(LoopExport.join(source, prefix)): cannot list the folder: \(error.localizedDescription)")
            }
            for name in names.sorted() where !name.hasPrefix(".") {
                let path = folder + "/" + name
                let relative = prefix + name
                if fileSystem.isDirectory(path) {
                    if depth < 2 { try walk(path, prefix: relative + "/", depth: depth + 1) }
                } else if isWanted(relative) {
                    do { files[relative] = try fileSystem.read(path) } catch { throw Failure(error.description) }
                }
            }
        }
        try walk(root, prefix: "", depth: 0)
        return files
    }

    /// The files the import reads: `Habits.csv` and each habit's `Checkmarks.csv` and `Scores.csv`.
    package static func isWanted(_ name: String) -> Bool {
        let last = name.split(separator: "/").last ?? ""
        return last == "Habits.csv" || last == "Checkmarks.csv" || last == "Scores.csv"
    }
}
