import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// The digest the change journal is signed with, against FIPS 180-4's examples and RFC 4231's
/// HMAC test cases.
@Suite struct SHA256Tests {
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    @Test func digestsOfTheStandardsExamples() {
        #expect(Self.hex(SHA256.hash(Array("".utf8))) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Self.hex(SHA256.hash(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(Self.hex(SHA256.hash(long)) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        // Fed in pieces of every size: the same digest.
        let million = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        for piece in [1, 63, 64, 65, 1000] {
            var hasher = SHA256()
            var at = 0
            while at < 10_000 { hasher.update(million[at..<min(at + piece, 10_000)]); at += piece }
            #expect(hasher.finish() == SHA256.hash(million[..<10_000]), "pieces of \(piece)")
        }
        #expect(Self.hex(SHA256.hash(million)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func authenticationCodesOfRFC4231() {
        #expect(Self.hex(SHA256.authenticationCode(Array("Hi There".utf8), key: [UInt8](repeating: 0x0b, count: 20)))
            == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(Self.hex(SHA256.authenticationCode(Array("what do ya want for nothing?".utf8), key: Array("Jefe".utf8)))
            == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        // A key longer than a block is hashed first (test case 6).
        #expect(Self.hex(SHA256.authenticationCode(Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
                                                   key: [UInt8](repeating: 0xaa, count: 131)))
            == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }
}
