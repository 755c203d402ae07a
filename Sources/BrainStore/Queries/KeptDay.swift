import Foundation
import BrainFormat
import BrainAnalytics

/// The journal's part of `brain today` (everything but the pins outside the journal's folders),
/// kept in `.brain/cache/today.bin` with the watcher's token its files were read at. With a
/// watcher (`brain watch`) saying no file of the habits, goals, areas or daily folders changed
/// since, the same day asked again with the same settings is that part as kept: no journal is
/// read and no habit's history worked out again. Any doubt (no watcher, another day, other
/// settings, a change in those folders, a file that does not check) and the caller works it out.
package struct KeptDay: Sendable, Equatable {
    package static let path = ".brain/cache/today.bin"
    static let magic: [UInt8] = Array("BRAINDAY".utf8)
    /// Changes whenever what the kept part holds or how it is worked out changes (the overview,
    /// the journal's reading of the files, the coach's rules), so that a part kept by another
    /// version of brain is never shown (the cache's format version alone moves with the index).
    package static let version = 1

    /// The overview without the pinned notes outside the journal's folders (`pinned` empty).
    package var overview: DayOverview
    /// The pinned notes of the journal's folders.
    package var journalPins: [DayOverview.PinnedNote]
    /// What the journal warned of when it was read (two files for a day, a value dropped).
    package var warnings: [String]

    package init(overview: DayOverview, journalPins: [DayOverview.PinnedNote], warnings: [String]) {
        self.overview = overview
        self.journalPins = journalPins
        self.warnings = warnings
    }

    /// The kept part for `day` seen on the clock's day `now`, when a watcher says nothing the
    /// journal reads changed since it was kept; else nil.
    package static func watched(_ vault: Vault, day: Day, now: Day?, changes: (any ChangeSource)? = nil) -> KeptDay? {
        watchedWithToken(vault, day: day, now: now, changes: changes)?.kept
    }

    /// `watched`, with the token the kept part's files were read at.
    package static func watchedWithToken(_ vault: Vault, day: Day, now: Day?, changes: (any ChangeSource)? = nil)
        -> (kept: KeptDay, token: String)? {
        guard let bytes = keptBytes(vault, path),
              let (token, kept) = decode(bytes, key: key(vault, day: day, now: now)),
              unchanged(vault, since: token, changes: changes) else { return nil }
        return (kept, token)
    }

    /// The bytes of the kept file at `path` (in `.brain/cache/`), when it may be trusted: a vault
    /// on disk with no change left half done, and no symbolic link on the way.
    static func keptBytes(_ vault: Vault, _ path: String) -> [UInt8]? {
        guard vault.fileSystem.disk != nil, !vault.hasInterruptedChange,
              let file = try? vault.internalPath(path), !vault.fileSystem.isSymbolicLink(file), vault.fileSystem.exists(file) else {
            return nil
        }
        return try? vault.fileSystem.read(file)
    }

    /// Keeps `self`, worked out from files read after the watcher gave `token`; a failure to
    /// write only costs the next run the work.
    package func keep(_ vault: Vault, day: Day, now: Day?, token: String) {
        guard VaultIndex.cacheFolder(vault) != nil, let file = try? vault.internalPath(KeptDay.path),
              let overviewJSON = try? KeptDay.encoder.encode(overview), let pinsJSON = try? KeptDay.encoder.encode(journalPins) else { return }
        var writer = BinaryWriter(capacity: overviewJSON.count + pinsJSON.count + 1024)
        writer.string(KeptDay.key(vault, day: day, now: now))
        writer.string(token)
        writer.strings(warnings)
        writer.data(Array(overviewJSON))
        writer.data(Array(pinsJSON))
        _ = try? vault.fileSystem.writeAtomically(VaultIndex.sealed(KeptDay.magic, payload: writer).bytes, to: file, durable: false)
    }

    /// JSON that decodes to the value encoded: rounded numbers keep every digit.
    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.userInfo[.exactNumbers] = true
        return encoder
    }

    /// What else the kept part depends on: the version that kept it, the folders, the settings'
    /// bytes, the day asked about and the clock's day. The settings are those `vault` was opened
    /// with, which the kept part was worked out under: the file read again at `keep` may hold
    /// newer ones, written while the command worked, which would then name an answer they did
    /// not make.
    static func key(_ vault: Vault, day: Day, now: Day?) -> String {
        ["v\(version)", VaultIndex.layoutKey(vault, scope: .journal), String(vault.configChecksum, radix: 16), "\(day)",
         now.map { "\($0)" } ?? "-"].joined(separator: "\u{1F}")
    }

    private static func decode(_ bytes: [UInt8], key: String) -> (token: String, kept: KeptDay)? {
        bytes.withUnsafeBufferPointer { buffer -> (String, KeptDay)? in
            guard case .success = VaultIndex.unseal(buffer, magic: magic) else { return nil }
            var reader = BinaryReader(buffer, offset: VaultIndex.headerSize)
            guard (try? reader.string()) == key, let token = try? reader.string(), let warnings = try? reader.strings(),
                  let overviewJSON = try? reader.data(), let pinsJSON = try? reader.data(), reader.isAtEnd,
                  let overview = try? JSONDecoder().decode(DayOverview.self, from: Data(overviewJSON)),
                  let pins = try? JSONDecoder().decode([DayOverview.PinnedNote].self, from: Data(pinsJSON)) else { return nil }
            return (token, KeptDay(overview: overview, journalPins: pins, warnings: warnings))
        }
    }

    /// Whether a changed path may change what the journal reads: it is in, is, or holds one of
    /// the habits, goals, areas or daily folders. A hidden name is none (the walk enters none;
    /// the settings file is part of the key).
    static func touchesJournal(_ path: String, _ vault: Vault) -> Bool {
        if !VaultIndex.isPlaceable(path) { return true }
        if VaultIndex.isHidden(path) { return false }
        let folders = vault.config.folders
        return [folders.habits, folders.goals, folders.areas, folders.daily].contains { folder in
            path == folder || path.hasPrefix(folder + "/") || folder.hasPrefix(path + "/")
        }
    }
}
