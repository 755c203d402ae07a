import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// The fixture folder, found next to this file.
enum DocumentFixtures {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/documents")

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".md") }.sorted()
    }

    static func bytes(_ name: String) -> [UInt8] {
        (try? [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))) ?? []
    }
}

@Suite struct DocumentTests {
    @Test func thereAreAtLeastTwelveFixtures() {
        #expect(DocumentFixtures.names.count >= 12)
    }

    @Test(arguments: DocumentFixtures.names)
    func fixtureRoundTripsByteForByte(_ name: String) {
        let bytes = DocumentFixtures.bytes(name)
        let document = Document(bytes: bytes)
        #expect(Array(document.text.utf8) == bytes)
        #expect(Document(text: document.text).text == document.text)
        #expect(document.diagnostics.allSatisfy { $0.location.line >= 1 && $0.location.column >= 1 })
    }

    @Test func crlfFileKeepsItsEndingAndReadsKeys() {
        let document = Document(bytes: DocumentFixtures.bytes("crlf.md"))
        #expect(document.lineEnding == .crlf)
        #expect(document.frontMatter["title"] == .string("CRLF file"))
        #expect(document.frontMatter["tags"] == .list([.string("a"), .string("b")]))
        #expect(document.body == "# Heading\r\n\r\nBody line\r\n")
        #expect(document.bodyStartLine == 5)
        #expect(document.lines == ["---", "title: CRLF file", "tags: [a, b]", "---", "# Heading", "", "Body line"])
    }

    @Test func bomIsSkippedForFrontMatterAndKept() {
        let document = Document(bytes: DocumentFixtures.bytes("bom.md"))
        #expect(document.hasFrontMatter)
        #expect(document.frontMatter["title"] == .string("With BOM"))
        #expect(document.body == "Body\n")
        #expect(document.bodyStartLine == 4)
        #expect(document.bodyStartOffset == 3 + 4 + 16 + 4)
        #expect(document.lines.first == "---")
        #expect(document.text.utf8.first == 0xEF)
    }

    @Test func unclosedFrontMatterIsADiagnosticAndAllBody() {
        let document = Document(bytes: DocumentFixtures.bytes("unclosed.md"))
        #expect(!document.hasFrontMatter)
        #expect(document.frontMatter.isEmpty)
        #expect(document.body == Substring(document.text))
        #expect(document.bodyStartLine == 1)
        #expect(document.diagnostics.count == 1)
        #expect(document.diagnostics.first?.location == SourceLocation(line: 1, column: 1))
        #expect(Document(text: "---").diagnostics.count == 1)
    }

    @Test func dotsCloseFrontMatter() {
        let document = Document(bytes: DocumentFixtures.bytes("dots-close.md"))
        #expect(document.frontMatter["a"] == .int(1))
        #expect(document.body == "body after dots\n")
    }

    @Test func emptyAndOnlyFrontMatterFiles() {
        let empty = Document(text: "")
        #expect(!empty.hasFrontMatter)
        #expect(empty.body == "")
        #expect(empty.lines == [])
        #expect(empty.diagnostics.isEmpty)
        #expect(empty.lineEnding == .lf)
        let only = Document(bytes: DocumentFixtures.bytes("only-front-matter.md"))
        #expect(only.hasFrontMatter)
        #expect(only.body == "")
        #expect(only.bodyStartLine == 4)
        #expect(only.bodyStartOffset == only.text.utf8.count)
    }

    @Test func frontMatterNeedsExactDashesOnTheFirstLine() {
        #expect(!Document(text: "--- x\na: 1\n---\n").hasFrontMatter)
        #expect(!Document(text: "----\na: 1\n---\n").hasFrontMatter)
        #expect(!Document(text: "\n---\na: 1\n---\n").hasFrontMatter)
        #expect(!Document(text: " ---\na: 1\n---\n").hasFrontMatter)
        #expect(Document(text: "---  \na: 1\n---  \nx").hasFrontMatter)
        #expect(Document(text: "---\na: 1\n---").body == "")
        // A closing line must be exactly the marker.
        let document = Document(text: "---\na: 1\n--- not\n---\nbody")
        #expect(document.bodyStartLine == 5)
        #expect(!document.diagnostics.isEmpty)
    }

