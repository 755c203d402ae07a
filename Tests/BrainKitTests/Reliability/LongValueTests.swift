import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// A front-matter value of a megabyte (the fuzzer's "1 MB line" in a habit's `area:`) must cost
/// what reading it costs, not that times every area and every habit: `scripts/fuzz.sh` found
/// `brain today` taking 16 s on such a vault, trimming the value again for each comparison.
@Suite struct LongValueTests {
    /// Trimming looks at the ends only, and agrees with Foundation's white-space sets.
    @Test(arguments: [
        "", " ", "\t\n", "read", "  read  ", "\u{00A0}read\u{2003}", "\u{2028}read\u{2029}", "\u{85}x\u{85}",
        "\r\nread 20 pages\r\n", " \u{301}é ", "[[ read | Read ]]", "\u{3000}読書\u{3000}", "x\u{0B}\u{0C}",
    ])
    func trimmingAgreesWithFoundation(text: String) {
        #expect(String(LinkTarget.trimmed(Substring(text), newlines: true)) == text.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(String(LinkTarget.trimmed(Substring(text), newlines: false)) == text.trimmingCharacters(in: .whitespaces))
    }

    @Test func normalizeKeepsItsMeaning() {
        #expect(LinkTarget.normalize("  [[Read|the book]] ") == "Read")
        #expect(LinkTarget.normalize("[[read#notes]]") == "read")
        #expect(LinkTarget.normalize("[[ ]]") == nil)
        #expect(LinkTarget.normalize(" \n") == nil)
        #expect(LinkTarget.key(" Health ") == "health")
    }

    /// Every habit's `area:` a megabyte long: today, areas and the coach answer within the fuzz
    /// run's hang bound (20 s; the same vault took minutes in a debug build before).
    @Test func aMegabyteAreaIsReadOnce() throws {
        let (vault, fileSystem) = MemoryVault.sample()
        let long = String(repeating: "health ", count: 150_000) + "end"
        for (path, bytes) in MemoryVault.sampleFiles where path.hasPrefix("habits/") {
            var text = String(decoding: bytes, as: UTF8.self)
            guard let range = text.range(of: "\narea: ") else { continue }
            let end = text[range.upperBound...].firstIndex(of: "\n")!
            text.replaceSubrange(range.upperBound..<end, with: long)
            try fileSystem.writeAtomically(Array(text.utf8), to: MemoryVault.root + "/" + path)
        }
        let index = VaultIndex.open(vault)
        let journal = Journal(index: index)
        #expect(journal.habits.filter { $0.area?.hasPrefix("health health") == true }.count > 5)
        let start = DispatchTime.now().uptimeNanoseconds
        let today = try JSONOutput.string(DayOverview(index: index, journal: journal, day: Day.sampleToday))
        let areas = AreasView(journal: journal, today: Day.sampleToday)
        let coach = CoachSignals(journal: journal, today: Day.sampleToday)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        #expect(!today.isEmpty)
        #expect(areas.areas.allSatisfy { $0.habits.isEmpty }, "no habit names a known area any more")
        #expect(coach.areas.count == journal.areas.count)
        #expect(seconds < 20, "today, areas and coach took \(seconds) s")
    }
}
