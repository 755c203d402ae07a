/// The sizes and times a client may use; past them the server answers 4xx (or 408) and closes.
package struct HTTPLimits: Sendable, Equatable {
    /// The request line and headers, with their line breaks (431, or 414 for the request line).
    package var headerBytes = 8 * 1024
    /// The request target (414).
    package var targetBytes = 4 * 1024
    /// Header lines (431).
    package var headerCount = 100
    /// A `Content-Length` body (413).
    package var bodyBytes = 1024 * 1024
    /// Seconds from a request's first byte to the end of its headers (408).
    package var headerTimeout = 10.0
    /// Seconds from a request's first byte to the end of its body (408).
    package var bodyTimeout = 30.0
    /// Seconds a kept-alive connection may wait for its next request.
    package var idleTimeout = 60.0
    /// Seconds an answer may take to be read by the client.
    package var writeTimeout = 30.0
    /// Open connections; one more is answered 503 and closed.
    package var connections = 1000

    package init() {}
}
