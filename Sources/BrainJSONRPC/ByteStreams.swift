/// Where a server's incoming bytes come from: standard input, or bytes in a test.
package protocol ByteSource: AnyObject {
    /// Up to `maximum` bytes; empty at the end of the input.
    func read(maximum: Int) -> [UInt8]
    /// Whether bytes (or the end of the input) arrive within `seconds`, without reading them.
    func waitForInput(seconds: Double) -> Bool
}

/// Where a server's outgoing bytes go: standard output, or a buffer in a test.
package protocol ByteSink: AnyObject {
    /// Writes all of `bytes`; false when the other side is gone.
    func write(_ bytes: [UInt8]) -> Bool
}
