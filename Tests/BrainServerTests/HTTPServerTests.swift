import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import BrainServer
import BrainTestSupport

/// The server loop in this process with small limits: timeouts, the connection cap, keep-alive,
/// pipelining, `100 Continue` and shutdown.
@Suite struct HTTPServerTests {
    /// A server on a free port answering `200 method path body-length`, stopped by `stop()`.
    final class Running: @unchecked Sendable {
        let port: UInt16
        let server: HTTPServer
        private let wakeWrite: Int32
        private let finished = DispatchSemaphore(value: 0)
        let lines = LockedLines()

        init(limits: HTTPLimits) throws {
            let listening = try Socket.listen(host: "127.0.0.1", port: 0)
            var ends: [Int32] = [0, 0]
            #expect(pipe(&ends) == 0)
            wakeWrite = ends[1]
            port = listening.port
            let lines = self.lines
            server = HTTPServer(listener: listening.descriptor, wake: ends[0], limits: limits, log: { lines.append($0) }) { request, reply in
                if request.path == "/big" { return HTTPResponse.text(String(repeating: "x", count: 3_000_000)) }
                // Answered later, from another thread, as the router answers the vault's work.
                if request.path.hasPrefix("/later") {
                    let text = "\(request.method) \(request.path) later"
                    DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { reply.send(HTTPResponse.text(text)) }
                    return nil
                }
                return HTTPResponse.text("\(request.method) \(request.path) \(request.body.count)")
            }
            let finished = self.finished
            Thread.detachNewThread { [self] in
                self.server.run()
                finished.signal()
            }
        }

        /// Stops the loop and waits for it (false when it did not stop within 5 seconds).
        func stop() -> Bool {
            var byte: UInt8 = 1
            _ = write(wakeWrite, &byte, 1)
            return finished.wait(timeout: .now() + 5) == .success
        }
    }

