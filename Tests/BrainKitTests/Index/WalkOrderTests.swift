import Testing
import BrainFormat
@testable import BrainStore

/// `VaultIndex.walkPrecedes`, the walk's order of two paths, reads ASCII paths byte by byte;
/// it must order every pair as comparing them name by name as `String`s does.
@Suite struct WalkOrderTests {
    /// Pieces that meet at every edge: a name that is a prefix of another, names that differ
    /// by a byte below and above `/`, case, dots, and non-ASCII names in both spellings of "é".
    static let pieces = ["a", "b", "A", "-", ".", "0", "z", "~", "ab", "a-b", "a.md", "é", "e\u{301}", "ß", "x\u{301}"]

    static func path(_ generator: inout some RandomNumberGenerator) -> String {
        let names = Int.random(in: 1...3, using: &generator)
        return (0..<names).map { _ in
            (0..<Int.random(in: 1...3, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
        }.joined(separator: "/")
    }

    @Test func byteByByteIsNameByName() {
        var generator = DemoRandom(seed: 24)
        var compared = 0, ascii = 0
        for _ in 0..<40_000 {
            let left = Self.path(&generator)
            // Half the pairs share a start, where the order is decided late.
            let right = Bool.random(using: &generator) ? left + Self.path(&generator) : Self.path(&generator)
            for (a, b) in [(left, right), (right, left), (left, left)] {
                #expect(VaultIndex.walkPrecedes(a, b) == VaultIndex.walkPrecedesByNames(a, b), "\(a) | \(b)")
                compared += 1
                if a.utf8.allSatisfy({ $0 < 0x80 }) && b.utf8.allSatisfy({ $0 < 0x80 }) { ascii += 1 }
            }
        }
        #expect(ascii > 10_000, "too few ASCII pairs (\(ascii) of \(compared)): the fast path was hardly tried")
        // The edges by hand: a name that ends first, fewer names, `/` against `-` and `.`.
        #expect(VaultIndex.walkPrecedes("a/b", "a-b"))
        #expect(VaultIndex.walkPrecedes("a/z", "a.md"))
        #expect(VaultIndex.walkPrecedes("a", "a/b"))
        #expect(!VaultIndex.walkPrecedes("a/b", "a"))
        #expect(VaultIndex.walkPrecedes("ab", "abc/d"))
        #expect(!VaultIndex.walkPrecedes("notes/x.md", "notes/x.md"))
    }
}
