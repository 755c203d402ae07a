import BrainFormat
import BrainAnalytics

/// The intent journal of a change that writes more than one file (a rename and the links to it, a
/// goal with its subgoals), kept in `.brain/journal` while the change is written.
///
/// It holds every file's contents before and after the change and is flushed to disk before the
/// first file is touched, so a change cut short — the process killed, the machine down — is
/// finished by the next command that opens the vault, the way a database replays its log: the
/// files become all "after" (roll forward). A change that failed with an error and could not be
/// undone at once is marked to roll back instead. Either way no file is left half done.
///
/// A journal is replayed only when this machine wrote it (it is signed with `MachineKey`) and only
/// into files a vault holds: its notes, `.brain/config.yml`, `.brain/.gitignore` and the trash. One
/// that arrives from elsewhere — pulled by git, copied with the folder — could otherwise write
/// anywhere below the vault, `.git/config` included; it is set aside, never acted on.
package struct ChangeJournal: Equatable {
    package static let path = ".brain/journal"
    /// Where a journal that cannot be read is put aside (never acted on, never lost).
    package static let damagedPath = ".brain/journal.damaged"
    /// Where a journal this machine did not write, or one naming a file no vault holds, is put aside.
    package static let refusedPath = ".brain/journal.refused"
    private static let magic: [UInt8] = Array("BRAINJNL".utf8)
    /// 2: signed with the machine key.
    private static let version: UInt64 = 2
    /// Magic, version, checksum, then the signature.
    private static let header = magic.count + 16 + 32

    package enum Direction: UInt8 {
        /// Finish the change: every file gets its new contents.
        case forward = 1
        /// Undo the change: every file gets its old contents back.
        case back = 2
    }

    /// One file: its contents before and after the change (nil: no file).
    package struct Entry: Equatable {
        package var path: String
        package var before: [UInt8]?
        package var after: [UInt8]?
    }

    /// The action that made the change (`rename`), for the message after a recovery.
    package var action: String
    package var direction: Direction
    package var entries: [Entry]

    /// Why a journal may not name `path`, or nil when it may: a vault file (see
    /// `VaultPaths.vaultFileProblem`), one of them in the trash, the config or `.brain/.gitignore`.
    package static func problem(with path: String) -> String? {
        if path == Vault.configPath || path == Vault.ignorePath { return nil }
        let trash = DeleteNote.trashFolder + "/"
        if path.hasPrefix(trash) { return VaultPaths.vaultFileProblem(String(path.dropFirst(trash.count))) }
        return VaultPaths.vaultFileProblem(path)
    }

    // MARK: Encoding

    /// Magic, version, a checksum of the rest, its signature under `key`, then the direction, the
    /// action and the entries: written into one buffer (the journal of a rename holds the renamed
    /// file twice already).
    package func encoded(key: [UInt8] = MachineKey.current) -> [UInt8] {
        let header = ChangeJournal.header
        var writer = BinaryWriter(capacity: entries.reduce(header + 64) { $0 + $1.path.utf8.count + ($1.before?.count ?? 0) + ($1.after?.count ?? 0) + 24 })
        for byte in ChangeJournal.magic { writer.byte(byte) }
        for index in 0..<8 { writer.byte(UInt8(truncatingIfNeeded: ChangeJournal.version >> (8 * UInt64(index)))) }
        for _ in 0..<(8 + 32) { writer.byte(0) }
        writer.byte(direction.rawValue)
        writer.string(action)
        writer.uint(UInt64(entries.count))
        for entry in entries {
            writer.string(entry.path)
            writer.optionalData(entry.before)
            writer.optionalData(entry.after)
        }
        var bytes = writer.bytes
        writer = BinaryWriter(capacity: 0)  // drop the writer's reference, so the checksum is patched in place
        let (sum, signature) = bytes.withUnsafeBufferPointer { buffer in
            let content = UnsafeBufferPointer(rebasing: buffer[header...])
            return (VaultIndex.checksum(content), SHA256.authenticationCode(content, key: key))
        }
        let sumAt = ChangeJournal.magic.count + 8
        for index in 0..<8 { bytes[sumAt + index] = UInt8(truncatingIfNeeded: sum >> (8 * UInt64(index))) }
        for index in 0..<32 { bytes[sumAt + 8 + index] = signature[index] }
        return bytes
    }

    /// What a journal file holds.
    package enum Decoded: Equatable {
        case journal(ChangeJournal)
        /// Cut short, damaged, or another version.
        case damaged
        /// Whole, but not signed with this machine's key, or naming a file no vault holds (why).
        case refused(String)
    }

    /// The journal in `bytes`, checked against `key` and the paths a journal may name.
    package static func decode(_ bytes: [UInt8], key: [UInt8] = MachineKey.current) -> Decoded {
        guard bytes.count >= header, Array(bytes[0..<magic.count]) == magic else { return .damaged }
        func word(_ offset: Int) -> UInt64 {
            var value: UInt64 = 0
            for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
            return value
        }
        guard word(magic.count) == version else {
            return word(magic.count) == 1 ? .refused("it was written by an earlier brain, which did not sign its journals") : .damaged
        }
        return bytes.withUnsafeBufferPointer { buffer -> Decoded in
            let content = UnsafeBufferPointer(rebasing: buffer[header...])
            guard VaultIndex.checksum(content) == word(magic.count + 8) else { return .damaged }
            let signature = Array(buffer[(magic.count + 16)..<header])
            // Compared in full whatever differs first: the time tells nothing of the key.
            let expected = SHA256.authenticationCode(content, key: key)
            guard zip(signature, expected).reduce(0, { $0 | ($1.0 ^ $1.1) }) == 0 else {
                return .refused("this machine did not write it (it came with the folder, or from git)")
            }
            var reader = BinaryReader(buffer, offset: header)
            do {
                guard let direction = Direction(rawValue: try reader.byte()) else { return .damaged }
                let action = try reader.string()
                let count = try reader.count()
                var entries: [Entry] = []
                for _ in 0..<count {
                    entries.append(Entry(path: try reader.string(), before: try reader.optionalData(), after: try reader.optionalData()))
                }
                guard reader.isAtEnd else { return .damaged }
                for entry in entries {
                    if let problem = problem(with: entry.path) {
                        return .refused("it names \(VaultPaths.quoted(entry.path)), which is not a file of the vault (\(problem))")
                    }
                }
                return .journal(ChangeJournal(action: action, direction: direction, entries: entries))
            } catch {
                return .damaged
            }
        }
    }

    // MARK: Applying

    /// Brings every file to one side of the change. The journal holds every file's bytes on both
    /// sides, so the order is free, and it is the one that needs least room on a full disk: a file
    /// that goes away but holds the very bytes a missing file wants (a rename being undone) is
    /// moved there, the other files that go away are removed, and only then are contents written.
    /// An interruption anywhere loses nothing, and applying again finishes the job.
    package func apply(_ direction: Direction, in vault: Vault) throws(VaultError) {
        let fileSystem = vault.fileSystem
        for entry in entries where ChangeJournal.problem(with: entry.path) != nil { throw .outsideVault(entry.path) }
        var wanted: [(target: String, bytes: [UInt8])] = []
        var leaving: [String] = []
        for entry in entries {
            let path = try vault.absolute(entry.path)
            if let bytes = direction == .forward ? entry.after : entry.before {
                wanted.append((path, bytes))
            } else if fileSystem.exists(path) {
                leaving.append(path)
            }
        }
        // Many files (an import of decades of days) are written without a flush each and flushed
        // once at the end; the journal, removed only after this returns, covers them until then.
        let batched = entries.count > VaultTransaction.batchedFiles
        if !leaving.isEmpty {
            for (target, bytes) in wanted where !fileSystem.exists(target) {
                guard let index = leaving.firstIndex(where: { (try? fileSystem.read($0)) == bytes }) else { continue }
                try fileSystem.move(leaving.remove(at: index), to: target)
            }
            for path in leaving { try fileSystem.remove(path, durable: !batched) }
        }
        for (target, bytes) in wanted {
            if fileSystem.exists(target), (try? fileSystem.read(target)) == bytes { continue }
            try fileSystem.writeAtomically(bytes, to: target, durable: !batched)
        }
        if batched { try fileSystem.flush(wanted.map(\.target) + leaving, under: vault.root) }
    }

    /// The files the change touches, for messages.
    package var paths: [String] { entries.map(\.path) }
}

