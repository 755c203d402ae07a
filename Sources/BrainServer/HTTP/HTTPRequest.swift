/// One request as `RequestParser` read it: the method, the target split into its path and query,
/// the headers in order (names lower-cased) and the body.
package struct HTTPRequest: Sendable, Equatable {
    package var method: String
    /// The request target as sent (`/api/habits?x=1`).
    package var target: String
    /// The target before `?`, still percent-encoded.
    package var path: String
    /// The target after `?`, or nil.
    package var query: String?
    /// 0 for HTTP/1.0, 1 for HTTP/1.1.
    package var minorVersion: Int
    package var headers: [HTTPHeader]
    package var body: [UInt8]

    package init(method: String, target: String, minorVersion: Int = 1, headers: [HTTPHeader] = [], body: [UInt8] = []) {
        self.method = method
        self.target = target
        if let mark = target.firstIndex(of: "?") {
            path = String(target[..<mark])
            query = String(target[target.index(after: mark)...])
        } else {
            path = target
            query = nil
        }
        self.minorVersion = minorVersion
        self.headers = headers
        self.body = body
    }

    /// The value of the first header named `name` (any case), or nil.
    package func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.name == lowered }?.value
    }

    /// Whether the connection stays open after the answer: HTTP/1.1 unless `Connection: close`,
    /// HTTP/1.0 only with `Connection: keep-alive`.
    package var keepAlive: Bool {
        let tokens = headers.filter { $0.name == "connection" }
            .flatMap { $0.value.lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        if tokens.contains("close") { return false }
        return minorVersion >= 1 || tokens.contains("keep-alive")
    }

    /// The query's `name=value` pairs, percent-decoded (`+` is a space).
    package var queryItems: [(name: String, value: String)] {
        guard let query else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = PercentDecoding.decode(String(parts[0]), plusIsSpace: true) ?? ""
            let value = parts.count > 1 ? PercentDecoding.decode(String(parts[1]), plusIsSpace: true) ?? "" : ""
            return (name, value)
        }
    }

    /// The first query value named `name`.
    package func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }
}

/// One header line: its name in lower case and its value without surrounding spaces.
package struct HTTPHeader: Sendable, Equatable {
    package var name: String
    package var value: String

    package init(_ name: String, _ value: String) {
        self.name = name.lowercased()
        self.value = value
    }
}
