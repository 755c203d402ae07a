import Foundation

/// Safe, readable file names made from titles.
package enum Slug {
    /// A file stem for a title: lower-case, Unicode letters and digits kept, everything else
    /// becomes single hyphens; never empty, never hidden, never a path.
    ///
    /// `Slug.make("Read 20 pages")` is `read-20-pages`; `Slug.make("Café été")` is `café-été`;
    /// `Slug.make("../../etc")` is `etc`. Names are in Unicode's composed form (NFC), however
    /// the title was typed: `Café` typed as `e` + U+0301 gives the same `café` as a typed `é`.
    package static func make(_ title: String, maxBytes: Int = 80) -> String {
        var result = ""
        var pendingHyphen = false
        for character in title.precomposedStringWithCanonicalMapping.lowercased() {
            let keep = character.isLetter || character.isNumber || character == "_"
            if keep {
                if pendingHyphen && !result.isEmpty { result.append("-") }
                pendingHyphen = false
                if result.utf8.count + character.utf8.count > maxBytes { break }
                result.append(character)
            } else {
                pendingHyphen = true
            }
        }
        return result.isEmpty ? "untitled" : result
    }
}

/// How names compare: in Unicode's composed form (NFC) and without letter case, the way macOS and
/// Windows file systems compare them. Two files whose names are equal this way cannot be told apart
/// by a link or a command, so brain never makes the second one.
package enum NameKey {
    /// `name` in NFC, lower-cased.
    package static func of(_ name: some StringProtocol) -> String {
        // ASCII is already NFC and lower-cases byte by byte: most names, and Foundation's
        // normalisation costs microseconds a name (the index takes this key of every file).
        let utf8 = name.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        return String(name).precomposedStringWithCanonicalMapping.lowercased()
    }

    /// A 64-bit hash of `of(name)`'s bytes, made without the string when `name` is ASCII.
    package static func hash(_ name: String) -> UInt64 {
        var name = name
        return name.withUTF8 { bytes in
            var hash = FNV1a.start
            for byte in bytes {
                guard byte < 0x80 else {
                    var key = of(String(decoding: bytes, as: UTF8.self))
                    return key.withUTF8 { FNV1a.hash($0) }
                }
                hash = FNV1a.step(hash, byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            }
            return hash
        }
    }

    /// Whether `name` is written in NFC (a name made by brain always is).
    package static func isComposed(_ name: String) -> Bool {
        Array(name.utf8) == Array(name.precomposedStringWithCanonicalMapping.utf8)
    }

    /// `path`, marked when it is not in NFC, so that two names that look alike can be told apart.
    package static func shown(_ path: String) -> String {
        isComposed(path) ? path : path + " (decomposed Unicode, NFD)"
    }
}
