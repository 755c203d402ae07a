import BrainFormat
import BrainAnalytics

/// One change to the vault, planned in full before anything is written: an action reads files
/// and the index through it, stages new contents, moves and deletions, and `commit` writes them.
/// The vault lock is held from the first read to the last write, so two actions never interleave.
/// A failure while writing puts back what was already written.
public final class VaultTransaction {
    public let vault: Vault
    /// What the action wants its caller to know (a file kept, a template placeholder unknown).
    public var warnings: [String] = []
    /// Problems located in a file, in the compiler's format (`templates/habit.md:3:7: warning: …`).
    public var notices: [String] = []
    /// Contents at the first read, by vault-relative path (nil: no file).
    private var originals: [String: [UInt8]?] = [:]
    /// Staged contents (nil: the file goes).
    private var staged: [String: [UInt8]?] = [:]
    /// Paths in the order they were first staged.
    private var order: [String] = []
    /// The paths in `order`, for a change of many files.
    private var noted: Set<String> = []
    private var moves: [(from: String, to: String)] = []
    private var trashed: [String: String] = [:]
    /// The names on disk of each folder `twin(of:)` looked in, by `NameKey`: listed once, since
    /// nothing is written before `commit`.
    private var listedNames: [String: [String: [String]]] = [:]
    /// The staged paths of each folder, by `NameKey` of their names.
    private var stagedNames: [String: [String: [String]]] = [:]
    private var openedIndex: VaultIndex?
    /// The action's name, for the journal.
    public var actionName = "change"
    /// Set by an action that creates many files and changes none (a restore): `commit` then
    /// records in the journal only the paths it creates, marked "undo", writes the files without
    /// flushing each, flushes them all at once and only then removes the journal. Killed part-way,
    /// the next command removes what was created (see `commitCreations`).
    package var createsInBulk = false
    /// Called while `commit` writes files in bulk, with the number written and the total; with
    /// the total twice once they are all on disk.
    package var progress: ((Int, Int) -> Void)?
    private var openedJournal: Journal?
    /// What a long-running caller (the server) knows is current, asked for once the lock is held
    /// (see `Vault.perform(_:current:)`); nil: the transaction opens its own.
    package var current: (() -> Current?)?
    private var vouched: Current??

    /// An index and journal their keeper vouches for: read from the files as they are now, kept
    /// current by a watcher that reported no change since.
    package struct Current {
        /// The whole vault's index, when the keeper has one.
        package var index: VaultIndex?
        /// The journal (of `index`, or of the journal's scope).
        package var journal: Journal?
        /// The index `journal` was made from.
        package var journalIndex: VaultIndex?

        package init(index: VaultIndex?, journal: Journal?, journalIndex: VaultIndex?) {
            self.index = index
            self.journal = journal
            self.journalIndex = journalIndex
        }
    }

    private var vouchedFor: Current? {
        if let vouched { return vouched }
        let asked = current?()
        vouched = .some(asked)
        return asked
    }

    public init(vault: Vault) {
        self.vault = vault
    }

    /// Conflict copies a sync engine left among the files the indexes opened here cover.
    package private(set) var conflictCopies: [ConflictCopy] = []

    private func note(copies: [ConflictCopy]) {
        for copy in copies where !conflictCopies.contains(copy) { conflictCopies.append(copy) }
    }

    // MARK: Reading

    /// The index, opened (and brought up to date) under the lock on first use. It shows the vault
    /// as it was when the transaction began, not the staged changes.
    public var index: VaultIndex {
        if let openedIndex { return openedIndex }
        let index = vouchedFor?.index ?? VaultIndex.open(vault)
        warnings += index.report.warnings
        note(copies: index.conflictCopies)
        openedIndex = index
        return index
    }

    /// The analytics view of the vault: from `index` when that is open already, else from the
    /// index of the habits, goals, areas and days alone (`VaultIndex.Scope.journal`), which is
    /// all a check-off needs.
    public var journal: Journal {
        if let openedJournal { return openedJournal }
        if openedIndex == nil, let journal = vouchedFor?.journal, let source = vouchedFor?.journalIndex {
            warnings += source.report.warnings
            openedJournal = journal
            return journal
        }
        var source = openedIndex
        if source == nil {
            let scoped = VaultIndex.open(vault, scope: .journal)
            warnings += scoped.report.warnings
            note(copies: scoped.conflictCopies)
            source = scoped
        }
        let journal = Journal(index: source!)
        openedJournal = journal
        return journal
    }

