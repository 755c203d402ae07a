import BrainFormat

/// An answer as plain values: a status, headers in order and a body. `bytes` writes it.
package struct HTTPResponse: Sendable, Equatable {
    package var status: HTTPStatus
    package var headers: [HTTPHeader]
    package var body: [UInt8]

    package init(status: HTTPStatus, headers: [HTTPHeader] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of the first header named `name`.
    package func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.name == lowered }?.value
    }

    /// Sets `name` (replacing any header of that name).
    package mutating func set(_ name: String, _ value: String) {
        let header = HTTPHeader(name, value)
        headers.removeAll { $0.name == header.name }
        headers.append(header)
    }

    /// A JSON answer in the one JSON style of `--json` (`schemaVersion` first).
    package static func json<T: Encodable>(_ value: T, status: HTTPStatus = .ok) -> HTTPResponse {
        do {
            return HTTPResponse(status: status, headers: [HTTPHeader("Content-Type", "application/json")],
                                body: try JSONOutput.bytes(value))
        } catch {
            return APIError(status: .internalError, code: "internal", message: "the answer could not be written as JSON").response
        }
    }

    /// A plain-text answer.
    package static func text(_ text: String, status: HTTPStatus = .ok, type: String = "text/plain; charset=utf-8") -> HTTPResponse {
        HTTPResponse(status: status, headers: [HTTPHeader("Content-Type", type)], body: Array(text.utf8))
    }

    /// The bytes on the wire: the status line, the headers with `Content-Length` and
    /// `Connection`, and the body (none for a `HEAD`).
    package func bytes(keepAlive: Bool, head: Bool = false, date: String? = nil) -> [UInt8] {
        var text = "HTTP/1.1 \(status.rawValue) \(status.reason)\r\n"
        if let date { text += "Date: \(date)\r\n" }
        for header in headers where header.name != "content-length" && header.name != "connection" {
            text += Self.canonical(header.name) + ": " + header.value + "\r\n"
        }
        if status != .noContent && status != .notModified && status.rawValue >= 200 {
            text += "Content-Length: \(body.count)\r\n"
        }
        text += "Connection: \(keepAlive ? "keep-alive" : "close")\r\n\r\n"
        var bytes = Array(text.utf8)
        if !head { bytes += body }
        return bytes
    }

    /// `content-type` as `Content-Type`.
    static func canonical(_ name: String) -> String {
        var out = ""
        var upper = true
        for character in name {
            out.append(upper ? Character(character.uppercased()) : character)
            upper = character == "-"
        }
        return out
    }
}
