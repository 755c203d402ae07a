/// Reads one HTTP/1.1 request from the bytes a connection has received so far: a pure function
/// over bytes, strict where the grammar allows a choice (RFC 9112). Lines end with CRLF; no
/// folded headers, no space before a colon, one `Host`, one `Content-Length` of digits, no
/// `Transfer-Encoding`; a limit passed is an error status as soon as it is known.
package enum RequestParser {
    package enum Outcome: Equatable, Sendable {
        /// More bytes are needed. `headersDone` once the head is read (the body's time runs);
        /// `expectsContinue` when the client waits for `100 Continue` before its body.
        case incomplete(headersDone: Bool, expectsContinue: Bool)
        /// A whole request, and how many bytes of the input it took.
        case request(HTTPRequest, consumed: Int)
        /// The input is no request this server takes: answer with the status and close.
        case failure(HTTPStatus, String)
    }

    private static let cr: UInt8 = 13, lf: UInt8 = 10, space: UInt8 = 32, tab: UInt8 = 9, colon: UInt8 = 58

    package static func parse(_ input: ArraySlice<UInt8>, limits: HTTPLimits = HTTPLimits()) -> Outcome {
        var start = input.startIndex
        // A client may send empty lines before a request (RFC 9112 §2.2).
        while input.endIndex - start >= 2, input[start] == cr, input[start + 1] == lf { start += 2 }
        if start < input.endIndex, input[start] == lf { return .failure(.badRequest, "a line break without CR") }
        // The request line.
        guard let lineEnd = lineEnd(input, from: start, limit: limits.headerBytes) else {
            if input.endIndex - start > limits.headerBytes { return .failure(.uriTooLong, "the request line is too long") }
            if let problem = earlyProblem(input[start...]) { return .failure(.badRequest, problem) }
            return .incomplete(headersDone: false, expectsContinue: false)
        }
        if case .failure(let status, let why) = lineEnd { return .failure(status, why) }
        guard case .found(let requestLineEnd) = lineEnd else { return .incomplete(headersDone: false, expectsContinue: false) }
        let line = input[start..<requestLineEnd]
        let parts = line.split(separator: space, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return .failure(.badRequest, "the request line is not METHOD TARGET VERSION") }
        let methodBytes = parts[0], targetBytes = parts[1], versionBytes = parts[2]
        guard !methodBytes.isEmpty, methodBytes.allSatisfy(isTokenByte) else { return .failure(.badRequest, "the method is no token") }
        guard targetBytes.count <= limits.targetBytes else { return .failure(.uriTooLong, "the request target is too long") }
        guard let first = targetBytes.first, first == UInt8(ascii: "/"),
              targetBytes.allSatisfy({ $0 > 32 && $0 < 127 }) else {
            return .failure(.badRequest, "the request target is not a path")
        }
        let minor: Int
        switch Array(versionBytes) {
        case Array("HTTP/1.1".utf8): minor = 1
        case Array("HTTP/1.0".utf8): minor = 0
        default:
            if versionBytes.count == 8, versionBytes.starts(with: "HTTP/".utf8),
               isDigit(versionBytes[versionBytes.startIndex + 5]), versionBytes[versionBytes.startIndex + 6] == UInt8(ascii: "."),
               isDigit(versionBytes[versionBytes.startIndex + 7]) {
                return .failure(.versionNotSupported, "only HTTP/1.1 and HTTP/1.0 are served")
            }
            return .failure(.badRequest, "the version is not HTTP/1.x")
        }
        // The headers, up to the empty line.
        var headers: [HTTPHeader] = []
        var at = requestLineEnd + 2
        while true {
            guard let found = self.lineEnd(input, from: at, limit: limits.headerBytes - (at - start)) else {
                if input.endIndex - start > limits.headerBytes { return .failure(.headersTooLarge, "the headers are too large") }
                return .incomplete(headersDone: false, expectsContinue: false)
            }
            guard case .found(let end) = found else {
                if case .failure(let status, let why) = found { return .failure(status, why) }
                return .incomplete(headersDone: false, expectsContinue: false)
            }
            if end == at { at = end + 2; break }
            if end - start + 2 > limits.headerBytes { return .failure(.headersTooLarge, "the headers are too large") }
            let headerLine = input[at..<end]
            at = end + 2
            if headerLine.first == space || headerLine.first == tab { return .failure(.badRequest, "a folded header line") }
            guard let colonAt = headerLine.firstIndex(of: colon) else { return .failure(.badRequest, "a header line without a colon") }
            let name = headerLine[..<colonAt]
            guard !name.isEmpty, name.allSatisfy(isTokenByte) else { return .failure(.badRequest, "a header name is no token") }
            var value = headerLine[(colonAt + 1)...]
            while let byte = value.first, byte == space || byte == tab { value = value.dropFirst() }
            while let byte = value.last, byte == space || byte == tab { value = value.dropLast() }
            guard value.allSatisfy({ $0 == tab || ($0 >= 32 && $0 != 127) }) else {
                return .failure(.badRequest, "a header value holds a control character")
            }
            guard let text = String(validating: value, as: UTF8.self) else { return .failure(.badRequest, "a header value is no UTF-8") }
            headers.append(HTTPHeader(String(decoding: name, as: UTF8.self), text))
            if headers.count > limits.headerCount { return .failure(.headersTooLarge, "too many header lines") }
        }
        let hosts = headers.filter { $0.name == "host" }
        if minor == 1, hosts.count != 1 { return .failure(.badRequest, hosts.isEmpty ? "no Host header" : "more than one Host header") }
        if minor == 0, hosts.count > 1 { return .failure(.badRequest, "more than one Host header") }
        if headers.contains(where: { $0.name == "transfer-encoding" }) {
            return .failure(.lengthRequired, "only Content-Length bodies are read, not Transfer-Encoding")
        }
        let method = String(decoding: methodBytes, as: UTF8.self)
        let lengths = headers.filter { $0.name == "content-length" }
        var length = 0
        if lengths.count > 1 { return .failure(.badRequest, "more than one Content-Length header") }
        if let text = lengths.first?.value {
            guard !text.isEmpty, text.utf8.allSatisfy(isDigit) else { return .failure(.badRequest, "Content-Length is not a number") }
            guard text.utf8.count <= 12, let number = Int(text), number <= limits.bodyBytes else {
                return .failure(.payloadTooLarge, "the body is larger than \(limits.bodyBytes) bytes")
            }
            length = number
        } else if ["POST", "PUT", "PATCH"].contains(method) {
            return .failure(.lengthRequired, "a \(method) needs a Content-Length")
        }
        let bodyStart = at
        guard input.endIndex - bodyStart >= length else {
            let expects = headers.contains { $0.name == "expect" && $0.value.lowercased() == "100-continue" }
            return .incomplete(headersDone: true, expectsContinue: expects)
        }
        let target = String(decoding: targetBytes, as: UTF8.self)
        let request = HTTPRequest(method: method, target: target, minorVersion: minor, headers: headers,
                                  body: Array(input[bodyStart..<(bodyStart + length)]))
        return .request(request, consumed: bodyStart + length - input.startIndex)
    }

    private enum LineEnd { case found(Int), failure(HTTPStatus, String) }

    /// The index of the CR of the first CRLF at or after `from` within `limit` bytes; a failure
    /// for a bare CR or LF; nil when the line has not ended yet.
    private static func lineEnd(_ input: ArraySlice<UInt8>, from: Int, limit: Int) -> LineEnd? {
        var index = from
        let end = min(input.endIndex, from + max(limit, 0) + 2)
        while index < end {
            let byte = input[index]
            if byte == lf { return .failure(.badRequest, "a line break without CR") }
            if byte == cr {
                guard index + 1 < input.endIndex else { return nil }
                guard input[index + 1] == lf else { return .failure(.badRequest, "a CR without LF") }
                return .found(index)
            }
            index += 1
        }
        return nil
    }

    /// Whether the start of a request line already cannot be one (no need to wait for the rest).
    private static func earlyProblem(_ bytes: ArraySlice<UInt8>) -> String? {
        guard let space = bytes.firstIndex(of: space) else {
            return bytes.allSatisfy(isTokenByte) ? nil : "the method is no token"
        }
        return bytes[..<space].isEmpty || !bytes[..<space].allSatisfy(isTokenByte) ? "the method is no token" : nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

    /// A `tchar` of RFC 9110: letters, digits and ``!#$%&'*+-.^_`|~``.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), 48...57: return true
        default: return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}
