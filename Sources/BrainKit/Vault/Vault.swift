/// An open vault: its root folder and settings.
public struct Vault: Sendable {
    /// Absolute path of the vault folder.
    public let root: String
    public let config: VaultConfig
    /// Problems in `.brain/config.yml`, located in that file.
    public let configDiagnostics: [Diagnostic]
    /// Where the vault's files live: the disk, or memory in tests.
    public let fileSystem: any FileSystem

    public static let configPath = ".brain/config.yml"

    public init(root: String, fileSystem: any FileSystem = POSIXFileSystem()) {
        self.root = root
        self.fileSystem = fileSystem
        let path = VaultPaths.join(root, Vault.configPath)
        guard let bytes = try? fileSystem.read(path) else {
            config = VaultConfig()
            configDiagnostics = []
            return
        }
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

    /// Absolute path of a vault-relative path, refusing anything that leaves the vault.
    public func absolute(_ relative: String) throws(VaultError) -> String {
        try VaultPaths.resolve(relative, in: root)
    }

    /// The kind of a vault-relative path under this vault's layout.
    public func kind(of path: String) -> NoteKind {
        NoteKind.of(path: path, folders: config.folders)
    }

    /// Every Markdown file of the vault but the templates, by vault-relative path, without reading
    /// the index (a plain search needs only the list).
    public func notePaths() -> [String] {
        fileSystem.markdownFiles(under: root, stamps: false).map(\.path).filter { !isTemplate($0) }
    }

    /// Whether a vault-relative path is a template (not indexed as a note).
    public func isTemplate(_ path: String) -> Bool {
        path.hasPrefix(config.folders.templates + "/")
    }
}