    /// Whether a file is at `path`, staged changes included, or a file whose name differs from
    /// it only by Unicode normalisation or letter case (see `NameKey`): a second such file could
    /// not be told apart from the first.
    public func exists(_ path: String) throws(ActionError) -> Bool {
        try bytes(path) != nil || twin(of: path) != nil
    }

    /// A file in `path`'s folder (on disk, or staged) whose name equals `path`'s by `NameKey` but
    /// not byte for byte; `ignoring` is a file about to move away (a rename that changes only case).
    public func twin(of path: String, ignoring: String? = nil) -> String? {
        let folder = VaultPaths.directory(of: path)
        let key = NameKey.of(VaultTransaction.name(of: path, in: folder))
        guard let absoluteFolder = try? vault.absolute(folder) else { return nil }
        if listedNames[folder] == nil {
            var names: [String: [String]] = [:]
            for name in vault.fileSystem.names(in: absoluteFolder) {
                names[NameKey.of(name), default: []].append(folder.isEmpty ? name : folder + "/" + name)
            }
            listedNames[folder] = names
        }
        // Files of the folder on disk, then staged ones, whose names have the same key: a lookup,
        // not a walk of the folder and of every staged file (a restore creates 100,000 files).
        for candidate in (listedNames[folder]?[key] ?? []) + (stagedNames[folder]?[key] ?? []) {
            if Array(candidate.utf8) == Array(path.utf8) || candidate == ignoring { continue }
            if staged[candidate] == .some(nil) { continue }
            return candidate
        }
        return nil
    }

    /// The last part of `path`, which is in `folder`.
    private static func name(of path: String, in folder: String) -> String {
        String(path.utf8.dropFirst(folder.isEmpty ? 0 : folder.utf8.count + 1))!
    }

    /// The file at `path` as this change sees it (staged contents first); nil when there is none.
    public func document(ifExists path: String) throws(ActionError) -> Document? {
        try bytes(path).map { Document(bytes: $0) }
    }

    /// The file at `path`; a missing file is an error.
    public func document(_ path: String) throws(ActionError) -> Document {
        guard let document = try document(ifExists: path) else {
            throw ActionError(.notFound, "\(path): no such file", path: path)
        }
        return document
    }

    private func bytes(_ path: String) throws(ActionError) -> [UInt8]? {
        if let staged = staged[path] { return staged }
        return try original(path)
    }

    private func original(_ path: String) throws(ActionError) -> [UInt8]? {
        if let known = originals[path] { return known }
        let absolute = try absolute(path)
        let fileSystem = vault.fileSystem
        var bytes: [UInt8]?
        if fileSystem.exists(absolute) {
            do { bytes = try fileSystem.read(absolute) } catch {
                if case .io(_, let message) = error { throw ActionError(.io, "\(path): \(message)", path: path) }
                throw ActionError(error)
            }
        }
        originals[path] = .some(bytes)
        return bytes
    }

    private func absolute(_ path: String) throws(ActionError) -> String {
        do { return try vault.absolute(path) } catch { throw ActionError(error) }
    }

    // MARK: Staging

    /// Stages `document` as the new contents of `path` (a new file when there is none).
    public func write(_ document: Document, to path: String) throws(ActionError) {
        try stage(document.bytes, at: path)
    }

    /// Stages a new file; refuses when one exists (on disk or staged), or one whose name differs
    /// only by Unicode normalisation or letter case.
    public func create(_ text: String, at path: String) throws(ActionError) {
        if let twin = twin(of: path) {
            throw ActionError(.exists, "\(NameKey.shown(twin)) already exists and differs from \(path) only by Unicode normalisation or letter case; not making a second one", path: path)
        }
        if try exists(path) { throw ActionError(.exists, "\(path) already exists; not overwriting it", path: path) }
        try stage(Array(text.utf8), at: path)
    }

    /// Stages a rename of a file; refuses to replace an existing one.
    public func move(_ from: String, to destination: String) throws(ActionError) {
        try move(from, to: destination, checked: true)
    }

