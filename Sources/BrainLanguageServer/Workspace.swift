import BrainFormat
import BrainAnalytics
import BrainStore
import Foundation

/// The vault as the editor shows it: the index in memory, kept in step with every open buffer
/// (each change parses that one file, without reading any other) and with files changed on disk.
/// Actions and queries run on `vault`, whose file system shows the open buffers in place of the
/// files, so a rename or a check-off planned here works on what the person sees.
final class Workspace {
    /// The vault folder, as given.
    let root: String
    let overlay: OverlayFileSystem
    private(set) var vault: Vault
    private(set) var index: VaultIndex
    /// Open buffers, by vault-relative path.
    private(set) var documents: [String: TextDocument] = [:]
    private var cachedJournal: Journal?
    /// The vault folder with symbolic links resolved, to recognise paths an editor resolved.
    private let resolvedRoot: String
    private var relativeByURI: [String: String?] = [:]

    init(root: String, fileSystem: any FileSystem) {
        self.root = root
        overlay = OverlayFileSystem(base: fileSystem)
        vault = Vault(root: root, fileSystem: overlay)
        index = VaultIndex.open(vault)
        resolvedRoot = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
    }

    // MARK: Paths

    /// The vault-relative path of a document URI, if the server may read and serve the file
    /// there: nil outside the vault, and nil when a symbolic link on the way leads out of it.
    func servedPath(_ uri: String) -> String? {
        guard let relative = relativePath(uri), admits(relative) else { return nil }
        return relative
    }

    /// Whether the file at a vault-relative path may be read and served, as the library decides
    /// (`Vault.absolute`): not when its path, symbolic links followed, leads out of the vault.
    /// Asked again each time (a file can become a link), without a file-system call counted
    /// against a keystroke: `realpath` only.
    func admits(_ relative: String) -> Bool {
        (try? vault.absolute(relative)) != nil
    }

    /// The vault-relative path of a document URI, by its spelling only; nil outside the vault.
    /// A file it names is read or served only when `admits` it (see `servedPath`).
    func relativePath(_ uri: String) -> String? {
        if let known = relativeByURI[uri] { return known }
        var found: String?
        if let path = FileURI.path(uri) {
            found = Workspace.relative(path, to: root)
            if found == nil {
                // An editor may name the file through a resolved path (`/private/var` on macOS).
                let folder = URL(fileURLWithPath: VaultPaths.directory(of: path)).resolvingSymlinksInPath().path
                let name = String(path.utf8.dropFirst(VaultPaths.directory(of: path).utf8.count))!
                found = Workspace.relative(folder + name, to: resolvedRoot) ?? Workspace.relative(path, to: resolvedRoot)
            }
        }
        if let relative = found, (try? VaultPaths.normalize(relative)) != relative { found = nil }
        relativeByURI[uri] = .some(found)
        return found
    }

    private static func relative(_ path: String, to root: String) -> String? {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        guard path.hasPrefix(prefix), path.utf8.count > prefix.utf8.count else { return nil }
        return String(path.utf8.dropFirst(prefix.utf8.count))
    }

    /// The URI of a vault-relative path: the one the editor opened it by, else a `file://` URI.
    func uri(_ relative: String) -> String {
        documents[relative]?.uri ?? FileURI.uri(VaultPaths.join(root, relative))
    }

    /// Whether a vault-relative path is one of the files the index holds: Markdown, outside hidden
    /// folders and templates.
    func isIndexed(_ relative: String) -> Bool {
        relative.lowercased().hasSuffix(".md") && !relative.split(separator: "/").contains { $0.hasPrefix(".") }
            && !vault.isTemplate(relative)
    }

    // MARK: Buffers

    /// A buffer the editor opened (at a path `servedPath` gave).
    @discardableResult
    func open(_ document: TextDocument, at relative: String) -> VaultIndex.Update {
        guard admits(relative) else { return VaultIndex.Update() }
        documents[relative] = document
        return bufferChanged(relative)
    }

    /// Applies an edit to an open buffer. A buffer left larger than `limit` bytes is read into
    /// the index only when the client pauses (`settle`): typing in it costs the edit, not a
    /// parse of the whole file at every key.
    @discardableResult
    func change(_ relative: String, deferringAbove limit: Int = .max, _ edit: (inout TextDocument) -> Void) -> VaultIndex.Update {
        // Taken out of the table and the overlay first: another reference to its bytes would
        // make the edit copy all of them.
        guard var document = documents.removeValue(forKey: relative) else { return VaultIndex.Update() }
        overlay.set(VaultPaths.join(root, relative), nil)
        edit(&document)
        documents[relative] = document
        if document.bytes.count > limit {
            overlay.set(VaultPaths.join(root, relative), document.bytes)
            waiting.insert(relative)
            return VaultIndex.Update()
        }
        waiting.remove(relative)
        return bufferChanged(relative)
    }

