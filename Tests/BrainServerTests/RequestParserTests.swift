import Testing
@testable import BrainServer
import BrainFormat

/// The request parser is hostile-input code: every rule has a case here, and a fuzzer feeds it
/// mutated and random bytes (it must answer, never crash or loop).
@Suite struct RequestParserTests {
    static func parse(_ text: String, limits: HTTPLimits = HTTPLimits()) -> RequestParser.Outcome {
        RequestParser.parse(Array(text.utf8)[...], limits: limits)
    }

    static func status(_ text: String, limits: HTTPLimits = HTTPLimits()) -> HTTPStatus? {
        if case .failure(let status, _) = parse(text, limits: limits) { return status }
        return nil
    }

    @Test func readsAGetWithHeaders() throws {
        let text = "GET /api/today?date=2026-11-22 HTTP/1.1\r\nHost: 127.0.0.1:7420\r\nAccept:  application/json \r\n\r\n"
        guard case .request(let request, let consumed) = Self.parse(text) else { Issue.record("not a request"); return }
        #expect(consumed == text.utf8.count)
        #expect(request.method == "GET")
        #expect(request.path == "/api/today")
        #expect(request.query == "date=2026-11-22")
        #expect(request.queryValue("date") == "2026-11-22")
        #expect(request.header("ACCEPT") == "application/json")
        #expect(request.keepAlive)
    }

    @Test func readsAContentLengthBodyAndLeavesTheNextRequest() throws {
        let text = "POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhelloGET / HTTP/1.1\r\n"
        guard case .request(let request, let consumed) = Self.parse(text) else { Issue.record("not a request"); return }
        #expect(request.body == Array("hello".utf8))
        #expect(consumed == text.utf8.count - "GET / HTTP/1.1\r\n".utf8.count)
    }

