import Foundation
import Testing
@testable import BrainKit

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
