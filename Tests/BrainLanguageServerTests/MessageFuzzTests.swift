import BrainKit
@testable import BrainFormat
import Foundation
import Testing
@testable import BrainLanguageServer
import BrainJSONRPC

/// Mutated protocol messages — bits flipped, cut short, bytes inserted, invalid UTF-8, nesting
/// thousands deep, numbers too large for any type, values of the wrong type — made from the
/// messages of one editing session and handed to an initialized server in memory. Each gets an
/// answer or is ignored; none may trap, and none may take longer than a few seconds.
/// `BRAIN_LSP_FUZZ_COUNT` (default 5,000) and `BRAIN_LSP_FUZZ_SEED` (default 1) run more, or
/// replay one in a fresh server: `BRAIN_LSP_FUZZ_SEED=N BRAIN_LSP_FUZZ_COUNT=1 swift test --filter MessageFuzzTests`.
@Suite struct MessageFuzzTests {
    static let environment = ProcessInfo.processInfo.environment

    /// The session: what an editor sends while someone writes a note and asks about it.
    static let corpus: [String] = {
        let uri = TestClient.uri("notes/zk.md")
        let daily = TestClient.uri("daily/2026-11-22.md")
        func at(_ line: Int, _ character: Int, _ extra: String = "") -> String {
            #"{"textDocument":{"uri":"\#(uri)"},"position":{"line":\#(line),"character":\#(character)}\#(extra)}"#
        }
        func request(_ method: String, _ params: String) -> String {
            #"{"jsonrpc":"2.0","id":7,"method":"\#(method)","params":\#(params)}"#
        }
        func notification(_ method: String, _ params: String) -> String {
            #"{"jsonrpc":"2.0","method":"\#(method)","params":\#(params)}"#
        }
        let text = #"---\ntitle: Zed\ntags: [insight]\narea: learning\n---\n# Zed\nCafé 😀 [[atomic-habits#^key]] and [[read]] #insight\n- [ ] [[walk]]\n[[nowhere]]\n"#
        return [
            notification("textDocument/didOpen", #"{"textDocument":{"uri":"\#(uri)","languageId":"markdown","version":1,"text":"\#(text)"}}"#),
            notification("textDocument/didChange", #"{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[{"range":{"start":{"line":8,"character":0},"end":{"line":8,"character":2}},"text":"[[re"}]}"#),
            notification("textDocument/didChange", #"{"textDocument":{"uri":"\#(uri)","version":3},"contentChanges":[{"text":"\#(text)"}]}"#),
            request("textDocument/completion", at(6, 12)),
            request("textDocument/completion", at(3, 7)),
            request("textDocument/hover", at(6, 30)),
            request("textDocument/definition", at(6, 14)),
            request("textDocument/references", at(6, 14, #","context":{"includeDeclaration":true}"#)),
            request("textDocument/documentSymbol", #"{"textDocument":{"uri":"\#(uri)"}}"#),
            request("workspace/symbol", #"{"query":"re"}"#),
            request("textDocument/prepareRename", at(7, 8)),
            request("textDocument/rename", at(7, 8, #","newName":"Walk more""#)),
            request("textDocument/codeAction", #"{"textDocument":{"uri":"\#(daily)"},"range":{"start":{"line":3,"character":2},"end":{"line":3,"character":2}},"context":{"diagnostics":[],"only":["quickfix"]}}"#),
            request("workspace/executeCommand", #"{"command":"brain.skip","arguments":[{"habit":"read"}]}"#),
            request("workspace/executeCommand", #"{"command":"brain.createNote","arguments":[{"title":"New idea","kind":"note"}]}"#),
            notification("workspace/didChangeWatchedFiles", #"{"changes":[{"uri":"\#(daily)","type":2},{"uri":"file:///vault/.brain/config.yml","type":2}]}"#),
            notification("textDocument/didSave", #"{"textDocument":{"uri":"\#(uri)"}}"#),
            notification("textDocument/didClose", #"{"textDocument":{"uri":"\#(uri)"}}"#),
            #"{"jsonrpc":"2.0","id":"brain-1","result":{"applied":false,"failureReason":"no"}}"#,
            request("shutdown", "null"),
        ]
    }()

    /// The demo vault's SplitMix64: the same mutations for the same seed, everywhere.
    typealias Generator = DemoRandom

    static let replacements = [
        "1e999", "-1", "99999999999999999999999", "9223372036854775807", "-9223372036854775808", "1.5", "null", "true",
        "\"x\"", "[]", "{}", "\"\\ud800\"", "\"\\u0000\"", String(repeating: "[", count: 3_000) + String(repeating: "]", count: 3_000),
    ]

    /// One mutation of one corpus message.
    static func mutate(_ message: String, _ random: inout Generator) -> [UInt8] {
        var bytes = Array(message.utf8)
        // Mostly one change, and mostly a value swapped, so that many still read as JSON and
        // reach the handlers with something unexpected in them.
        for _ in 0..<(random.int(3) == 0 ? 2 + random.int(3) : 1) {
            guard !bytes.isEmpty else { break }
            let at = random.int(bytes.count)
            switch random.int(2) == 0 ? 4 : random.int(7) {
            case 0: bytes[at] ^= UInt8(1 << random.int(8))
            case 1: bytes.removeSubrange(at...)
            case 2: bytes.insert(contentsOf: (0..<(1 + random.int(8))).map { _ in UInt8(truncatingIfNeeded: random.next()) }, at: at)
            case 3: bytes.insert(contentsOf: [0xFF, 0xC3, 0x28, 0xED, 0xA0, 0x80], at: at)
            case 4:
                // A number or a value after a colon swapped for something of another size or type.
                guard let colon = bytes[at...].firstIndex(of: UInt8(ascii: ":")) else { continue }
                var end = colon + 1
                while end < bytes.count && ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[end]) { end += 1 }
                bytes.replaceSubrange((colon + 1)..<end, with: Array(replacements[random.int(replacements.count)].utf8))
            case 5:
                let length = min(bytes.count - at, 1 + random.int(40))
                bytes.insert(contentsOf: bytes[at..<(at + length)], at: at)
            default:
                bytes.remove(at: at)
            }
        }
        return bytes
    }

    @Test func mutatedMessagesNeverTrapOrHang() throws {
        let count = Int(Self.environment["BRAIN_LSP_FUZZ_COUNT"] ?? "") ?? 5_000
        let first = UInt64(Self.environment["BRAIN_LSP_FUZZ_SEED"] ?? "") ?? 1
        var client = TestClient()
        var slowest: (seed: UInt64, seconds: Double) = (first, 0)
        var parsed = 0, answered = 0
        for seed in first..<(first + UInt64(count)) {
            var random = Generator(seed: seed)
            // A fresh server now and then, and after a shutdown or an exit.
            if client.server.state != .running || client.server.exitCode != nil || (seed - first) % 300 == 299 { client = TestClient() }
            // The note open as the session starts, then one mutated message.
            client.server.receive(Array(Self.corpus[0].utf8))
            _ = client.drain()
            let bytes = Self.mutate(Self.corpus[random.int(Self.corpus.count)], &random)
            if JSON.parse(bytes) != nil { parsed += 1 }
            let start = Date()
            client.server.receive(bytes)
            let seconds = Date().timeIntervalSince(start)
            if seconds > slowest.seconds { slowest = (seed, seconds) }
            #expect(seconds < 10, "seed \(seed) took \(seconds) s (replay: BRAIN_LSP_FUZZ_SEED=\(seed) BRAIN_LSP_FUZZ_COUNT=1)")
            if client.drain().contains(where: { !$0["result"].isNull || $0["method"] == "textDocument/publishDiagnostics" }) { answered += 1 }
        }
        print(String(format: "brain lsp message fuzzing: %d mutated messages from seed %llu, %d of them JSON, %d answered with a result or diagnostics; slowest %.3f s (seed %llu)",
                     count, first, parsed, answered, slowest.seconds, slowest.seed))
    }

    /// Found by the fuzzing above: a code action at line 2⁶³ − 1 made `line + 1` trap. The
    /// protocol's numbers are 0 to 2³¹ − 1; past that a position is invalid parameters.
    @Test func positionsPastTheProtocolsRangeAreRefused() {
        let client = TestClient()
        _ = client.open("daily/2026-11-22.md")
        let far: JSON = ["line": .int(Int.max), "character": 0]
        let action = client.request("textDocument/codeAction", ["textDocument": ["uri": .string(TestClient.uri("daily/2026-11-22.md"))],
                                                                "range": ["start": far, "end": far], "context": ["diagnostics": []]])
        #expect(action["error"]["code"] == .int(-32602))
        let hover = client.request("textDocument/hover", ["textDocument": ["uri": .string(TestClient.uri("daily/2026-11-22.md"))],
                                                          "position": ["line": 0, "character": .int(1 << 31)]])
        #expect(hover["error"]["code"] == .int(-32602))
        #expect(client.result("textDocument/hover", TestClient.at("daily/2026-11-22.md", Position.largest, Position.largest)) == .null)
    }
}

extension DemoRandom {
    /// A whole number in 0 ..< `bound` (0 when `bound` is 0).
    mutating func int(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
}