    @Test func waitsForTheRestOfAnIncompleteRequest() {
        #expect(Self.parse("GET / HT") == .incomplete(headersDone: false, expectsContinue: false))
        #expect(Self.parse("GET / HTTP/1.1\r\nHost: a\r\n") == .incomplete(headersDone: false, expectsContinue: false))
        #expect(Self.parse("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 9\r\n\r\nabc") == .incomplete(headersDone: true, expectsContinue: false))
        #expect(Self.parse("POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 9\r\n\r\n")
                == .incomplete(headersDone: true, expectsContinue: true))
    }

    @Test func skipsEmptyLinesBeforeTheRequestLine() {
        guard case .request(let request, _) = Self.parse("\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n") else { Issue.record("not read"); return }
        #expect(request.path == "/")
    }

    @Test func connectionRules() {
        guard case .request(let old, _) = Self.parse("GET / HTTP/1.0\r\n\r\n"),
              case .request(let oldKept, _) = Self.parse("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"),
              case .request(let closed, _) = Self.parse("GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n") else {
            Issue.record("not read")
            return
        }
        #expect(!old.keepAlive)
        #expect(oldKept.keepAlive)
        #expect(!closed.keepAlive)
    }

    @Test(arguments: [
        ("GET /\r\nHost: a\r\n\r\n", HTTPStatus.badRequest),
        ("GET  / HTTP/1.1\r\nHost: a\r\n\r\n", .badRequest),
        ("GET / HTTP/1.1 \r\nHost: a\r\n\r\n", .badRequest),
        ("G(T / HTTP/1.1\r\nHost: a\r\n\r\n", .badRequest),
        ("GET http://a/ HTTP/1.1\r\nHost: a\r\n\r\n", .badRequest),
        ("GET /a\u{7f} HTTP/1.1\r\nHost: a\r\n\r\n", .badRequest),
        ("GET / HTTP/2.0\r\nHost: a\r\n\r\n", .versionNotSupported),
        ("GET / HTTQ/1.1\r\nHost: a\r\n\r\n", .badRequest),
        ("GET / HTTP/1.1\nHost: a\n\n", .badRequest),
        ("GET / HTTP/1.1\r\nHost: a\rX: b\r\n\r\n", .badRequest),
        ("GET / HTTP/1.1\r\n\r\n", .badRequest),
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", .badRequest),
        ("GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n", .badRequest),
        ("GET / HTTP/1.1\r\nHost : a\r\n\r\n", .badRequest),
        ("GET / HTTP/1.1\r\nHost: a\r\nNoColon\r\n\r\n", .badRequest),
        ("GET / HTTP/1.1\r\nHost: a\r\nX: a\u{01}b\r\n\r\n", .badRequest),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n", .badRequest),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1x\r\n\r\n", .badRequest),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\nx", .badRequest),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999999999999\r\n\r\n", .payloadTooLarge),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1048577\r\n\r\n", .payloadTooLarge),
        ("POST / HTTP/1.1\r\nHost: a\r\n\r\n", .lengthRequired),
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", .lengthRequired),
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\nabc", .lengthRequired),
    ])
    func refuses(_ text: String, _ status: HTTPStatus) {
        #expect(Self.status(text) == status, "\(text.debugDescription)")
    }

    @Test func aGarbageStartIsRefusedBeforeItsLineEnds() {
        #expect(Self.status("\u{16}\u{03}\u{01}\u{02}") == .badRequest)
        #expect(Self.status("GE(") == .badRequest)
    }

    @Test func limitsGiveTheirStatuses() {
        let long = String(repeating: "a", count: 5000)
        #expect(Self.status("GET /\(long) HTTP/1.1\r\nHost: a\r\n\r\n") == .uriTooLong)
        #expect(Self.status("GET /\(String(repeating: "a", count: 9000))") == .uriTooLong)
        let big = (0..<200).map { "X-\($0): \(String(repeating: "v", count: 50))\r\n" }.joined()
        #expect(Self.status("GET / HTTP/1.1\r\nHost: a\r\n" + big + "\r\n") == .headersTooLarge)
        #expect(Self.status("GET / HTTP/1.1\r\nHost: a\r\nX: \(String(repeating: "v", count: 9000))") == .headersTooLarge)
        let many = (0..<101).map { "X-\($0): v\r\n" }.joined()
        #expect(Self.status("GET / HTTP/1.1\r\nHost: a\r\n" + many + "\r\n") == .headersTooLarge)
        // Exactly at the limit is fine.
        var limits = HTTPLimits()
        limits.headerBytes = 64
        let head = "GET / HTTP/1.1\r\nHost: a\r\n"
        let fill = String(repeating: "v", count: 64 - head.utf8.count - 3 - 2)
        let exact = head + "X: " + fill + "\r\n\r\n"
        #expect(exact.utf8.count == 64 + 2)
        #expect(Self.status(head + "X: " + fill + "v\r\n\r\n", limits: limits) == .headersTooLarge)
        if case .failure = Self.parse(exact, limits: limits) { Issue.record("refused at the limit") }
    }

    @Test func percentDecoding() {
        #expect(PercentDecoding.decode("caf%C3%A9") == "café")
        #expect(PercentDecoding.decode("a%2") == nil)
        #expect(PercentDecoding.decode("%FF") == nil)
        #expect(PercentDecoding.decode("a+b", plusIsSpace: true) == "a b")
        #expect(PercentDecoding.encode("a b/é") == "a%20b%2F%C3%A9")
    }

    /// 20,000 mutations of valid requests and random byte strings: every one parses to an
    /// outcome (a request's `consumed` within the input), split at every point or whole.
    @Test func fuzzedInputNeverCrashesAndAlwaysAnswers() {
        // DemoRandom: the fuzzer's rounds are the same on every run.
        var random = DemoRandom(seed: 38)
        let seeds = [
            "GET /api/today HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: brain-session=abc\r\n\r\n",
            "POST /api/habits/read/done HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 13\r\n\r\n{\"value\": 12}",
            "GET / HTTP/1.0\r\n\r\n",
        ].map { Array($0.utf8) }
        let alphabet: [UInt8] = Array(" \r\n:/%?&=HTTP1.0GETPOSTContent-Length\t\u{0}\u{7f}\u{ff}".utf8) + [0, 255, 128, 13, 10]
        for round in 0..<20_000 {
            var bytes: [UInt8]
            if round % 10 == 0 {
                bytes = (0..<random.index(200)).map { _ in UInt8(random.index(256)) }
            } else {
                bytes = seeds[round % seeds.count]
                for _ in 0..<(1 + random.index(6)) {
                    let position = random.index(bytes.count + 1)
                    switch random.index(4) {
                    case 0: if position < bytes.count { bytes.remove(at: position) }
                    case 1: bytes.insert(alphabet[random.index(alphabet.count)], at: position)
                    case 2: if position < bytes.count { bytes[position] = alphabet[random.index(alphabet.count)] }
                    default: bytes.insert(contentsOf: bytes[position...].prefix(random.index(40)), at: position)
                    }
                }
            }
            let cut = random.index(bytes.count + 1)
            for input in [bytes[...], bytes[..<cut]] {
                if case .request(_, let consumed) = RequestParser.parse(input) {
                    #expect(consumed > 0 && consumed <= input.count)
                }
            }
        }
    }
}
