import BrainFormat
import BrainAnalytics

/// Finds templates: the vault's templates folder first, then the built-in ones.
package struct TemplateLibrary: Sendable {
    /// A template's text and where it came from.
    package struct Template: Hashable, Sendable {
        package enum Origin: Hashable, Sendable {
            case builtin
            /// A vault-relative path (`templates/habit.md`).
            case vault(String)
        }

        /// `habit`, `goals/run-5k`.
        package var name: String
        package var text: String
        package var origin: Origin

        /// Where to point a user at: the vault path, or `built-in NAME`.
        package var displayName: String {
            switch origin {
            case .builtin: return "built-in template \(name)"
            case .vault(let path): return path
            }
        }
    }

    /// Absolute path of the vault, or nil for built-in templates only.
    package var root: String?
    /// Vault-relative templates folder (`folders.templates`).
    package var folder: String
    package var builtins: [String: String]
    package var fileSystem: any FileSystem

    package init(root: String?, folder: String = "templates", builtins: [String: String] = BuiltinTemplates.all,
                fileSystem: any FileSystem = POSIXFileSystem()) {
        self.root = root
        self.folder = folder
        self.builtins = builtins
        self.fileSystem = fileSystem
    }

    /// The templates of an open vault, with its `folders.templates`.
    package init(vault: Vault) {
        self.init(root: vault.root, folder: vault.config.folders.templates, fileSystem: vault.fileSystem)
    }

    /// The template `name` (`habit`, `goals/run-5k`): the vault's file when there is one, else the
    /// built-in one, else nil. Names that could leave the templates folder find nothing.
    package func template(named name: String) throws(VaultError) -> Template? {
        guard TemplateLibrary.isSafeName(name) else { return nil }
        if let root {
            let relative = folder + "/" + name + ".md"
            if let path = try? VaultPaths.resolve(relative, in: root), fileSystem.exists(path), !fileSystem.isDirectory(path) {
                return Template(name: name, text: try fileSystem.readText(path), origin: .vault(relative))
            }
        }
        return builtins[name].map { Template(name: name, text: $0, origin: .builtin) }
    }

    /// Names of the goal templates (`run-5k`), built-in and the vault's own, sorted.
    package func goalTemplateNames() -> [String] {
        var names = Set(builtins.keys.filter { $0.hasPrefix("goals/") }.map { String($0.dropFirst(6)) })
        if let root, let path = try? VaultPaths.resolve(folder + "/goals", in: root) {
            for file in fileSystem.markdownFiles(under: path) where !file.path.contains("/") {
                names.insert(VaultPaths.stem(of: file.path))
            }
        }
        return names.sorted()
    }

    /// Letters, digits, `-`, `_`, `.` and single `/` between parts; no part starts with a dot.
    package static func isSafeName(_ name: String) -> Bool {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        return !name.isEmpty && parts.allSatisfy { part in
            !part.isEmpty && part.first != "." && part.allSatisfy { $0.isLetter || $0.isNumber || "-_.".contains($0) }
        }
    }
}
