import BrainTestSupport
import Foundation
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Vaults held in a `MemoryFileSystem`: actions and queries run on them without touching the disk.
enum MemoryVault {
    static let root = "/vault"

    static var packageRoot: String { Repository.root }

    /// The files of `sample-vault/` (its cache aside), read once from the repository.
    static var sampleFiles: [String: [UInt8]] { Repository.sampleFiles }

    /// A copy of the sample vault in memory.
    static func sample() -> (Vault, MemoryFileSystem) {
        let fileSystem = MemoryFileSystem()
        for (path, bytes) in sampleFiles {
            try! fileSystem.writeAtomically(bytes, to: root + "/" + path)
        }
        return (Vault(root: root, fileSystem: fileSystem), fileSystem)
    }

    /// A vault made of `files` (vault-relative path → text), with a config.
    static func make(_ files: [String: String]) -> (Vault, MemoryFileSystem) {
        var all = files
        if all[Vault.configPath] == nil { all[Vault.configPath] = "week-start: monday\n" }
        let fileSystem = MemoryFileSystem(files: Dictionary(uniqueKeysWithValues: all.map { (root + "/" + $0.key, $0.value) }))
        return (Vault(root: root, fileSystem: fileSystem), fileSystem)
    }

    /// The vault's notes (the cache aside) by vault-relative path.
    static func notes(_ fileSystem: MemoryFileSystem) -> [String: String] {
        var result: [String: String] = [:]
        for (path, text) in fileSystem.snapshot where !path.hasPrefix(root + "/.brain/cache") {
            result[String(path.dropFirst(root.count + 1))] = text
        }
        return result
    }
}

/// Fixed days of the tests: the sample vault's "today".
extension Day {
    static let sampleToday = Day("2026-11-22")!
}
