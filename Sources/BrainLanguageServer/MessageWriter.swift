/// Where a server's outgoing bytes go: standard output, or a buffer in a test.
package protocol ByteSink: AnyObject {
    /// Writes all of `bytes`; false when the other side is gone.
    func write(_ bytes: [UInt8]) -> Bool
}

/// Frames messages with a `Content-Length` header.
package enum MessageWriter {
    /// `Content-Length: N\r\n\r\n` followed by the message's JSON.
    package static func frame(_ message: JSON) -> [UInt8] {
        let content = message.encoded()
        return Array("Content-Length: \(content.count)\r\n\r\n".utf8) + content
    }
}
