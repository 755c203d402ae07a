import Foundation
import BrainFormat
import BrainAnalytics

/// The reminders already sent, so none goes out twice for the same moment: one key a line
/// (`2026-11-22 read 07:30`) in `.brain/cache/reminders-sent`, this machine's alone (the cache
/// is not synced). A key is *claimed* under a lock of its own before its reminder is sent, so of
/// two runs that overlap (a timer and `brain serve`) only one sends it.
package struct ReminderLog: Sendable {
    package static let path = ".brain/cache/reminders-sent"
    package static let lockPath = ".brain/cache/reminders.lock"
    /// Days of keys kept; older lines are dropped when the file is rewritten.
    package static let keepDays = 3

    package let vault: Vault

    package init(vault: Vault) {
        self.vault = vault
    }

    /// The keys sent so far.
    package func sent() -> Set<String> {
        guard let path = try? vault.internalPath(ReminderLog.path), let bytes = try? vault.fileSystem.read(path) else { return [] }
        return Set(String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init))
    }

    /// Records `keys` as sent and returns those no other run had claimed, in their order. Lines of
    /// days before `today` minus `keepDays` are dropped.
    package func claim(_ keys: [String], today: Day) throws(VaultError) -> [String] {
        guard !keys.isEmpty else { return [] }
        let lockPath = try vault.internalPath(ReminderLog.lockPath)
        let lock = try vault.fileSystem.lock(lockPath, timeout: 10)
        defer { withExtendedLifetime(lock) {} }
        let path = try vault.internalPath(ReminderLog.path)
        let text = (try? vault.fileSystem.read(path)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let oldest = today.adding(days: -ReminderLog.keepDays).description
        var lines = text.split(whereSeparator: \.isNewline).map(String.init).filter { $0.prefix(10) >= oldest }
        var known = Set(lines)
        var claimed: [String] = []
        for key in keys where known.insert(key).inserted {
            claimed.append(key)
            lines.append(key)
        }
        if !claimed.isEmpty {
            try vault.fileSystem.writeAtomically(Array((lines.joined(separator: "\n") + "\n").utf8), to: path, durable: false)
        }
        return claimed
    }
}
