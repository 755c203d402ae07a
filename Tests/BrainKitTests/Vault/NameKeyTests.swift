import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct NameKeyTests {
    /// The ASCII fast path gives what Foundation's normalisation and lower-casing give.
    @Test func asciiKeysMatchTheFullNormalisation() {
        var random = SeededRandom(seed: 13)
        for _ in 0..<2_000 {
            let length = Int(random.next() % 24)
            let bytes = (0..<length).map { _ in UInt8(random.next() % 0x80) }
            let name = String(decoding: bytes, as: UTF8.self)
            #expect(NameKey.of(name) == name.precomposedStringWithCanonicalMapping.lowercased())
        }
        #expect(NameKey.of("Notes/Read A Book.md") == "notes/read a book.md")
        #expect(NameKey.of("Cafe\u{301}.md") == NameKey.of("Caf\u{E9}.md"))
        #expect(NameKey.of("ÉTÉ") == "été")
    }
}

@Suite struct LinkResolverKeyTests {
    /// The ASCII fast path of the resolver's key gives what lower-casing and cutting `.md` give.
    @Test func asciiKeysMatchTheGeneralPath() {
        func general(_ text: String) -> String {
            var lowered = text.lowercased()
            if lowered.hasSuffix(".md") { lowered.removeLast(3) }
            return lowered
        }
        var random = SeededRandom(seed: 21)
        let alphabet = Array("aZ.mMdD/ -_09".utf8)
        for _ in 0..<3_000 {
            let length = Int(random.next() % 10)
            let name = String(decoding: (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }, as: UTF8.self)
            #expect(LinkResolver.key(name) == general(name), "\(name)")
        }
        #expect(LinkResolver.key("Notes/Read.MD") == "notes/read")
        #expect(LinkResolver.key(".md") == "")
        #expect(LinkResolver.key("Été.md") == "été")
    }

    /// The stem's key the resolver cuts from the path's key is `key(stem)` for every ASCII path
    /// (a second `.md`, `.md` alone, folders named `.md`), and is left to `key(stem)` otherwise.
    @Test func stemKeysCutFromThePathKeyMatchTheStemsKey() {
        func check(_ path: String) {
            let expected = LinkResolver.key(VaultPaths.stem(of: path))
            let cut = LinkResolver.stemKey(pathKey: LinkResolver.key(path), path: path)
            if path.utf8.allSatisfy({ $0 < 0x80 }) { #expect(cut == expected, "\(path)") } else { #expect(cut == nil, "\(path)") }
        }
        var random = SeededRandom(seed: 34)
        let alphabet = Array("aZ.mMdD/ -_09".utf8)
        for _ in 0..<5_000 {
            let length = Int(random.next() % 14)
            check(String(decoding: (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }, as: UTF8.self))
        }
        for path in ["a.md.md", "x/.md", ".md", "md", "A/B.MD", "dir.md/X.Md.mD", "notes/Read A Book.md", "\u{212A}.md", "Été/a.md", "a/Été.md"] {
            check(path)
        }
        #expect(LinkResolver.stemKey(pathKey: LinkResolver.key("Notes/A.md.MD"), path: "Notes/A.md.MD") == "a")
    }
}

@Suite struct TrimmingBlanksTests {
    /// Spaces and tabs go from both ends, on the bytes: whatever else the string holds stays.
    @Test func blanksGoFromBothEnds() {
        let cases: [(String, String)] = [
            ("", ""), ("a", "a"), (" ", ""), ("\t \t", ""), ("  a b  ", "a b"), ("\ta\t", "a"), (" - [[x]] y ", "- [[x]] y"),
            ("\u{A0}a\u{A0}", "\u{A0}a\u{A0}"), (" \n a \n ", "\n a \n"), (" été ", "été"), (" e\u{301} ", "e\u{301}"),
            ("  日本語\t", "日本語"), (" 👩‍👩‍👧 ", "👩‍👩‍👧"), (String(repeating: "long line ", count: 500), String(repeating: "long line ", count: 500).dropLast().description),
        ]
        for (text, trimmed) in cases { #expect(text.trimmingBlanks == trimmed, "\(text.debugDescription)") }
        // What each end keeps, against a character-by-character trim, on random strings of blanks,
        // letters and multi-byte characters.
        var random = SeededRandom(seed: 5)
        let pieces = [" ", "\t", "a", "é", "日", "\n", "👍", "-"]
        for _ in 0..<1_000 {
            let text = (0..<Int(random.next() % 12)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            var expected = Substring(text)
            while let first = expected.first, first == " " || first == "\t" { expected.removeFirst() }
            while let last = expected.last, last == " " || last == "\t" { expected.removeLast() }
            #expect(text.trimmingBlanks == String(expected), "\(text.debugDescription)")
        }
    }
}