    /// Large buffers changed since the index last read them (see `change`).
    private(set) var waiting = Set<String>()

    /// A buffer the editor closed: the file on disk counts again.
    @discardableResult
    func close(_ relative: String) -> VaultIndex.Update {
        guard documents.removeValue(forKey: relative) != nil else { return VaultIndex.Update() }
        waiting.remove(relative)
        overlay.set(VaultPaths.join(root, relative), nil)
        guard isIndexed(relative) else { return VaultIndex.Update() }
        return update([relative: readFile(relative)])
    }

    private func bufferChanged(_ relative: String) -> VaultIndex.Update {
        guard let document = documents[relative] else { return VaultIndex.Update() }
        overlay.set(VaultPaths.join(root, relative), document.bytes)
        guard isIndexed(relative) else { return VaultIndex.Update() }
        // A title typed a letter at a time must not resolve every link of the vault each time:
        // the others wait for `settle`.
        return update([relative: document.bytes], resolveOthers: false)
    }

    /// Whether a title or alias changed and other files' links wait to be resolved again.
    private(set) var othersPending = false

    /// Whether work waits for a pause: large buffers to read, or links to resolve again.
    var hasPendingWork: Bool { othersPending || !waiting.isEmpty }

    /// Reads the large buffers that changed into the index, then resolves every link again if a
    /// change of names left some waiting. Returns the buffers read and whether it did anything.
    @discardableResult
    func settle() -> (read: [String], settled: Bool) {
        let read = waiting.sorted()
        if !read.isEmpty {
            waiting = []
            var contents: [String: [UInt8]?] = [:]
            for path in read where isIndexed(path) { contents[path] = documents[path]?.bytes }
            update(contents, resolveOthers: false)
        }
        guard othersPending else { return (read, !read.isEmpty) }
        index = index.resolvingAllLinks()
        cachedJournal = nil
        othersPending = false
        return (read, true)
    }

    // MARK: Disk

    /// Files changed on disk (a watcher's report, a write by an action): each is read again,
    /// unless the editor has it open, when the buffer still counts.
    @discardableResult
    func filesChanged(_ paths: [String]) -> VaultIndex.Update {
        var contents: [String: [UInt8]?] = [:]
        for relative in Set(paths) where isIndexed(relative) && documents[relative] == nil {
            // A file that became a link out of the vault is gone, as far as the index knows.
            contents[relative] = readFile(relative)
        }
        return update(contents)
    }

    /// Reads the vault's settings and brings the index up to date with the disk (reading only
    /// files whose size or time changed), the open buffers still counting.
    func reload() {
        vault = Vault(root: root, fileSystem: overlay)
        index = VaultIndex.open(vault)
        cachedJournal = nil
        othersPending = false
        waiting = []
    }

    @discardableResult
    private func update(_ contents: [String: [UInt8]?], resolveOthers: Bool = true) -> VaultIndex.Update {
        if contents.isEmpty { return VaultIndex.Update() }
        let (updated, update) = index.updating(contents, resolveOthers: resolveOthers)
        index = updated
        cachedJournal = nil
        if update.othersPending {
            othersPending = true
        } else if update.namesChanged {
            othersPending = false
        }
        return update
    }

    // MARK: Reading

    /// The analytics view of the index, built once per version of it.
    var journal: Journal {
        if let cachedJournal { return cachedJournal }
        let journal = Journal(index: index)
        cachedJournal = journal
        return journal
    }

    /// A file's bytes as the editor shows it: the buffer when open, else the file.
    func bytes(_ relative: String) -> [UInt8]? {
        if let document = documents[relative] { return document.bytes }
        return readFile(relative)
    }

    /// The file's size as the editor shows it (the buffer's when open), without reading it.
    func size(_ relative: String) -> Int? {
        if let document = documents[relative] { return document.bytes.count }
        guard admits(relative) else { return nil }
        return overlay.stamp(VaultPaths.join(root, relative), relative: relative)?.size
    }

    /// The file on disk, unless a symbolic link takes its path out of the vault.
    private func readFile(_ relative: String) -> [UInt8]? {
        guard admits(relative) else { return nil }
        return try? overlay.read(VaultPaths.join(root, relative))
    }

    /// A file as a document, to convert positions in it.
    func document(_ relative: String) -> TextDocument? {
        if let document = documents[relative] { return document }
        return bytes(relative).map { TextDocument(uri: uri(relative), version: 0, bytes: $0) }
    }

    /// The index position of a vault-relative path.
    func record(_ relative: String) -> Int? {
        index.index(ofPath: relative)
    }
}
