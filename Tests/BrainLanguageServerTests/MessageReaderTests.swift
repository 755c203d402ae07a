import Testing
@testable import BrainLanguageServer
import BrainJSONRPC

/// Bytes handed out `chunk` at a time, as a pipe may deliver them.
final class BytesSource: ByteSource {
    private var bytes: [UInt8]
    private let chunk: Int

    init(_ text: String, chunk: Int = 1 << 20) {
        bytes = Array(text.utf8)
        self.chunk = chunk
    }

    func read(maximum: Int) -> [UInt8] {
        let count = min(maximum, chunk, bytes.count)
        defer { bytes.removeFirst(count) }
        return Array(bytes.prefix(count))
    }

    func waitForInput(seconds: Double) -> Bool { true }
}

@Suite struct MessageReaderTests {
    static func frames(_ text: String, chunk: Int = 1 << 20) -> [MessageReader.Frame] {
        let reader = MessageReader(source: BytesSource(text, chunk: chunk))
        var result: [MessageReader.Frame] = []
        while true {
            let frame = reader.next()
            result.append(frame)
            if case .message = frame { continue }
            return result
        }
    }

    static func message(_ text: String) -> MessageReader.Frame { .message(Array(text.utf8)) }

    @Test(arguments: [1, 3, 1 << 20])
    func messagesInAnyChunksThenTheEnd(chunk: Int) {
        let input = "Content-Length: 2\r\n\r\n{}Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length:  7 \r\n\r\n[1,2,3]\r\n"
        #expect(Self.frames(input, chunk: chunk) == [Self.message("{}"), Self.message("[1,2,3]"), .end])
    }

    @Test func contentIsCountedInBytes() {
        #expect(Self.frames("Content-Length: 8\r\n\r\n\"café!\"") == [Self.message("\"café!\""), .end])
    }

    @Test func aMessageCutShortIsTruncated() {
        #expect(Self.frames("Content-Length: 100\r\n\r\n{\"jsonrpc\"") == [.truncated])
        #expect(Self.frames("Content-Length: 100\r\n") == [.truncated])
    }

    @Test(arguments: [
        ("Content-Type: x\r\n\r\n{}", "a header without Content-Length"),
        ("Content-Length: ten\r\n\r\n{}", "Content-Length is not a number: \"ten\""),
        ("Content-Length: -3\r\n\r\n{}", "Content-Length is not a number: \"-3\""),
        ("Content-Length: 99999999999\r\n\r\n", "Content-Length 99999999999 is over the limit of 67108864 bytes"),
        ("garbage\r\n\r\n{}", "a header line without a colon: \"garbage\"")
    ])
    func unreadableHeadersEndTheStream(input: String, reason: String) {
        #expect(Self.frames(input) == [.malformed(reason)])
    }

    @Test func anEndlessHeaderIsRefused() {
        let frames = Self.frames("X-Junk: " + String(repeating: "a", count: 20_000), chunk: 4096)
        #expect(frames == [.malformed("a header longer than 8192 bytes")])
    }
}