    @Test func diagnosticsUseFileLines() {
        let document = Document(bytes: DocumentFixtures.bytes("invalid-yaml.md"))
        #expect(document.diagnostics.map(\.location) == [
            SourceLocation(line: 2, column: 4),
            SourceLocation(line: 3, column: 4),  // the flow list that `c:` at column 1 shows was never closed
            SourceLocation(line: 5, column: 1),
        ])
        #expect(document.frontMatter.keys == ["c"])
        #expect(document.diagnostics.allSatisfy { $0.path == nil })
    }

    @Test func locationOfKeyIsWhereItIsWritten() {
        let document = Document(text: "\u{FEFF}---\ntitle: x\n  # c\n  spaced: 1\n---\n")
        #expect(document.location(ofKey: "title") == SourceLocation(line: 2, column: 1))
        #expect(document.location(ofKey: "missing") == nil)
        let indented = Document(text: "---\n  a: 1\n  b: 2\n---\n")
        #expect(indented.location(ofKey: "b") == SourceLocation(line: 3, column: 3))
    }

    @Test func invalidUTF8IsRepairedWithADiagnostic() {
        let bytes: [UInt8] = Array("---\na: 1\n---\nok\nbad ".utf8) + [0xFF, 0xFE] + Array(" end\n".utf8)
        let document = Document(bytes: bytes)
        #expect(document.text.contains("\u{FFFD}"))
        #expect(document.diagnostics.first?.location == SourceLocation(line: 5, column: 5))
        #expect(document.frontMatter["a"] == .int(1))
    }

    @Test func frontMatterSplitterAgreesWithDocument() {
        for name in DocumentFixtures.names {
            let bytes = DocumentFixtures.bytes(name)
            let document = Document(bytes: bytes)
            let split = bytes.withUnsafeBufferPointer { FrontMatterSplitter.split($0) }
            if document.hasFrontMatter {
                let found = split
                #expect(found != nil, "\(name)")
                #expect(found?.bodyOffset == document.bodyStartOffset, "\(name)")
                #expect(found?.bodyLine == document.bodyStartLine, "\(name)")
            } else {
                #expect(split == nil, "\(name)")
            }
        }
        let text = Array("---\na: 1\n---\nbody".utf8)
        let split = text.withUnsafeBufferPointer { FrontMatterSplitter.split($0) }
        #expect(split?.yaml == 4..<9)
        #expect(split?.bodyOffset == 13)
        #expect(split?.bodyLine == 4)
    }
}

@Suite(.timeLimit(.minutes(2))) struct DocumentRobustnessTests {
    func checkLocations(_ diagnostics: [Diagnostic], lines: Int) {
        for diagnostic in diagnostics {
            #expect(diagnostic.location.line >= 1)
            #expect(diagnostic.location.column >= 1)
            #expect(diagnostic.location.line <= lines + 2)
        }
    }

    @Test func randomBytesNeverCrashOrHang() {
        var random = DemoRandom(seed: 42)
        let alphabet = Array("-:[]{}'\"#|>&*!?,%@`~\\.\n\n\r\t  aZ19é".utf8) + [0xFF, 0xC3, 0x00]
        for round in 0..<3000 {
            let length = Int.random(in: 0..<80, using: &random)
            let bytes: [UInt8] = (0..<length).map { _ in
                round % 3 == 0 ? UInt8.random(in: 0...255, using: &random) : alphabet.randomElement(using: &random)!
            }
            let asDocument = Document(bytes: Array("---\n".utf8) + bytes + Array("\n---\n".utf8))
            #expect(asDocument.text.utf8.count >= bytes.count)
            checkLocations(asDocument.diagnostics, lines: asDocument.lines.count)
            let text = String(decoding: bytes, as: UTF8.self)
            let result = YAMLReader.parse(text[...])
            checkLocations(result.diagnostics, lines: text.split(separator: "\n", omittingEmptySubsequences: false).count)
            _ = Document(bytes: bytes)
        }
    }

    @Test func everyPrefixOfEveryFixtureIsHandled() {
        for name in DocumentFixtures.names {
            let bytes = DocumentFixtures.bytes(name)
            for end in 0...bytes.count {
                let prefix = Array(bytes[..<end])
                let document = Document(bytes: prefix)
                checkLocations(document.diagnostics, lines: document.lines.count)
                if let split = prefix.withUnsafeBufferPointer({ FrontMatterSplitter.split($0) }) {
                    let yaml = String(decoding: prefix[split.yaml], as: UTF8.self)
                    let result = YAMLReader.parse(yaml[...], firstLine: 2)
                    checkLocations(result.diagnostics, lines: document.lines.count)
                }
                if end == bytes.count || !prefix.contains(where: { $0 >= 0x80 }) {
                    #expect(Array(document.text.utf8) == prefix)
                }
            }
        }
    }

    @Test(arguments: [
        "a: [", "a: {", "a: \"", "a: '", "a: b: c", "a: *x", "a: &x", "- x", "a:\n\tb: 1", "a: 1\na: 2",
        "a: [1,,]", "{", "a: |\n\tx", "a: \"\\", "a: \"\\u12\"", "a: {[x]: 1}",
    ])
    func invalidYAMLAlwaysHasALocatedDiagnostic(_ yaml: String) {
        let result = YAMLReader.parse(yaml[...], firstLine: 2)
        #expect(!result.diagnostics.isEmpty)
        #expect(result.diagnostics.allSatisfy { $0.location.line >= 2 && $0.location.column >= 1 })
    }
}
