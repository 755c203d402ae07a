import Testing
@testable import BrainServer

/// The rules by which the loop answers a read from a kept answer: current answers at once,
/// older ones to callers that did not write since (with one recomputation asked for), none to a
/// caller whose write came after the answer.
@Suite struct KeptAnswersTests {
    static let answer = HTTPResponse.text("today")

    @Test func aCurrentAnswerIsGivenAndAMissingOneWaits() {
        let kept = KeptAnswers()
        guard case .missing = kept.lookup("/api/today", caller: "token a") else { Issue.record("nothing is kept yet"); return }
        kept.keep("/api/today", Self.answer, generation: kept.generation)
        guard case .current(let response) = kept.lookup("/api/today", caller: "token a") else { Issue.record("kept and current"); return }
        #expect(response == Self.answer)
        #expect(kept.current("/api/today") == Self.answer)
    }

    @Test func aChangeFromElsewhereGivesTheOlderAnswerAndAsksForOneRecomputation() {
        let kept = KeptAnswers()
        kept.keep("/api/today", Self.answer, generation: kept.generation)
        kept.changed(by: nil)
        #expect(kept.current("/api/today") == nil)
        guard case .older(_, let first) = kept.lookup("/api/today", caller: "token a"),
              case .older(_, let second) = kept.lookup("/api/today", caller: "token b") else {
            Issue.record("an older answer is given to callers that did not write"); return
        }
        #expect(first && !second, "one recomputation asked for, not one a request")
        // The recomputation done, the answer is current again.
        kept.keep("/api/today", HTTPResponse.text("new"), generation: kept.generation)
        guard case .current(let response) = kept.lookup("/api/today", caller: "token a") else { Issue.record("current again"); return }
        #expect(response == HTTPResponse.text("new"))
    }

    @Test func aWriterIsNeverGivenAnAnswerFromBeforeItsWrite() {
        let kept = KeptAnswers()
        kept.keep("/api/today", Self.answer, generation: kept.generation)
        kept.changed(by: "token writer")
        guard case .missing = kept.lookup("/api/today", caller: "token writer") else { Issue.record("the writer waits"); return }
        guard case .older = kept.lookup("/api/today", caller: "token other") else { Issue.record("another caller does not"); return }
        // A change from elsewhere after the writer's: an answer computed after its write is good for it.
        let afterWrite = kept.generation
        kept.changed(by: nil)
        kept.keep("/api/today", Self.answer, generation: afterWrite)
        guard case .older = kept.lookup("/api/today", caller: "token writer") else { Issue.record("the answer shows the write"); return }
    }

    @Test func anAnswerComputedEarlierNeverReplacesANewerOne() {
        let kept = KeptAnswers()
        let early = kept.generation
        kept.changed(by: nil)
        kept.keep("/api/today", HTTPResponse.text("new"), generation: kept.generation)
        kept.keep("/api/today", HTTPResponse.text("old"), generation: early)
        #expect(kept.current("/api/today") == HTTPResponse.text("new"))
        // Failures are not kept.
        kept.keep("/api/notes/x", HTTPResponse(status: .notFound), generation: kept.generation)
        guard case .missing = kept.lookup("/api/notes/x", caller: nil) else { Issue.record("a 404 is not kept"); return }
    }
}