    /// `checked`: refuse a Markdown file whose front-matter cannot be read (a rename rewrites it;
    /// a file put in the trash is not rewritten, so it goes as it is).
    private func move(_ from: String, to destination: String, checked: Bool) throws(ActionError) {
        guard let bytes = try bytes(from) else { throw ActionError(.notFound, "\(from): no such file", path: from) }
        if checked, staged[from] == nil, !from.hasPrefix(".brain/"), from.lowercased().hasSuffix(".md") { try VaultTransaction.checkWritable(bytes, path: from) }
        if try self.bytes(destination) != nil || twin(of: destination, ignoring: from) != nil {
            throw ActionError(.exists, "\(destination) already exists; not overwriting it", path: destination)
        }
        _ = try original(destination)
        moves.append((from, destination))
        note(from)
        note(destination)
        staged[destination] = .some(bytes)
        staged[from] = .some(nil)
    }

    /// Stages removing a file (an undo deleting the file the change it undoes created).
    package func remove(_ path: String) throws(ActionError) {
        _ = try absolute(path)
        _ = try original(path)
        note(path)
        staged[path] = .some(nil)
    }

    /// Stages moving a file into `.brain/trash/`, from where it can be moved back.
    public func trash(_ path: String, to trashPath: String) throws(ActionError) {
        try move(path, to: trashPath, checked: false)
        trashed[path] = trashPath
    }

    private func stage(_ bytes: [UInt8], at path: String) throws(ActionError) {
        _ = try absolute(path)
        let old = try original(path)
        if staged[path] == nil, let old, old != bytes, path.lowercased().hasSuffix(".md") { try VaultTransaction.checkWritable(old, path: path) }
        note(path)
        staged[path] = .some(bytes)
    }

    /// Refuses to change a file whose front-matter cannot be read (an unterminated quote or list,
    /// a tab indentation, a duplicate key…): an edit could only guess where a key is, and might
    /// add a second one. The error is the first problem, in the compiler's format.
    private static func checkWritable(_ bytes: [UInt8], path: String) throws(ActionError) {
        guard let problem = Document(bytes: bytes).parseDiagnostics.first(where: { $0.severity == .error }) else { return }
        throw ActionError(.refused, "\(path):\(problem.location.line):\(problem.location.column): error: \(problem.message)",
                          path: path, suggestion: .fixFrontMatter(path: path))
    }

    private func note(_ path: String) {
        guard noted.insert(path).inserted else { return }
        order.append(path)
        let folder = VaultPaths.directory(of: path)
        stagedNames[folder, default: [:]][NameKey.of(VaultTransaction.name(of: path, in: folder)), default: []].append(path)
    }

    // MARK: Committing

    /// What the staged changes do, file by file, without writing anything.
    public var changes: [FileChange] {
        var result: [FileChange] = []
        let trashPaths = Set(trashed.values)
        let movedTo = Dictionary(moves.map { ($0.to, $0.from) }, uniquingKeysWith: { first, _ in first })
        let movedFrom = Set(moves.map(\.from))
        for path in order where !trashPaths.contains(path) {
            let before = originals[path] ?? nil
            let after = staged[path] ?? before
            if let trash = trashed[path] {
                result.append(FileChange(kind: .deleted, path: path, to: trash))
            } else if let from = movedTo[path] {
                let old = originals[from] ?? nil
                result.append(FileChange(kind: .moved, path: path, from: from, lines: diff(old, after)))
            } else if movedFrom.contains(path) {
                continue
            } else if before == nil, let after {
                result.append(FileChange(kind: .created, path: path, lines: diff(nil, after)))
            } else if before != nil, after == nil {
                result.append(FileChange(kind: .deleted, path: path))
            } else if before != after {
                result.append(FileChange(kind: .modified, path: path, lines: diff(before, after)))
            }
        }
        return result
    }

    private func diff(_ before: [UInt8]?, _ after: [UInt8]?) -> [LineChange] {
        LineDiff.changes(from: before ?? [], to: after ?? [])
    }

    /// The contents before and after of every file the staged change touches, by path.
    public var contents: (before: [String: [UInt8]], after: [String: [UInt8]]) {
        var before: [String: [UInt8]] = [:], after: [String: [UInt8]] = [:]
        for entry in journalEntries {
            before[entry.path] = entry.before
            after[entry.path] = entry.after
        }
        return (before, after)
    }

