import Foundation
import Testing
import BrainTestSupport
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore

/// `brain backlinks NOTE --json` is written as the backlinks are found (`BacklinkList.writeJSON`),
/// never as a list encoded whole: its bytes must stay those of the list, encoded.
@Suite struct BacklinkJSONTests {
    static let hub = "notes/hub \"quoted\" é.md"

    /// `count` notes linking to the hub, with what a JSON string must escape or keep in their
    /// names and lines: quotes, backslashes, tabs, control characters, slashes, non-ASCII.
    static func files(_ count: Int) -> [String: String] {
        var files = [hub: "# Hub\n", "notes/other.md": "# Other\n", "notes/alone.md": "# Alone\n[[other]]\n"]
        let odd = ["plain", "a \"quote\"", "back\\slash", "tab\there", "bell\u{07}and\u{1F}", "slash/ed", "é 日本 👍",
                   "line\u{2028}sep", "nul\u{0}byte"]
        // Names a file may have on any disk.
        let names = ["plain", "a \"quote\"", "back\\slash", "slash-ed", "é 日本 👍", "it's"]
        for note in 0..<count {
            let word = odd[note % odd.count]
            var lines = ["# \(word) \(note)", "  \(word) links [[hub \"quoted\" é]]\t"]
            if note % 2 == 0 { lines.append("twice: [[hub \"quoted\" é]] and [[hub \"quoted\" é|again]] \(word)") }
            if note % 5 == 0 { lines += ["", "later [[other]] then [[hub \"quoted\" é#Hub]]"] }
            let name = names[note % names.count]
            let folder = note % 3 == 0 ? "notes/deep \\ \(name)" : "notes"
            files["\(folder)/n\(note) \(name).md"] = lines.joined(separator: "\n") + "\n"
        }
        return files
    }

    /// The output written in pieces of `pieceSize`, and the pieces' sizes.
    static func streamed(_ index: VaultIndex, note: Int, pieceSize: Int = 1 << 16) -> (bytes: [UInt8], pieces: [Int]) {
        nonisolated(unsafe) var bytes: [UInt8] = []
        nonisolated(unsafe) var pieces: [Int] = []
        BacklinkList.writeJSON(index: index, note: note, pieceSize: pieceSize) { piece in
            bytes.append(contentsOf: piece)
            pieces.append(piece.count)
        }
        return (bytes, pieces)
    }

    /// The streamed bytes are the list's as `JSONOutput` and Foundation's encoder write it, with
    /// its lines read from the sources, then from the kept lines (`LineCache`), in pieces small
    /// and large.
    @Test func theStreamWritesTheEncodersBytes() throws {
        let (vault, fileSystem) = MemoryVault.make(Self.files(300))
        let linesPath = MemoryVault.root + "/" + LineCache.relativePath(of: Self.hub)
        try LineCache.$threshold.withValue(50) {
            try LineCache.$racyWindow.withValue(0) {
                for round in ["read from the sources", "read from the kept lines"] {
                    let index = VaultIndex.open(vault)
                    let note = try #require(index.recordByPath[Self.hub])
                    let list = BacklinkList(index: index, note: note)
                    #expect(list.backlinks.count == 300 + 150 * 2 + 60, "\(round)")
                    let encoded = try JSONOutput.bytes(list)
                    #expect(encoded == (try JSONReference.bytes(list)), "\(round)")
                    for pieceSize in [64, 1_000, 1 << 16] {
                        let (bytes, _) = Self.streamed(index, note: note, pieceSize: pieceSize)
                        #expect(bytes == encoded, "\(round), pieces of \(pieceSize)")
                    }
                    #expect(fileSystem.byteSnapshot[linesPath] != nil, "\(round): the lines were not kept")
                }
            }
        }
    }

    /// A note nothing links to: `"backlinks" : []`, as the encoder writes an empty array.
    @Test func noBacklinksIsAnEmptyArray() throws {
        let (vault, _) = MemoryVault.make(Self.files(4))
        let index = VaultIndex.open(vault, save: false)
        let note = try #require(index.recordByPath["notes/alone.md"])
        let list = BacklinkList(index: index, note: note)
        #expect(list.backlinks.isEmpty)
        let (bytes, pieces) = Self.streamed(index, note: note)
        #expect(bytes == (try JSONOutput.bytes(list)))
        #expect(String(decoding: bytes, as: UTF8.self).contains("\"backlinks\" : [],"))
        #expect(pieces.count == 1)
    }

    /// The output is handed out as it is made: in many pieces, none much larger than asked for
    /// (a piece ends after the backlink that fills it), never as one block of the whole.
    @Test func theOutputComesInPieces() throws {
        let (vault, _) = MemoryVault.make(Self.files(400))
        let index = VaultIndex.open(vault, save: false)
        let note = try #require(index.recordByPath[Self.hub])
        let (bytes, pieces) = Self.streamed(index, note: note, pieceSize: 4_096)
        #expect(bytes.count > 100_000)
        #expect(pieces.count >= bytes.count / 4_096)
        #expect(pieces.allSatisfy { $0 <= 4_096 + 1_024 }, "\(pieces.max() ?? 0)")
        #expect(pieces.dropLast().allSatisfy { $0 >= 4_096 })
    }
}
