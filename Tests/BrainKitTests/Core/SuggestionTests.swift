import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct SuggestionTests {
    /// Issue 15, fix 12: with two equally close names the answer alternated between runs, because
    /// the candidates came from a dictionary whose order changes with every process.
    @Test func equallyCloseCandidatesGiveOneAnswerInAnyOrder() {
        let names = ["read", "reed", "rear", "meditate"]
        var answers = Set<String?>()
        for shift in 0..<names.count {
            let rotated = Array(names[shift...] + names[..<shift])
            answers.insert(Suggestion.closest(to: "rexd", in: rotated))
            answers.insert(Suggestion.closest(to: "rexd", in: rotated.reversed()))
        }
        #expect(answers == ["read"])
    }

    @Test func closerBeatsEarlierAndCaseDoesNotMatter() {
        #expect(Suggestion.closest(to: "medtate", in: ["read", "meditate"]) == "meditate")
        #expect(Suggestion.closest(to: "READ", in: ["reed", "Read"]) == "Read")
        #expect(Suggestion.closest(to: "xyzzy", in: ["read"]) == nil)
        #expect(Suggestion.closest(to: "stat", in: ["stats", "show"]) == "stats")
    }

    @Test func distanceCountsTranspositionsOnce() {
        #expect(Suggestion.editDistance("ab", "ba") == 1)
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
        #expect(Suggestion.editDistance("", "abc") == 3)
        #expect(Suggestion.editDistance("café", "cafe") == 1)
    }
}