extension Vault {
    /// Finishes (or undoes, as its journal says) a multi-file change that a killed process left half
    /// written. Call it holding the vault lock. Returns what was done, for a warning; nil when
    /// there was nothing to do.
    package func recoverInterruptedChange() throws(VaultError) -> String? {
        let path = try internalPath(ChangeJournal.path)
        guard fileSystem.exists(path) else { return nil }
        let bytes = try fileSystem.read(path)
        let journal: ChangeJournal
        switch ChangeJournal.decode(bytes) {
        case .journal(let decoded):
            journal = decoded
        case .damaged:
            // Written whole and flushed before any file, so a bad journal was damaged afterwards:
            // acting on it could write nonsense. Keep it aside for a person to look at.
            try setAside(path, as: ChangeJournal.damagedPath)
            return "\(ChangeJournal.path) was damaged and is kept as \(ChangeJournal.damagedPath); an interrupted change may be half done"
        case .refused(let why):
            try setAside(path, as: ChangeJournal.refusedPath)
            return "\(ChangeJournal.path) was not replayed: \(why); it is kept as \(ChangeJournal.refusedPath) and no file was changed"
        }
        try journal.apply(journal.direction, in: self)
        try fileSystem.remove(path, durable: true)
        let files = journal.paths.count
        // The first files by name; an import of 45,000 daily files made a warning of 900 kB.
        let shown = journal.paths.prefix(10).joined(separator: ", ") + (files > 10 ? ", and \(files - 10) more" : "")
        switch journal.direction {
        case .forward:
            return "finished an interrupted \(journal.action) (\(files) file\(files == 1 ? "" : "s")): \(shown)"
        case .back:
            return "undid an interrupted \(journal.action) (\(files) file\(files == 1 ? "" : "s")): \(shown)"
        }
    }

    /// Moves a journal brain will not act on to `aside`, replacing an older one there.
    private func setAside(_ path: String, as aside: String) throws(VaultError) {
        let target = try internalPath(aside)
        try? fileSystem.remove(target)
        try fileSystem.move(path, to: target)
    }

    /// Whether a multi-file change was interrupted and waits for the next command.
    package var hasInterruptedChange: Bool {
        guard let path = try? internalPath(ChangeJournal.path) else { return false }
        return fileSystem.exists(path)
    }
}