    final class LockedLines: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        func append(_ line: String) { lock.withLock { stored.append(line) } }
        var all: [String] { lock.withLock { stored } }
    }

    static func limits() -> HTTPLimits {
        var limits = HTTPLimits()
        limits.headerTimeout = 0.5
        limits.bodyTimeout = 1
        limits.idleTimeout = 1
        limits.connections = 3
        return limits
    }

    @Test func anAnswerGivenLaterKeepsItsPlaceAndHoldsUpNoOtherConnection() throws {
        let running = try Running(limits: Self.limits())
        defer { #expect(running.stop()) }
        let slow = try #require(TestClient(port: running.port))
        let quick = try #require(TestClient(port: running.port))
        // Pipelined behind an answer that comes later: still answered after it, in order.
        slow.send("GET /later HTTP/1.1\r\nHost: x\r\n\r\nGET /after HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let started = Date()
        quick.send("GET /now HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let other = quick.readAll()
        #expect(other.contains("GET /now 0"))
        #expect(Date().timeIntervalSince(started) < 0.25, "another connection is answered while one waits")
        let both = slow.readAll()
        let later = try #require(both.range(of: "GET /later later"))
        let after = try #require(both.range(of: "GET /after 0"))
        #expect(later.lowerBound < after.lowerBound)
        #expect(running.lines.all.contains { $0.hasPrefix("GET /later 200 ") })
    }

    @Test func aClientThatLeavesBeforeItsAnswerComesCostsNothing() throws {
        let running = try Running(limits: Self.limits())
        defer { #expect(running.stop()) }
        do {
            let leaving = try #require(TestClient(port: running.port))
            leaving.send("GET /later HTTP/1.1\r\nHost: x\r\n\r\n")
        }
        Thread.sleep(forTimeInterval: 0.5)
        let client = try #require(TestClient(port: running.port))
        client.send("GET /x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(client.readAll().contains("GET /x 0"))
    }

    @Test func keepAliveAndPipelinedRequestsAreAnsweredInOrder() throws {
        let running = try Running(limits: Self.limits())
        defer { #expect(running.stop()) }
        let client = try #require(TestClient(port: running.port))
        client.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\n")
        let first = client.readResponses(1)
        #expect(first.count == 1 && first[0].hasSuffix("GET /a 0"))
        client.send("GET /b HTTP/1.1\r\nHost: x\r\n\r\nPOST /c HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabcHEAD /d HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let rest = client.readAll()
        #expect(rest.contains("GET /b 0"))
        #expect(rest.contains("POST /c 3"))
        #expect(rest.range(of: "GET /b 0")!.lowerBound < rest.range(of: "POST /c 3")!.lowerBound)
        #expect(rest.contains("Connection: close"))
        #expect(!rest.contains("HEAD /d"), "a HEAD answer has no body")
        #expect(running.lines.all.contains { $0.hasPrefix("GET /a 200 ") })
    }

    @Test func slowHeadersAndSlowBodiesGet408() throws {
        let running = try Running(limits: Self.limits())
        defer { #expect(running.stop()) }
        let slow = try #require(TestClient(port: running.port))
        slow.send("GET / HTTP/1.1\r\nHost: x\r\n")
        let started = Date()
        let answer = slow.readAll(timeout: 5)
        #expect(TestClient.status(answer) == 408)
        #expect(Date().timeIntervalSince(started) < 3)
        let body = try #require(TestClient(port: running.port))
        body.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc")
        #expect(TestClient.status(body.readAll(timeout: 5)) == 408)
    }

    @Test func anIdleConnectionIsClosedWithoutAnAnswer() throws {
        let running = try Running(limits: Self.limits())
        defer { #expect(running.stop()) }
        let idle = try #require(TestClient(port: running.port))
        #expect(idle.readAll(timeout: 4).isEmpty)
    }

    @Test func connectionsOverTheCapGet503AndTheOthersAreServed() throws {
        let running = try Running(limits: Self.limits())
        defer { #expect(running.stop()) }
        let held = (0..<3).compactMap { _ in TestClient(port: running.port) }
        #expect(held.count == 3)
        // The loop accepts them before the fourth arrives.
        held[0].send("GET /one HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(held[0].readResponses(1).first?.hasSuffix("GET /one 0") == true)
        let extra = try #require(TestClient(port: running.port))
        let answer = extra.readAll(timeout: 3)
        #expect(TestClient.status(answer) == 503)
        held[1].send("GET /two HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(held[1].readResponses(1).first?.hasSuffix("GET /two 0") == true)
    }

    @Test func expectContinueGetsA100BeforeTheBody() throws {
        let running = try Running(limits: Self.limits())
        defer { #expect(running.stop()) }
        let client = try #require(TestClient(port: running.port))
        client.send("POST /e HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n")
        let interim = String(decoding: client.readBytes(timeout: 3) { $0.count >= 25 }, as: UTF8.self)
        #expect(interim == "HTTP/1.1 100 Continue\r\n\r\n")
        client.send("hi")
        #expect(client.readResponses(1).first?.hasSuffix("POST /e 2") == true)
    }

    @Test func aLargeAnswerIsWrittenWholeToASlowReader() throws {
        let running = try Running(limits: Self.limits())
        defer { #expect(running.stop()) }
        let client = try #require(TestClient(port: running.port))
        client.send("GET /big HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        Thread.sleep(forTimeInterval: 0.3)
        let answer = client.readAll(timeout: 10)
        #expect(answer.hasSuffix(String(repeating: "x", count: 1000)))
        #expect(answer.utf8.count > 3_000_000)
    }

    @Test func errorsAreJSONWithACodeAndTheConnectionCloses() throws {
        let running = try Running(limits: Self.limits())
        defer { #expect(running.stop()) }
        for (request, status, code) in [
            ("GET / HTTP/3.0\r\nHost: x\r\n\r\n", 505, "version-not-supported"),
            ("POST / HTTP/1.1\r\nHost: x\r\n\r\n", 411, "length-required"),
            ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2000000\r\n\r\n", 413, "body-too-large"),
            ("GET /\(String(repeating: "a", count: 5000)) HTTP/1.1\r\nHost: x\r\n\r\n", 414, "uri-too-long"),
            ("GET / HTTP/1.1\r\nHost: x\r\nX: \(String(repeating: "a", count: 9000))\r\n\r\n", 431, "headers-too-large"),
            ("BAD\r\n\r\n", 400, "bad-request"),
        ] {
            let client = try #require(TestClient(port: running.port))
            client.send(request)
            let answer = client.readAll(timeout: 3)
            #expect(TestClient.status(answer) == status, "\(request.prefix(40))")
            #expect(answer.contains("\"code\" : \"\(code)\""))
            #expect(answer.contains("Connection: close"))
        }
    }

    @Test func shutdownFinishesAnAnswerBeingWritten() throws {
        let running = try Running(limits: Self.limits())
        let client = try #require(TestClient(port: running.port))
        client.send("GET /big HTTP/1.1\r\nHost: x\r\n\r\n")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(running.stop())
        let answer = client.readAll(timeout: 5)
        #expect(answer.utf8.count > 3_000_000)
    }
}