    /// Every file the staged change touches, with its contents before and after.
    private var journalEntries: [ChangeJournal.Entry] {
        var paths = order
        for move in moves where !paths.contains(move.from) { paths.append(move.from) }
        for move in moves where !paths.contains(move.to) { paths.append(move.to) }
        return paths.compactMap { path in
            let before = originals[path] ?? nil
            let after = staged[path] ?? before
            return before == after ? nil : ChangeJournal.Entry(path: path, before: before, after: after)
        }
    }

    /// Writes the staged changes: moves first, then new and changed files, then deletions.
    ///
    /// A change of more than one file first records an intent journal (`ChangeJournal`) in
    /// `.brain/`, flushed to disk, so that a kill part-way is finished by the next command. On an
    /// error what was written is put back at once; if even that fails, the journal is left marked
    /// "back" for the next command. The journal goes when the change is whole.
    public func commit() throws(ActionError) {
        let fileSystem = vault.fileSystem
        let entries = journalEntries
        if entries.isEmpty { return }
        if createsInBulk, entries.count > 1, moves.isEmpty, entries.allSatisfy({ $0.before == nil && $0.after != nil }) {
            return try commitCreations(entries)
        }
        var journal: ChangeJournal?
        var journalPath: String?
        // One file is replaced by one rename, which is atomic already; two or more need the journal.
        if entries.count > 1 {
            // A journal names only files a vault holds, or the next command would not replay it.
            for entry in entries {
                guard let problem = ChangeJournal.problem(with: entry.path) else { continue }
                throw ActionError(.invalidArgument, "\(VaultPaths.quoted(entry.path)) is not a file a vault holds (\(problem)); nothing was changed",
                                  path: entry.path)
            }
            let planned = ChangeJournal(action: actionName, direction: .forward, entries: entries)
            do {
                let path = try vault.internalPath(ChangeJournal.path)
                try fileSystem.writeAtomically(planned.encoded(), to: path, durable: true)
                journal = planned
                journalPath = path
            } catch {
                let reason: String
                if case .io(_, let message) = error { reason = message } else { reason = error.description }
                throw ActionError(.io, "cannot record the change in \(ChangeJournal.path) (\(reason)); nothing was changed")
            }
        }
        // A change of many files (an import of decades of days) writes them without a flush each and
        // flushes once before the journal goes: the journal finishes the change after a crash
        // until then. Two `fsync`s per file made 45,000 new daily files take six minutes.
        let batched = journal != nil && entries.count > VaultTransaction.batchedFiles
        do {
            try write(durable: !batched)
            if batched { try flush(entries) }
        } catch let failure {
            // Put back what was written: every file to its contents before the change.
            let undo = journal ?? ChangeJournal(action: actionName, direction: .back, entries: entries)
            do {
                try undo.apply(.back, in: vault)
                if let journalPath { try? fileSystem.remove(journalPath, durable: true) }
            } catch {
                // The next command undoes it, if the journal can still say so (on a full disk it
                // may not: then the next command finishes the change instead). Either way the
                // person is told that the change waits for the next command.
                guard let journalPath else { throw failure }
                var back = undo
                back.direction = .back
                let marked = (try? fileSystem.writeAtomically(back.encoded(), to: journalPath, durable: true)) != nil
                var told = failure
                told.message += "; the files could not all be put back either (\(error.description)): "
                    + "the next brain command that can write \(marked ? "undoes" : "finishes") the change, "
                    + "as \(ChangeJournal.path) records it"
                throw told
            }
            throw failure
        }
        if let journalPath {
            do { try fileSystem.remove(journalPath, durable: true) } catch {
                warnings.append("the change is complete, but \(ChangeJournal.path) could not be removed: \(error.description)")
            }
        }
    }

