import Foundation
import Testing
import BrainTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import BrainCLI

/// The real server under hostile clients: 10,000 malformed requests over raw sockets and 500
/// slow-loris connections. No crash, no hang, every answer a valid 4xx, and a normal client
/// served throughout.
@Suite struct ServeFuzzTests {
    /// A deterministic generator: the same requests on every run.
    struct Mix {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return bound <= 0 ? 0 : Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    /// Request number `n` of the fuzzer: bad request lines, huge and repeated headers, bad
    /// lengths, random bytes, mutations of good requests.
    static func malformed(_ n: Int, _ mix: inout Mix) -> [UInt8] {
        let good = "POST /api/habits/read/done HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"
        switch n % 10 {
        case 0: return Array("GET /\(String(repeating: "a", count: 5000 + mix.next(5000))) HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        case 1: return Array(("GET / HTTP/1.1\r\nHost: x\r\n" + (0..<(150 + mix.next(100))).map { "X-\($0): v\r\n" }.joined() + "\r\n").utf8)
        case 2: return Array("GET / HTTP/1.1\r\nHost: x\r\nX: \(String(repeating: "v", count: 9000 + mix.next(9000)))\r\n\r\n".utf8)
        case 3: return Array("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n".utf8)
        case 4:
            let lengths = ["-1", "abc", "1, 2", "99999999999999999999", "0x10", " ", "5\r\nContent-Length: 6"]
            return Array("POST /api/rest HTTP/1.1\r\nHost: x\r\nContent-Length: \(lengths[mix.next(lengths.count)])\r\n\r\nhello".utf8)
        case 5:
            let lines = ["GET", "GET /", "GET / HTTP/9.9", "/ GET HTTP/1.1", "GET\t/\tHTTP/1.1", "GÉT / HTTP/1.1", "GET / HTTP/1.1 extra", "\u{0}\u{1}\u{2}"]
            return Array((lines[mix.next(lines.count)] + "\r\nHost: x\r\n\r\n").utf8)
        case 6: return (0..<(1 + mix.next(300))).map { _ in UInt8(mix.next(256)) } + [13, 10, 13, 10]
        case 7: return Array("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n".utf8)
        case 8: return Array("GET / HTTP/1.1\r\nHost: x\n\n".utf8)
        default:
            var bytes = Array(good.utf8)
            for _ in 0..<(1 + mix.next(4)) {
                let at = mix.next(bytes.count)
                switch mix.next(3) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(UInt8(mix.next(256)), at: at)
                default: bytes[at] = [0, 10, 13, 32, 58][mix.next(5)]
                }
            }
            return bytes
        }
    }

    /// Whether `answer` is a whole HTTP/1.1 answer with a 4xx status or 505 (or nothing at all, when the
    /// bytes were no whole request and the client's close ended it).
    static func acceptable(_ answer: [UInt8]) -> Bool {
        if answer.isEmpty { return true }
        let text = String(decoding: answer, as: UTF8.self)
        guard let status = TestClient.status(text), text.contains("\r\n\r\n") else { return false }
        return (400..<500).contains(status) || status == 505
    }

    @Test func tenThousandMalformedRequestsGetValid4xxAnswersAndANormalClientIsServed() throws {
        let vault = try TestVault()
        let token = try ServeSecurityTests.token(vault)
        let server = try ServerProcess(vault: vault.root)
        defer { _ = server.stop() }
        let port = UInt16(server.port)
        final class Tally: @unchecked Sendable {
            let lock = NSLock()
            var bad: [String] = []
            var served = 0
            var normalFailures = 0
        }
        let tally = Tally()
        let workers = 8
        let total = 10_000
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var mix = Mix(state: UInt64(worker) &* 7919 &+ 38)
            for n in stride(from: worker, to: total, by: workers) {
                let bytes = Self.malformed(n, &mix)
                guard let client = TestClient(port: port) else {
                    tally.lock.withLock { tally.bad.append("\(n): no connection") }
                    continue
                }
                // Every third one, and every mutation (which may be an unfinished request): the
                // client goes away right after its bytes (an early close).
                let early = n % 3 == 0 || n % 10 == 9
                client.send(bytes)
                if early { shutdown(client.descriptor, Int32(SHUT_WR)) }
                let answer = client.readBytes(timeout: 15) { TestClient.split($0).count >= 1 }
                if !Self.acceptable(answer) || (answer.isEmpty && !early) {
                    tally.lock.withLock { tally.bad.append("\(n): \(String(decoding: bytes.prefix(60), as: UTF8.self).debugDescription) → \(String(decoding: answer.prefix(60), as: UTF8.self).debugDescription)") }
                }
                // A normal client, now and then.
                if n % 250 == 0 {
                    let normal = TestClient.request(port: port, "GET", "/api/status", headers: ["Authorization": "Bearer \(token)"])
                    tally.lock.withLock { if normal?.status == 200 { tally.served += 1 } else { tally.normalFailures += 1 } }
                }
            }
        }
        let bad = tally.bad
        #expect(bad.isEmpty, "\(bad.count) bad answers, first: \(Array(bad.prefix(5)))")
        #expect(tally.normalFailures == 0 && tally.served == total / 250)
        #expect(server.process.isRunning)
        #expect(!server.stderr.contains(" 500 "))
    }

    @Test func fiveHundredSlowLorisConnectionsGet408AndANormalClientIsServed() throws {
        let vault = try TestVault()
        let token = try ServeSecurityTests.token(vault)
        let server = try ServerProcess(vault: vault.root)
        defer { _ = server.stop() }
        let port = UInt16(server.port)
        let started = Date()
        var loris: [TestClient] = []
        for _ in 0..<500 {
            guard let client = TestClient(port: port) else { break }
            client.send("GET /api/today HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            loris.append(client)
        }
        #expect(loris.count == 500)
        // They dribble a header byte now and then; a normal client is served all along.
        var served = 0
        while Date().timeIntervalSince(started) < 8 {
            for client in loris { client.send("X") }
            let normal = TestClient.request(port: port, "GET", "/api/status", headers: ["Authorization": "Bearer \(token)"], timeout: 5)
            if normal?.status == 200 { served += 1 }
            Thread.sleep(forTimeInterval: 1)
        }
        #expect(served >= 5)
        // The header timeout (10 s from the first byte) answers each with 408 and closes.
        var timedOut = 0
        for client in loris {
            let answer = client.readAll(timeout: max(1, 14 - Date().timeIntervalSince(started)))
            if TestClient.status(answer) == 408 { timedOut += 1 }
        }
        #expect(timedOut == 500)
        // Slow bodies: a byte every 100 ms is still a request.
        let slow = try #require(TestClient(port: port))
        slow.send("POST /api/habits/read/done HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(token)\r\nContent-Type: application/json\r\nContent-Length: 13\r\n\r\n")
        for byte in #"{"value": 21}"#.utf8 {
            slow.send([byte])
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(slow.readResponses(1).first.flatMap(TestClient.status) == 200)
        #expect(server.process.isRunning)
    }
}
