extension String {
    /// The string without leading and trailing spaces and tabs.
    package var trimmingBlanks: String {
        // On bytes: most strings have nothing to trim, and a space or a tab is one byte in UTF-8
        // that never appears inside another character's bytes.
        guard let first = utf8.first, let last = utf8.last else { return self }
        if first != 0x20 && first != 0x09 && last != 0x20 && last != 0x09 { return self }
        var copy = self
        return copy.withUTF8 { bytes in
            let kept = String.blankTrimmed(bytes)
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[kept]), as: UTF8.self)
        }
    }

    /// The range of `bytes` without leading and trailing spaces and tabs.
    package static func blankTrimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var start = 0
        var end = bytes.count
        while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
        while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
        return start..<end
    }
}
