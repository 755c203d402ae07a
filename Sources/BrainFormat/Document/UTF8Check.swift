/// Finds bytes that are not UTF-8, so that `validate` can name the place and edits can leave
/// them alone (a file is never silently rewritten to U+FFFD).
package enum UTF8Check {
    /// At most this many lines of a file are reported; one more diagnostic says how many were left out.
    package static let reportedLines = 20

    /// One diagnostic per line holding invalid UTF-8, at its first bad byte (1-based line, byte column).
    package static func diagnostics(_ bytes: [UInt8]) -> [Diagnostic] {
        bytes.withUnsafeBufferPointer { diagnostics($0) }
    }

    package static func diagnostics(_ buffer: UnsafeBufferPointer<UInt8>) -> [Diagnostic] {
        var result: [Diagnostic] = []
        var position = 0
        var line = 1
        var lineStart = 0
        var counted = 0  // newlines counted up to here
        var lastReportedLine = 0
        var more = 0
        while let bad = firstInvalid(buffer, from: position) {
            while counted < bad {
                if buffer[counted] == 10 { line += 1; lineStart = counted + 1 }
                counted += 1
            }
            if line != lastReportedLine {
                lastReportedLine = line
                if result.count < reportedLines {
                    let byte = String(buffer[bad], radix: 16, uppercase: true)
                    result.append(Diagnostic(line: line, column: bad - lineStart + 1,
                                             message: "invalid UTF-8 (byte \(byte.count == 1 ? "0" : "")\(byte)); brain shows it as U+FFFD and keeps the byte when it edits other lines"))
                } else {
                    more += 1
                }
            }
            position = bad + 1
        }
        if more > 0 {
            result.append(Diagnostic(line: lastReportedLine, column: 1,
                                     message: "invalid UTF-8 on \(more) more line\(more == 1 ? "" : "s")"))
        }
        return result
    }

    /// Whether every byte is part of a valid UTF-8 sequence.
    package static func isValid(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        firstInvalid(buffer, from: 0) == nil
    }

    /// The offset of the first byte at or after `start` that does not begin a valid sequence.
    package static func firstInvalid(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let count = buffer.count
        var p = start
        while p < count {
            // Thirty-two, then eight ASCII bytes at a time: most of a vault is ASCII.
            if p + 32 <= count {
                let raw = UnsafeRawBufferPointer(buffer)
                let words = raw.loadUnaligned(fromByteOffset: p, as: UInt64.self) | raw.loadUnaligned(fromByteOffset: p + 8, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: p + 16, as: UInt64.self) | raw.loadUnaligned(fromByteOffset: p + 24, as: UInt64.self)
                if words & 0x8080_8080_8080_8080 == 0 { p += 32; continue }
            }
            if p + 8 <= count {
                let word = UnsafeRawBufferPointer(buffer).loadUnaligned(fromByteOffset: p, as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 { p += 8; continue }
            }
            let lead = buffer[p]
            if lead < 0x80 { p += 1; continue }
            func continuation(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
                p + offset < count && buffer[p + offset] >= low && buffer[p + offset] <= high
            }
            switch lead {
            case 0xC2...0xDF:
                guard continuation(1) else { return p }
                p += 2
            case 0xE0:
                guard continuation(1, 0xA0), continuation(2) else { return p }
                p += 3
            case 0xE1...0xEC, 0xEE, 0xEF:
                guard continuation(1), continuation(2) else { return p }
                p += 3
            case 0xED:
                guard continuation(1, 0x80, 0x9F), continuation(2) else { return p }
                p += 3
            case 0xF0:
                guard continuation(1, 0x90), continuation(2), continuation(3) else { return p }
                p += 4
            case 0xF1...0xF3:
                guard continuation(1), continuation(2), continuation(3) else { return p }
                p += 4
            case 0xF4:
                guard continuation(1, 0x80, 0x8F), continuation(2), continuation(3) else { return p }
                p += 4
            default:
                return p
            }
        }
        return nil
    }
}
