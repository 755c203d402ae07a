import BrainFormat
import BrainAnalytics
import BrainStore

/// The lines where a JSON document's top-level members and the elements of its top-level arrays
/// begin, for messages that point into a file `JSONSerialization` has already accepted (it gives
/// values, not places). Reads the bytes once; a document it cannot follow gives no places.
package struct JSONMemberLines {
    /// Top-level key → line of its value's first byte.
    package private(set) var members: [String: Int] = [:]
    /// Top-level key whose value is an array → line of each element's first byte.
    package private(set) var elements: [String: [Int]] = [:]

    package init(_ bytes: [UInt8]) {
        var scanner = Scanner(bytes: bytes)
        scanner.skipSpace()
        guard scanner.take(UInt8(ascii: "{")) else { return }
        while true {
            scanner.skipSpace()
            guard let key = scanner.string() else { return }
            scanner.skipSpace()
            guard scanner.take(UInt8(ascii: ":")) else { return }
            scanner.skipSpace()
            members[key] = scanner.line
            if scanner.take(UInt8(ascii: "[")) {
                var lines: [Int] = []
                scanner.skipSpace()
                if !scanner.take(UInt8(ascii: "]")) {
                    while true {
                        scanner.skipSpace()
                        lines.append(scanner.line)
                        guard scanner.skipValue() else { return }
                        scanner.skipSpace()
                        if scanner.take(UInt8(ascii: ",")) { continue }
                        guard scanner.take(UInt8(ascii: "]")) else { return }
                        break
                    }
                }
                elements[key] = lines
            } else if !scanner.skipValue() {
                return
            }
            scanner.skipSpace()
            guard scanner.take(UInt8(ascii: ",")) else { return }
        }
    }

    private struct Scanner {
        package let bytes: [UInt8]
        package var at = 0
        package var line = 1

        package mutating func skipSpace() {
            while at < bytes.count, [9, 10, 13, 32].contains(bytes[at]) {
                if bytes[at] == 10 { line += 1 }
                at += 1
            }
        }

        package mutating func take(_ byte: UInt8) -> Bool {
            guard at < bytes.count, bytes[at] == byte else { return false }
            at += 1
            return true
        }

        /// A string's text; escapes other than `\"` and `\\` are kept as written (a key spelled
        /// with `\u` escapes only loses its place in messages).
        package mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            var text: [UInt8] = []
            while at < bytes.count {
                let byte = bytes[at]
                at += 1
                if byte == UInt8(ascii: "\"") { return String(decoding: text, as: UTF8.self) }
                if byte == UInt8(ascii: "\\"), at < bytes.count {
                    let escaped = bytes[at]
                    at += 1
                    if escaped != UInt8(ascii: "\"") && escaped != UInt8(ascii: "\\") { text.append(byte) }
                    text.append(escaped)
                    continue
                }
                if byte == 10 { line += 1 }
                text.append(byte)
            }
            return nil
        }

        /// Moves past one value of any kind, counting lines; false when the bytes end first.
        package mutating func skipValue() -> Bool {
            var depth = 0
            repeat {
                skipSpace()
                guard at < bytes.count else { return false }
                switch bytes[at] {
                case UInt8(ascii: "\""):
                    guard string() != nil else { return false }
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    at += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    guard depth > 0 else { return false }
                    depth -= 1
                    at += 1
                default:
                    // A number, true, false, null, or a separator inside a container.
                    at += 1
                    while at < bytes.count, !"\",:{}[] \t\r\n".utf8.contains(bytes[at]) { at += 1 }
                    if depth == 0 { return true }
                }
            } while depth > 0
            return true
        }
    }
}
