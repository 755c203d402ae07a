import Foundation
import BrainFormat
import BrainAnalytics
import BrainStore

/// Rebuilds a vault from `brain export json`: every file record's `text` written back at its
/// `path`, byte for byte, with `.brain/config.yml` from `config` and the templates. A file that
/// is already there with the same bytes is left alone (a second import changes nothing); one
/// with other bytes stops the import before anything is written, so nothing is lost.
public struct ImportVaultJSON: VaultAction {
    /// One file to write: its vault-relative path and text.
    public struct File: Sendable, Hashable {
        public var path: String
        public var text: String
    }

    public var source: String
    public var files: [File]
    public var config: String?
    /// Problems of the export's config that it is imported with, as brain reads a hand-written one.
    public var configWarnings: [String] = []
    /// Called while the files are written, with the number written and the total.
    package var progress: (@Sendable (Int, Int) -> Void)?

    public var name: String { "import-json" }

    /// The files written and those already there with the same bytes.
    public struct Outcome: Codable, Sendable, Hashable {
        public var source: String
        public var created: Int
        /// Files already there with the same bytes.
        public var unchanged: Int
    }

    /// Why a file is not an export this brain can import.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        public var message: String
        /// The file is JSON but no export (a client can say how to make one).
        package var isNotAnExport = false
        public var description: String { message }
        public init(_ message: String) { self.message = message }

        package init(notAnExport message: String) {
            self.message = message
            isNotAnExport = true
        }
    }

    /// Reads an export; a file that is not one (bad JSON, another schema, a record without a
    /// path or text) is refused with its place.
    public init(json bytes: [UInt8], source: String) throws(Failure) {
        self.source = source
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: Data(bytes)) } catch {
            throw Failure("\(source):\(ImportVaultJSON.place(of: error, in: bytes)) error: not valid JSON: \(ImportVaultJSON.describe(error))")
        }
        guard let root = object as? [String: Any] else {
            throw Failure(notAnExport: "\(source): not a brain export (the JSON is not an object)")
        }
        guard let version = root["schemaVersion"] as? Int else {
            throw Failure(notAnExport: "\(source): not a brain export (no schemaVersion)")
        }
        guard version == JSONOutput.schemaVersion else {
            throw Failure("\(source): schemaVersion \(version) is not one this brain reads (\(JSONOutput.schemaVersion))")
        }
        let places = JSONMemberLines(bytes)
        func at(_ key: String, _ number: Int? = nil) -> String {
            let line = number.flatMap { places.elements[key]?.indices.contains($0) == true ? places.elements[key]![$0] : nil }
                ?? places.members[key]
            return line.map { "\(source):\($0): error" } ?? "\(source): error"
        }
        // The config first: it says where each kind's folder is, and is checked as brain checks
        // a hand-written one.
        var folders = VaultConfig.Folders()
        if let config = root["config"], !(config is NSNull) {
            guard let text = config as? String else { throw Failure("\(at("config")): config is not text") }
            let (map, diagnostics) = YAMLReader.parse(text[...], firstLine: 1)
            let parsed = VaultConfig(map)
            if let first = diagnostics.first {
                throw Failure("\(at("config")): config: \(Vault.configPath):\(first.location.line): \(first.message); nothing was imported")
            }
            // Where the folders are decides where every file goes: a folder setting brain would
            // not take stops the import; the other settings warn, as in a hand-written config.
            let lines = KeyLines(text[...], firstLine: 1)
            for issue in parsed.issues {
                let place = "\(Vault.configPath):\(lines.location(of: issue.key).line)"
                if issue.key == "folders" { throw Failure("\(at("config")): config: \(place): \(issue.message); nothing was imported") }
                configWarnings.append("\(place): warning: \(issue.message)")
            }
            folders = parsed.folders
            self.config = text
        }
        var files: [File] = []
        var seen = Set<String>()
        let kinds: [(key: String, kind: NoteKind?)] = [("areas", .area), ("goals", .goal), ("habits", .habit), ("notes", .note),
                                                      ("checkIns", .daily), ("templates", nil)]
        for (key, kind) in kinds {
            guard let value = root[key] else { continue }
            guard let items = value as? [Any] else { throw Failure("\(at(key)): \(key) is not a list") }
            for (number, item) in items.enumerated() {
                guard let record = item as? [String: Any], let path = record["path"] as? String, let text = record["text"] as? String else {
                    throw Failure("\(at(key, number)): \(key)[\(number)] has no path and text; every file record needs both")
                }
                let shown = VaultPaths.quoted(path)
                if let problem = VaultPaths.vaultFileProblem(path) {
                    throw Failure("\(at(key, number)): \(key)[\(number)]: \(shown) is not a vault path: \(problem); nothing was imported")
                }
                let isTemplate = path.hasPrefix(folders.templates + "/")
                let fits = kind.map { !isTemplate && NoteKind.of(path: path, folders: folders) == $0 } ?? isTemplate
                guard fits else {
                    let folder = kind.map { ImportVaultJSON.folder(of: $0, in: folders) } ?? folders.templates + "/"
                    throw Failure("\(at(key, number)): \(key)[\(number)]: \(shown) is not in \(folder), where the vault keeps \(key); nothing was imported")
                }
                guard seen.insert(path.lowercased()).inserted else {
                    throw Failure("\(at(key, number)): \(key)[\(number)]: \(path) appears twice")
                }
                files.append(File(path: path, text: text))
            }
        }
        self.files = files
    }

    /// Where records of `kind` live under `folders`, for messages.
    public static func folder(of kind: NoteKind, in folders: VaultConfig.Folders) -> String {
        switch kind {
        case .area: folders.areas + "/"
        case .goal: folders.goals + "/"
        case .habit: folders.habits + "/"
        case .daily: folders.daily + "/"
        case .note: "a folder of notes (outside \([folders.areas, folders.goals, folders.habits, folders.daily, folders.templates].map { $0 + "/" }.joined(separator: ", ")))"
        }
    }

    public func plan(_ transaction: VaultTransaction) throws(ActionError) -> Outcome {
        var outcome = Outcome(source: source, created: 0, unchanged: 0)
        transaction.warnings += configWarnings
        var planned = files
        if let config { planned.insert(File(path: Vault.configPath, text: config), at: 0) }
        if !(try transaction.exists(Vault.ignorePath)) { planned.insert(File(path: Vault.ignorePath, text: Vault.ignoreText), at: 0) }
        var conflicts: [String] = []
        var new: [File] = []
        for file in planned {
            if let existing = try transaction.document(ifExists: file.path) {
                if existing.text == file.text { outcome.unchanged += 1 } else { conflicts.append(file.path) }
            } else {
                new.append(file)
            }
        }
        if !conflicts.isEmpty {
            let shown = conflicts.prefix(10).map { "  " + $0 }.joined(separator: "\n")
            let more = conflicts.count > 10 ? "\n  … and \(conflicts.count - 10) more" : ""
            throw ActionError(.exists, "\(conflicts.count) file\(conflicts.count == 1 ? "" : "s") of the export already exist with other contents; nothing was imported:\n\(shown)\(more)",
                              path: conflicts[0], suggestion: .importIntoEmptyFolder(source: source))
        }
        for file in new { try transaction.create(file.text, at: file.path) }
        outcome.created = new.count
        // Every file is new: the journal need only name them, and they are flushed together.
        transaction.createsInBulk = true
        transaction.progress = progress
        return outcome
    }

    /// Foundation's message for a JSON parse error.
    public static func describe(_ error: Error) -> String {
        (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
    }

    /// `line:column:` of a JSON parse error, from the character offset Foundation reports.
    public static func place(of error: Error, in bytes: [UInt8]) -> String {
        let text = describe(error)
        guard let range = text.range(of: "character [0-9]+", options: .regularExpression),
              let offset = Int(text[range].dropFirst("character ".count)) else { return "" }
        var line = 1
        var column = 1
        for byte in bytes.prefix(offset) {
            if byte == 10 { line += 1; column = 1 } else { column += 1 }
        }
        return "\(line):\(column):"
    }
}

