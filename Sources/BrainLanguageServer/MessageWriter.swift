import BrainJSONRPC

/// Frames messages with a `Content-Length` header.
package enum MessageWriter {
    /// `Content-Length: N\r\n\r\n` followed by the message's JSON.
    package static func frame(_ message: JSON) -> [UInt8] {
        let content = message.encoded()
        return Array("Content-Length: \(content.count)\r\n\r\n".utf8) + content
    }
}
