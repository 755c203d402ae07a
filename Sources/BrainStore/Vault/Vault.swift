import BrainFormat
import BrainAnalytics

/// An open vault: its root folder and settings.
public struct Vault: Sendable {
    /// Absolute path of the vault folder.
    public let root: String
    public let config: VaultConfig
    /// Problems in `.brain/config.yml`, located in that file.
    public let configDiagnostics: [Diagnostic]
    /// `VaultIndex.checksum` of the bytes `config` was read from (of none when it was not read):
    /// what an answer kept for later (`KeptDay`) names as the settings it was worked out with,
    /// which the file may no longer hold by the time the answer is kept.
    package let configChecksum: UInt64
    /// Where the vault's files live: the disk, or memory in tests.
    public let fileSystem: any FileSystem

    public static let configPath = ".brain/config.yml"
    /// Keeps what belongs to this machine alone out of git: the cache (with the lock) and the
    /// change journal (a journal from elsewhere is never replayed; see `ChangeJournal`).
    package static let ignorePath = ".brain/.gitignore"
    /// What `ignorePath` holds in a new vault.
    package static let ignoreText = "cache/\njournal*\n"

    public init(root: String, fileSystem: any FileSystem = POSIXFileSystem()) {
        self.root = root
        self.fileSystem = fileSystem
        let path: String
        do {
            path = try Vault.internalPath(Vault.configPath, root: root, fileSystem: fileSystem)
        } catch {
            config = VaultConfig()
            configChecksum = Vault.checksum(of: [])
            configDiagnostics = [Diagnostic(path: Vault.configPath, line: 1, column: 1, severity: .warning,
                                            message: "not read: \(error.description)")]
            return
        }
        guard let bytes = try? fileSystem.read(path) else {
            config = VaultConfig()
            configChecksum = Vault.checksum(of: [])
            configDiagnostics = []
            return
        }
        configChecksum = Vault.checksum(of: bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        let (map, diagnostics) = YAMLReader.parse(text[...], firstLine: 1)
        let config = VaultConfig(map)
        self.config = config
        var problems = diagnostics.map { $0.in(Vault.configPath) }
        let keyLines = KeyLines(text[...], firstLine: 1)
        for issue in config.issues {
            let line = keyLines.location(of: issue.key).line
            problems.append(Diagnostic(path: Vault.configPath, line: line, column: 1, severity: .warning, message: issue.message))
        }
        configDiagnostics = problems
    }

    private static func checksum(of bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBufferPointer { VaultIndex.checksum($0) }
    }

    /// Absolute path of a vault-relative path, refusing anything that leaves the vault.
    public func absolute(_ relative: String) throws(VaultError) -> String {
        try VaultPaths.resolve(relative, in: root)
    }

    /// Absolute path of one of brain's own files (`.brain/cache/index.bin`, the lock, the journal):
    /// besides leaving the vault, refuses a symbolic link anywhere below the root, so that a
    /// `.brain` or `.brain/cache` pointing elsewhere never gets brain to read or write there.
    public func internalPath(_ relative: String) throws(VaultError) -> String {
        try Vault.internalPath(relative, root: root, fileSystem: fileSystem)
    }

    package static func internalPath(_ relative: String, root: String, fileSystem: any FileSystem) throws(VaultError) -> String {
        let normalized = try VaultPaths.normalize(relative)
        var current = ""
        for part in normalized.split(separator: "/") {
            current = current.isEmpty ? String(part) : current + "/" + part
            if fileSystem.isSymbolicLink(VaultPaths.join(root, current)) { throw .symbolicLink(current) }
        }
        return try VaultPaths.resolve(normalized, in: root)
    }

    /// `error` with a path inside the vault written relative to it, as messages name files.
    public func relative(_ error: VaultError) -> VaultError {
        guard case .io(let path, let message) = error else { return error }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? .io(path: String(path.dropFirst(prefix.count)), message: message) : error
    }

    /// The kind of a vault-relative path under this vault's layout.
    public func kind(of path: String) -> NoteKind {
        NoteKind.of(path: path, folders: config.folders)
    }

    /// Every Markdown file of the vault but the templates, by vault-relative path, without reading
    /// the index (a plain search needs only the list). A pipe or device named `.md` is left out:
    /// it is never opened.
    public func notePaths() -> [String] {
        fileSystem.markdownFiles(under: root, stamps: false).compactMap { $0.size < 0 || isTemplate($0.path) ? nil : $0.path }
    }

    /// Whether a vault-relative path is a template (not indexed as a note).
    public func isTemplate(_ path: String) -> Bool {
        path.hasPrefix(config.folders.templates + "/")
    }
}
