import Foundation
import BrainFormat

/// A copy of a vault file that a file-sync engine left beside it when two devices changed the file
/// at once, and the file it is a copy of. Recognised by its name alone, exactly as each engine
/// writes it:
///
/// - Syncthing: `NAME.sync-conflict-YYYYMMDD-HHMMSS-DEVICE.EXT` (`DEVICE` is the short device id,
///   seven characters of base 32, or empty; versions before 0.14 wrote no `-DEVICE`). The text
///   goes before the last extension; a copy of a copy carries two such parts.
/// - Dropbox: `NAME (conflicted copy).EXT`, `NAME (Someone's conflicted copy YYYY-MM-DD).EXT`, and
///   the same with more after the date (`… 2026-11-22 1).EXT`).
/// - iCloud Drive: `NAME 2.EXT` (`3`, `4`… for later ones) — but only when `NAME.EXT` is in the
///   same folder. A number after a space is an ordinary name too (`Chapter 2.md`, `Week 48.md`):
///   alone, or beside `Chapter 1.md`, it is a note. Only the pair `Chapter.md` and `Chapter 2.md`
///   reads as a file and its copy; such a note is renamed (or given another name) to be read as one.
///
/// Pure: names in, names out; the caller says which files exist.
package struct ConflictCopy: Hashable, Sendable, Codable {
    /// The engine whose naming the copy follows.
    package enum Engine: String, Hashable, Sendable, Codable {
        case syncthing, dropbox, icloud

        /// The engine's name as people know it.
        package var title: String {
            switch self {
            case .syncthing: "Syncthing"
            case .dropbox: "Dropbox"
            case .icloud: "iCloud"
            }
        }
    }

    /// The copy's path (as given: vault-relative in the index).
    package var path: String
    /// The path of the file it is a copy of, in the same folder.
    package var original: String
    package var engine: Engine

    package init(path: String, original: String, engine: Engine) {
        self.path = path
        self.original = original
        self.engine = engine
    }

    /// The conflict copy `path` is, or nil when its name is an ordinary one. `exists` answers
    /// whether a file is at a path of the same form (asked only for an iCloud-style name).
    package static func recognise(_ path: String, exists: (String) -> Bool) -> ConflictCopy? {
        let folder = VaultPaths.directory(of: path)
        let name = folder.isEmpty ? path : String(path.dropFirst(folder.count + 1))
        func inFolder(_ name: String) -> String { folder.isEmpty ? name : folder + "/" + name }
        if let original = syncthingOriginal(name) {
            return ConflictCopy(path: path, original: inFolder(original), engine: .syncthing)
        }
        if let original = dropboxOriginal(name) {
            return ConflictCopy(path: path, original: inFolder(original), engine: .dropbox)
        }
        if let original = icloudOriginal(name), exists(inFolder(original)) {
            return ConflictCopy(path: path, original: inFolder(original), engine: .icloud)
        }
        return nil
    }

    /// Splits files into the vault's own and the conflict copies among them; iCloud-style names
    /// count as copies only when their original is in `files` too.
    package static func split(_ files: [FileStamp]) -> (files: [FileStamp], copies: [ConflictCopy]) {
        // Most vaults hold no copy: one cheap look at each name before any table is made.
        guard files.contains(where: { mayBeCopy($0.path) }) else { return (files, []) }
        let paths = Set(files.map(\.path))
        var kept: [FileStamp] = []
        kept.reserveCapacity(files.count)
        var copies: [ConflictCopy] = []
        for file in files {
            if mayBeCopy(file.path), let copy = recognise(file.path, exists: paths.contains) {
                copies.append(copy)
            } else {
                kept.append(file)
            }
        }
        return (kept, copies)
    }

    /// Whether the name could be a copy's: it holds `.sync-conflict-` or `conflicted copy` (in any
    /// case), or its stem ends in a space and digits. Over the name's bytes in place: it runs for
    /// every file on every index load.
    private static func mayBeCopy(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            let slash = bytes.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
            var end = bytes.count
            if end - slash >= 3, bytes[end - 3] == UInt8(ascii: "."), bytes[end - 2] | 0x20 == UInt8(ascii: "m"),
               bytes[end - 1] | 0x20 == UInt8(ascii: "d") {
                end -= 3
            }
            let stem = UnsafeBufferPointer(rebasing: bytes[slash..<end])
            // A day's name (`2026-11-22`) ends in a digit too, but not in a space and digits.
            var digits = stem.count
            while digits > 0, stem[digits - 1] >= 0x30, stem[digits - 1] <= 0x39 { digits -= 1 }
            if digits < stem.count, digits > 0, stem[digits - 1] == 0x20 { return true }
            return contains(stem, syncMarker, foldingCase: false) || contains(stem, dropboxMarker, foldingCase: true)
        }
    }

    private static let syncMarker = Array(".sync-conflict-".utf8)
    private static let dropboxMarker = Array("conflicted copy".utf8)

    /// Whether `bytes` holds `needle` (lower-case ASCII when `foldingCase`, which then matches
    /// either case).
    private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: [UInt8], foldingCase: Bool) -> Bool {
        guard bytes.count >= needle.count else { return false }
        let first = needle[0]
        for start in 0...(bytes.count - needle.count) {
            let byte = bytes[start]
            guard byte == first || (foldingCase && byte | 0x20 == first) else { continue }
            var at = 1
            while at < needle.count {
                let next = bytes[start + at]
                guard next == needle[at] || (foldingCase && next >= 0x41 && next <= 0x5A && next | 0x20 == needle[at]) else { break }
                at += 1
            }
            if at == needle.count { return true }
        }
        return false
    }

    /// `NAME.sync-conflict-YYYYMMDD-HHMMSS[-DEVICE][.EXT]` → `NAME[.EXT]`, repeatedly (Syncthing
    /// names a conflict of a copy by the copy's name).
    static func syncthingOriginal(_ name: String) -> String? {
        let marker = ".sync-conflict-"
        guard let range = name.range(of: marker, options: .backwards) else { return nil }
        let prefix = name[..<range.lowerBound]
        var rest = Substring(name[range.upperBound...])
        func digits(_ count: Int) -> Bool {
            guard rest.utf8.count >= count, rest.utf8.prefix(count).allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
            rest = rest.dropFirst(count)
            return true
        }
        guard !prefix.isEmpty, digits(8), rest.first == "-" else { return nil }
        rest = rest.dropFirst()
        guard digits(6) else { return nil }
        if rest.first == "-" {
            rest = rest.dropFirst()
            let device = rest.prefix { $0 != "." }
            guard device.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("2"..."7").contains($0) }) else { return nil }
            rest = rest.dropFirst(device.count)
        }
        // What is left is the extension (the last one: it holds no further dot), or nothing.
        guard rest.isEmpty || (rest.first == "." && rest.dropFirst().allSatisfy { $0 != "." } && rest.count > 1) else { return nil }
        let original = String(prefix) + rest
        return syncthingOriginal(original) ?? original
    }

    /// `NAME (… conflicted copy …).EXT` → `NAME.EXT`.
    static func dropboxOriginal(_ name: String) -> String? {
        let (stem, ext) = splitExtension(name)
        guard stem.hasSuffix(")"), let open = stem.range(of: " (", options: .backwards) else { return nil }
        let inside = stem[open.upperBound..<stem.index(before: stem.endIndex)].lowercased()
        let base = stem[..<open.lowerBound]
        guard !base.isEmpty else { return nil }
        let phrase = "conflicted copy"
        // "conflicted copy", "conflicted copy DATE…", "WHO's conflicted copy…".
        guard let found = inside.range(of: phrase) else { return nil }
        let before = inside[..<found.lowerBound], after = inside[found.upperBound...]
        guard before.isEmpty || before.hasSuffix("'s ") || before.hasSuffix("\u{2019}s ") else { return nil }
        guard after.isEmpty || after.hasPrefix(" ") else { return nil }
        return String(base) + ext
    }

    /// `NAME N.EXT` (N from 2, no leading zero) → `NAME.EXT`; whether it is a copy depends on the
    /// original being there.
    static func icloudOriginal(_ name: String) -> String? {
        let (stem, ext) = splitExtension(name)
        guard let space = stem.lastIndex(of: " ") else { return nil }
        let number = stem[stem.index(after: space)...]
        let base = stem[..<space]
        guard !base.isEmpty, !base.hasSuffix(" "), !number.isEmpty, number.count <= 4, number.first != "0",
              number.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(number), value >= 2 else { return nil }
        return String(base) + ext
    }

    /// A name's stem and its last extension with the dot (`a.b.md` → `a.b`, `.md`); a leading dot
    /// is no extension.
    private static func splitExtension(_ name: String) -> (stem: Substring, ext: String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name[...], "") }
        return (name[..<dot], String(name[dot...]))
    }
}
