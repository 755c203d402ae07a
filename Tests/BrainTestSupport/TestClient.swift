import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A raw TCP client for the tests: connect to 127.0.0.1, send bytes, read what comes back until
/// the server closes or a deadline passes.
package final class TestClient {
    package let descriptor: Int32

    package init?(port: UInt16) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    @discardableResult
    package func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    @discardableResult
    package func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { return false }
            sent += count
        }
        return true
    }

    /// Everything until the server closes the connection, or `timeout` seconds.
    package func readAll(timeout: Double = 5) -> String {
        String(decoding: readBytes(timeout: timeout, until: { _ in false }), as: UTF8.self)
    }

    /// Bytes until `done` says the answer is whole, the server closes, or `timeout` passes.
    package func readBytes(timeout: Double, until done: ([UInt8]) -> Bool) -> [UInt8] {
        var result: [UInt8] = []
        let end = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while Date() < end, !done(result) {
            var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            let wait = Int32(max(1, end.timeIntervalSinceNow * 1000))
            guard poll(&fds, 1, wait) > 0 else { break }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            result += buffer[..<count]
        }
        return result
    }

    /// Reads `count` whole answers (by their Content-Length) from a kept-alive connection.
    package func readResponses(_ count: Int, timeout: Double = 5) -> [String] {
        let bytes = readBytes(timeout: timeout) { TestClient.split($0).count >= count }
        return TestClient.split(bytes).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whole answers in `bytes`, cut by their headers' Content-Length.
    package static func split(_ bytes: [UInt8]) -> [[UInt8]] {
        var answers: [[UInt8]] = []
        var rest = bytes[...]
        let separator: [UInt8] = [13, 10, 13, 10]
        while let range = rest.firstRange(of: separator) {
            let head = String(decoding: rest[..<range.lowerBound], as: UTF8.self)
            var length = 0
            for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("content-length:") {
                length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
            }
            if head.hasPrefix("HTTP/1.1 100") { length = 0 }
            guard rest.endIndex - range.upperBound >= length else { break }
            answers.append(Array(rest[rest.startIndex..<(range.upperBound + length)]))
            rest = rest[(range.upperBound + length)...]
        }
        return answers
    }

    /// The status code of an answer's first line.
    package static func status(_ answer: String) -> Int? {
        let parts = answer.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0] == "HTTP/1.1" else { return nil }
        return Int(parts[1])
    }
}

/// One answer, taken apart.
package struct TestResponse {
    package var status: Int
    package var headers: [(String, String)]
    package var body: String

    package func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    /// The answer read from `text` (one whole answer).
    package init?(_ text: String) {
        guard let split = text.range(of: "\r\n\r\n"), let status = TestClient.status(text) else { return nil }
        self.status = status
        headers = text[..<split.lowerBound].split(separator: "\r\n").dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        body = String(text[split.upperBound...])
    }
}

extension TestClient {
    /// One request on a new connection (closed after it): the answer, or nil.
    package static func request(port: UInt16, _ method: String, _ path: String, headers: [String: String] = [:], body: String? = nil,
                                timeout: Double = 10) -> TestResponse? {
        guard let client = TestClient(port: port) else { return nil }
        var head = "\(method) \(path) HTTP/1.1\r\n"
        var all = headers
        if all["Host"] == nil { all["Host"] = "127.0.0.1:\(port)" }
        all["Connection"] = "close"
        if let body { all["Content-Length"] = String(body.utf8.count) }
        for (name, value) in all.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        client.send(head + "\r\n" + (body ?? ""))
        return TestResponse(client.readAll(timeout: timeout))
    }
}