extension ImportVaultJSON {
    /// Rebuilds the vault in `root`, a new or empty folder (created when missing), under its
    /// lock. When the import fails, the folders it made are removed again.
    ///
    /// An import into `root` that was killed left its files there and a journal that says to
    /// remove them: they are removed first (as any brain command in `root` would), and a folder
    /// holding nothing but empty folders and brain's cache counts as empty, so the import can
    /// simply be run again.
    package static func perform(_ action: ImportVaultJSON, into root: String, dryRun: Bool = false,
                               fileSystem: any FileSystem = POSIXFileSystem()) throws(ActionError) -> ActionResult<Outcome> {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        let existed = manager.fileExists(atPath: root, isDirectory: &isDirectory)
        var recovered: [String] = []
        if existed {
            guard isDirectory.boolValue else { throw ActionError(.invalidArgument, "\(root) is not a folder") }
            if !dryRun, fileSystem.exists(VaultPaths.join(root, ChangeJournal.path)) {
                recovered = try Vault(root: root, fileSystem: fileSystem).perform(Recovery()).warnings
            }
            guard holdsNoFiles(root) else {
                throw ActionError(.exists, "\(root) is not empty; brain import json rebuilds a vault only into a new or empty folder (or into the current vault without DIR)")
            }
        }
        do { try fileSystem.makeDirectories(root + "/.brain") } catch { throw ActionError(error) }
        do {
            var result = try Vault(root: root, fileSystem: fileSystem).perform(action, dryRun: dryRun)
            result.warnings = recovered + result.warnings
            if dryRun { try? manager.removeItem(atPath: existed ? root + "/.brain" : root) }
            return result
        } catch {
            // Only folders this import made, and only if the failed import left them empty.
            for folder in [root + "/.brain/cache", root + "/.brain"] { try? removeIfEmptyExceptLock(folder, manager) }
            if !existed { try? manager.removeItem(atPath: root) }
            throw error
        }
    }

    /// Takes the vault lock, which finishes or undoes an interrupted change, and does nothing else.
    struct Recovery: VaultAction {
        var name: String { "recover" }
        func plan(_ transaction: VaultTransaction) throws(ActionError) -> Int { 0 }
    }

    /// Whether `root` holds folders only: no file, no symbolic link, nothing else; inside
    /// `.brain/` its cache and the `.gitignore` brain writes with it do not count.
    static func holdsNoFiles(_ root: String) -> Bool {
        guard let walk = FileManager.default.enumerator(atPath: root) else { return false }
        while let path = walk.nextObject() as? String {
            let type = walk.fileAttributes?[.type] as? FileAttributeType
            if path == ".brain/cache" { walk.skipDescendants() }
            if type == .typeDirectory { continue }
            if path == Vault.ignorePath, FileManager.default.contents(atPath: VaultPaths.join(root, path)) == Data(Vault.ignoreText.utf8) {
                continue
            }
            return false
        }
        return true
    }

    private static func removeIfEmptyExceptLock(_ folder: String, _ manager: FileManager) throws {
        let entries = try manager.contentsOfDirectory(atPath: folder)
        if entries.allSatisfy({ $0 == "lock" || $0 == "cache" }) { try manager.removeItem(atPath: folder) }
    }
}
