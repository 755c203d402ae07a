import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Issue 15, fix 5: a byte that is not UTF-8 (E9, Latin-1 "é") was turned into EF BF BD by any
/// edit of the file, on lines the edit never touched, and `validate` said nothing.
@Suite struct InvalidUTF8Tests {
    /// Bytes of `text` with `0xE9` where `é` stands.
    static func latin1(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars {
            if scalar == "é" { bytes.append(0xE9) } else { bytes += Array(String(scalar).utf8) }
        }
        return bytes
    }

    @Test func anEditKeepsEveryOtherByte() {
        let bytes = InvalidUTF8Tests.latin1("---\ntitle: Café\n---\n# Café\n\nCaf\u{E9} au lait, d\u{E9}j\u{E0}.\n")
        var document = Document(bytes: bytes)
        #expect(!document.isValidUTF8)
        document.set("pinned", to: .bool(true))
        var expected = bytes
        expected.insert(contentsOf: Array("pinned: true\n".utf8), at: 16)
        #expect(document.bytes == expected)
        document.remove("pinned")
        #expect(document.bytes == bytes)
    }

    @Test func replacingALineKeepsTheBadBytesOfTheOthers() {
        let bytes = InvalidUTF8Tests.latin1("é one\ntwo\né three")
        var document = Document(bytes: bytes)
        document.replaceLine(2, with: "TWO")
        #expect(document.bytes == InvalidUTF8Tests.latin1("é one\nTWO\né three"))
        document.insertLines(["new"], after: 3)
        #expect(document.bytes == InvalidUTF8Tests.latin1("é one\nTWO\né three\nnew"))
    }

    @Test func diagnosticsNameLineAndColumnOfEachBadLine() {
        let document = Document(bytes: InvalidUTF8Tests.latin1("ok\nab é\nfine\né\n") + [0xF0, 0x28, 10])
        #expect(document.diagnostics.map(\.location) == [SourceLocation(line: 2, column: 4), SourceLocation(line: 4, column: 1),
                                                         SourceLocation(line: 5, column: 1)])
        #expect(document.diagnostics.first?.message.contains("invalid UTF-8 (byte E9)") == true)
    }

    @Test(arguments: [
        ([0xC0, 0x80], 0), ([0xE0, 0x80, 0x80], 0), ([0xED, 0xA0, 0x80], 0), ([0xF4, 0x90, 0x80, 0x80], 0),
        ([0xF8, 0x88, 0x80, 0x80, 0x80], 0), ([0x41, 0xC3], 1), ([0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x80], 8),
    ] as [([UInt8], Int)])
    func checkerFindsWhatTheStandardLibraryRefuses(bytes: [UInt8], first: Int) {
        #expect(String(validating: bytes, as: UTF8.self) == nil)
        #expect(bytes.withUnsafeBufferPointer { UTF8Check.firstInvalid($0, from: 0) } == first)
    }

    @Test func checkerAcceptsEveryValidForm() {
        let text = "aé€😀\u{10FFFF}\u{D7FF}\u{E000}" + String(repeating: "plain ascii ", count: 5)
        #expect(Array(text.utf8).withUnsafeBufferPointer { UTF8Check.isValid($0) })
    }

    @Test func pinKeepsTheBytesOfANote() throws {
        let note = InvalidUTF8Tests.latin1("---\ntitle: Caf\n---\nCafé crème\n")
        let (vault, fileSystem) = MemoryVault.make([:])
        try fileSystem.writeAtomically(note, to: MemoryVault.root + "/notes/cafe.md")
        _ = try vault.perform(SetPinned(note: "cafe", pinned: true))
        let after = try #require(fileSystem.byteSnapshot[MemoryVault.root + "/notes/cafe.md"])
        #expect(after == InvalidUTF8Tests.latin1("---\ntitle: Caf\npinned: true\n---\nCafé crème\n"))
    }

    @Test func doneKeepsTheBytesOfADay() throws {
        let (vault, fileSystem) = MemoryVault.sample()
        let path = MemoryVault.root + "/daily/2026-11-20.md"
        var bytes = try #require(fileSystem.byteSnapshot[path])
        bytes += InvalidUTF8Tests.latin1("\nNote: caf\u{E9} latt\u{E9}\n")
        try fileSystem.writeAtomically(bytes, to: path)
        let result = try vault.perform(LogHabit(habit: "run", change: .done(), day: Day("2026-11-20")!, today: .sampleToday))
        let after = try #require(fileSystem.byteSnapshot[path])
        #expect(after.count == bytes.count)
        #expect(after.suffix(16) == bytes.suffix(16))
        #expect(after.filter { $0 == 0xE9 }.count == 2)
        #expect(!after.contains(0xBF) || bytes.contains(0xBF))
        #expect(result.outcome.after?.state == .done)
    }

    @Test func validateReportsTheFileLineAndColumn() throws {
        let (vault, fileSystem) = MemoryVault.make(["notes/ok.md": "fine\n"])
        try fileSystem.writeAtomically(InvalidUTF8Tests.latin1("# Café\n\nau lait é\n"), to: MemoryVault.root + "/notes/cafe.md")
        let report = ValidationReport(index: VaultIndex.open(vault))
        let found = report.diagnostics.filter { $0.message.contains("UTF-8") }
        #expect(found.map { "\($0.path):\($0.line):\($0.column)" } == ["notes/cafe.md:1:6", "notes/cafe.md:3:9"], "\(report.diagnostics)")
        #expect(found.allSatisfy { $0.severity == .error && $0.message.hasPrefix("invalid UTF-8 (byte E9)") })
    }
}