    /// Writes a change that only creates files (`createsInBulk`), all or nothing, with one flush
    /// to disk for all of them instead of two for each.
    ///
    /// The journal names the files and holds none of their text (the journal of a 100,000-note
    /// restore held all 220 MB of it), and it says "undo" from the start: until the journal is gone, the change
    /// is undone by removing what it created, which the journal's paths are enough for. So:
    /// killed before the journal is on disk, nothing was written; killed (or the power cut) while
    /// the files are written or flushed, or before the journal's removal is on disk, the next
    /// command removes every file the change created; the journal is removed only after every
    /// file and folder is on disk (`FileSystem.flush`), so once it is gone the files are too.
    /// A failure with an error undoes the change at once, as `commit` does.
    private func commitCreations(_ entries: [ChangeJournal.Entry]) throws(ActionError) {
        let fileSystem = vault.fileSystem
        for entry in entries {
            guard let problem = ChangeJournal.problem(with: entry.path) else { continue }
            throw ActionError(.invalidArgument, "\(VaultPaths.quoted(entry.path)) is not a file a vault holds (\(problem)); nothing was changed",
                              path: entry.path)
        }
        let undo = ChangeJournal(action: actionName, direction: .back,
                                 entries: entries.map { ChangeJournal.Entry(path: $0.path, before: nil, after: nil) })
        let journalPath: String
        do {
            journalPath = try vault.internalPath(ChangeJournal.path)
            try fileSystem.writeAtomically(undo.encoded(), to: journalPath, durable: true)
        } catch {
            let reason: String
            if case .io(_, let message) = error { reason = message } else { reason = error.description }
            throw ActionError(.io, "cannot record the change in \(ChangeJournal.path) (\(reason)); nothing was changed")
        }
        let step = max(1, entries.count / 200)
        var created: [String] = []
        created.reserveCapacity(entries.count)
        do {
            var written: [String] = []
            written.reserveCapacity(entries.count)
            progress?(0, entries.count)
            for (number, entry) in entries.enumerated() {
                let target = try vault.absolute(entry.path)
                try fileSystem.createNew(entry.after ?? [], at: target, durable: false)
                written.append(target)
                created.append(entry.path)
                if (number + 1) % step == 0 && number + 1 < entries.count { progress?(number + 1, entries.count) }
            }
            try fileSystem.flush(written, under: vault.root)
            try fileSystem.remove(journalPath, durable: true)
            progress?(entries.count, entries.count)
        } catch {
            var failure = ActionError(vault.relative(error))
            if case .io(let path, let message) = error, path == journalPath {
                failure = ActionError(.io, "every file was written, but \(ChangeJournal.path) could not be removed (\(message))")
            }
            // Only the files this change wrote go; the journal names them all, for the next command.
            let written = ChangeJournal(action: actionName, direction: .back,
                                        entries: created.map { ChangeJournal.Entry(path: $0, before: nil, after: nil) })
            do {
                try written.apply(.back, in: vault)
                try fileSystem.remove(journalPath, durable: true)
                failure.message += "; nothing was changed"
            } catch {
                failure.message += "; the files could not all be removed again either (\(error.description)): "
                    + "the next brain command that can write removes them, as \(ChangeJournal.path) records it"
            }
            throw failure
        }
    }

    /// Flushes the files of `entries` to disk (written with `durable: false`).
    private func flush(_ entries: [ChangeJournal.Entry]) throws(ActionError) {
        var paths: [String] = []
        for entry in entries { paths.append(try absolute(entry.path)) }
        do { try vault.fileSystem.flush(paths, under: vault.root) } catch { throw ActionError(vault.relative(error)) }
    }

    /// Changes of more files than this are written without a flush per file, then flushed at once.
    package static let batchedFiles = 64

    /// The staged moves, writes and deletions, in that order; `durable: false` leaves the flush
    /// of the files written to the caller.
    private func write(durable: Bool) throws(ActionError) {
        let fileSystem = vault.fileSystem
        do {
            var onDisk: [String: [UInt8]?] = originals
            for move in moves {
                let from = try absolute(move.from), to = try absolute(move.to)
                try fileSystem.move(from, to: to)
                onDisk[move.to] = .some(onDisk[move.from] ?? nil)
                onDisk[move.from] = .some(nil)
            }
            for path in order {
                guard let wanted = staged[path], let bytes = wanted else { continue }
                let current = onDisk[path] ?? nil
                if current == bytes { continue }
                let target = try absolute(path)
                if current != nil {
                    try fileSystem.writeAtomically(bytes, to: target, durable: durable)
                } else {
                    try fileSystem.createNew(bytes, at: target, durable: durable)
                }
            }
            for path in order {
                guard let wanted = staged[path], wanted == nil, onDisk[path] ?? nil != nil else { continue }
                try fileSystem.remove(try absolute(path))
            }
        } catch let error as ActionError {
            throw error
        } catch let error as VaultError {
            throw ActionError(vault.relative(error))
        } catch {
            throw ActionError(.io, String(describing: error))
        }
    }
}
