import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// The byte-keyed table behind the journal's habit names and the resolver's memo: every key
/// found again after the table has grown many times, no key mistaken for another that shares
/// its start, and the empty key a key like any other.
@Suite struct ByteKeyTableTests {
    @Test func everyKeyIsFoundAndNoOther() {
        var table = ByteKeyTable<Int>()
        let keys = [""] + (0..<5_000).map { "habits/n\($0)" } + ["ab", "a", "abc", "é", "e\u{301}"]
        func bytes<T>(_ key: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
            var key = key
            return key.withUTF8(body)
        }
        for (number, key) in keys.enumerated() {
            #expect(bytes(key) { table.entry(of: $0) } == nil, "\(key) before it is added")
            #expect(bytes(key) { table.insert($0, number) } == number)
        }
        for (number, key) in keys.enumerated() {
            let entry = bytes(key) { table.entry(of: $0) }
            #expect(entry == number, "\(key)")
            #expect(entry.map { table[$0] } == number)
            #expect(bytes(key) { table.entry(number, is: $0) })
        }
        for missing in ["habits/n5000", "habits/n", "abcd", "b", "E\u{301}"] {
            #expect(bytes(missing) { table.entry(of: $0) } == nil, "\(missing)")
        }
        // Two spellings of é are two keys: the table compares bytes, not characters.
        #expect(bytes("é") { table.entry(of: $0) } != bytes("e\u{301}") { table.entry(of: $0) })
        #expect(!bytes("a") { table.entry(keys.count - 3, is: $0) }, "ab is not a")
    }
}
