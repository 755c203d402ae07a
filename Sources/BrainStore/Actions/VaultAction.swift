import BrainFormat
import BrainAnalytics

/// One thing a person does to the vault — check off a habit, create a note, rename, archive — as a
/// value: plain inputs, and a plan that reads and stages through a `VaultTransaction`. Every
/// client of BrainKit (the command line, an import, an app) changes the vault through actions, so
/// the rules live in one place.
public protocol VaultAction: Sendable {
    /// What the action reports besides the file changes.
    associatedtype Outcome: Codable & Sendable
    /// The action's name in results (`done`, `rename`).
    var name: String { get }
    /// Reads what it needs and stages the change; throws without staging anything it cannot do.
    func plan(_ transaction: VaultTransaction) throws(ActionError) -> Outcome
}

/// What an action did: its own outcome, and every file change with the lines before and after.
public struct ActionResult<Outcome: Codable & Sendable>: Codable, Sendable {
    public var action: String
    /// True when nothing was written (`--dry-run`): `changes` say what would change.
    public var dryRun: Bool
    public var outcome: Outcome
    public var changes: [FileChange]
    public var warnings: [String]
    /// Problems located in files (`path:line:column: warning: message`).
    public var notices: [String]
    /// Conflict copies a sync engine left in the part of the vault the action read (not encoded:
    /// each client words them).
    package var conflictCopies: [ConflictCopy] = []

    public init(action: String, dryRun: Bool, outcome: Outcome, changes: [FileChange], warnings: [String],
                notices: [String] = []) {
        self.action = action
        self.dryRun = dryRun
        self.outcome = outcome
        self.changes = changes
        self.warnings = warnings
        self.notices = notices
    }

    enum CodingKeys: String, CodingKey {
        case action, dryRun, changes, warnings, notices
    }

    /// The outcome's keys sit beside `action`, `dryRun`, `changes` and `warnings` in one object.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(action, forKey: .action)
        try container.encode(dryRun, forKey: .dryRun)
        try container.encode(changes, forKey: .changes)
        try container.encode(warnings, forKey: .warnings)
        try container.encode(notices, forKey: .notices)
        try outcome.encode(to: encoder)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        action = try container.decode(String.self, forKey: .action)
        dryRun = try container.decode(Bool.self, forKey: .dryRun)
        changes = try container.decode([FileChange].self, forKey: .changes)
        warnings = try container.decode([String].self, forKey: .warnings)
        notices = try container.decodeIfPresent([String].self, forKey: .notices) ?? []
        outcome = try Outcome(from: decoder)
    }
}

extension Vault {
    /// Carries out `action` under the vault lock: plans it in full, then writes every staged
    /// change (or, on a failure, none). `dryRun` plans without writing.
    ///
    /// Before planning, under the lock, it finishes a multi-file change that a killed process left
    /// half written (see `ChangeJournal`) and clears temporary files of writers that are gone.
    public func perform<Action: VaultAction>(_ action: Action, dryRun: Bool = false) throws(ActionError) -> ActionResult<Action.Outcome> {
        try run(action, dryRun: dryRun).result
    }

    /// `perform`, for a caller that keeps the vault's index in memory and watches the files (the
    /// server): once the lock is held, `current` gives what it knows is current (nil when it is
    /// not sure), which the action then reads instead of checking every file's stamp. Hands back
    /// each changed file's contents after the change too (nil: gone), to bring the kept index up
    /// to date with.
    package func perform<Action: VaultAction>(_ action: Action, current: @escaping () -> VaultTransaction.Current?) throws(ActionError)
        -> (result: ActionResult<Action.Outcome>, after: [String: [UInt8]?]) {
        let (result, transaction) = try run(action, dryRun: false, current: current)
        let (before, after) = transaction.contents
        var changed: [String: [UInt8]?] = [:]
        for path in before.keys { changed[path] = .some(nil) }
        for (path, bytes) in after { changed[path] = bytes }
        return (result, changed)
    }

    /// Plans `action` as a dry run does, and hands back, besides the result, every file it would
    /// change in full before and after: what an editor needs to show the change as edits of its
    /// buffers rather than lines (see `ActionPreview`).
    package func preview<Action: VaultAction>(_ action: Action) throws(ActionError) -> ActionPreview<Action.Outcome> {
        let (result, transaction) = try run(action, dryRun: true)
        let (before, after) = transaction.contents
        return ActionPreview(result: result, before: before, after: after)
    }

    private func run<Action: VaultAction>(_ action: Action, dryRun: Bool, current: (() -> VaultTransaction.Current?)? = nil) throws(ActionError)
        -> (result: ActionResult<Action.Outcome>, transaction: VaultTransaction) {
        let lock: VaultLock
        do { lock = try VaultLock(vault: self) } catch {
            if case .io(_, let message) = error {
                throw ActionError(.io, "cannot take the vault lock (\(VaultLock.path)): \(message); nothing was changed")
            }
            throw ActionError(error)
        }
        defer { withExtendedLifetime(lock) {} }
        let transaction = VaultTransaction(vault: self)
        transaction.actionName = action.name
        transaction.current = current
        do {
            if let recovered = try recoverInterruptedChange() { transaction.warnings.append(recovered) }
        } catch {
            throw ActionError(.io, "an interrupted change could not be finished (\(error.description)); nothing else was done")
        }
        // The lock cleared the whole vault if its last holder was killed; readers save the cache
        // without the lock, so its folder is cleared on every write.
        if let folder = try? internalPath(".brain/cache") { TemporaryFiles.clean(in: folder, fileSystem: fileSystem) }
        let outcome = try action.plan(transaction)
        let changes = transaction.changes
        if !dryRun { try transaction.commit() }
        var result = ActionResult(action: action.name, dryRun: dryRun, outcome: outcome, changes: changes,
                                  warnings: transaction.warnings, notices: transaction.notices)
        result.conflictCopies = transaction.conflictCopies
        if !dryRun, let log = action as? LogHabit, let logged = result as? ActionResult<LogHabit.Outcome> {
            log.remember(logged, contents: transaction.contents, vault: self)
        }
        return (result, transaction)
    }
}


/// An action planned without writing: its result, and each file it would change in full.
package struct ActionPreview<Outcome: Codable & Sendable>: Sendable {
    /// The dry run's result (`dryRun` true).
    package var result: ActionResult<Outcome>
    /// Each changed file's bytes before the action, by vault-relative path; absent when it would
    /// be new (the source of a move is here under its old path).
    package var before: [String: [UInt8]]
    /// Each changed file's bytes after the action; absent when it would be gone or moved away.
    package var after: [String: [UInt8]]
}
