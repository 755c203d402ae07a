import BrainFormat
import BrainAnalytics
import BrainStore

/// Reads CSV as RFC 4180 defines it: fields separated by commas, records by line breaks (CRLF,
/// LF or CR), a field in double quotes may hold commas, line breaks and doubled quotes (`""`).
/// Each record keeps the 1-based line it starts on, so problems can be reported as `file:line`.
package struct CSVReader: Sendable {
    /// One record and the file line it starts on.
    package struct Record: Hashable, Sendable {
        package var fields: [String]
        package var line: Int
    }

    /// A record that could not be read, with its place.
    package struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        package var line: Int
        package var column: Int
        package var message: String
        package var description: String { "\(line):\(column): \(message)" }
    }

    /// Parses `text`; a byte-order mark is skipped, a final line break ends no empty record, and
    /// an empty line is an empty record (`[""]`) that callers usually skip.
    package static func records(_ text: String) throws(Failure) -> [Record] {
        var result: [Record] = []
        var utf8 = Array(text.utf8)
        if utf8.starts(with: [0xEF, 0xBB, 0xBF]) { utf8.removeFirst(3) }
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var recordLine = 1
        var column = 1
        var index = 0
        var atFieldStart = true
        var quoted = false
        var afterQuote = false
        var quoteLine = 1
        var quoteColumn = 1
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            atFieldStart = true
            quoted = false
            afterQuote = false
        }
        while index < utf8.count {
            let byte = utf8[index]
            if quoted && !afterQuote {
                if byte == 0x22 {
                    if index + 1 < utf8.count, utf8[index + 1] == 0x22 {
                        field.append(0x22)
                        index += 2
                        column += 2
                        continue
                    }
                    afterQuote = true
                } else {
                    field.append(byte)
                    if byte == 0x0A || (byte == 0x0D && !(index + 1 < utf8.count && utf8[index + 1] == 0x0A)) {
                        line += 1
                        column = 0
                    }
                }
                index += 1
                column += 1
                continue
            }
            switch byte {
            case 0x2C:
                endField()
            case 0x0D, 0x0A:
                endField()
                result.append(Record(fields: fields, line: recordLine))
                fields.removeAll()
                if byte == 0x0D, index + 1 < utf8.count, utf8[index + 1] == 0x0A { index += 1 }
                line += 1
                column = 0
                recordLine = line
            case 0x22 where atFieldStart:
                quoted = true
                quoteLine = line
                quoteColumn = column
                atFieldStart = false
            default:
                if afterQuote {
                    throw Failure(line: line, column: column,
                                  message: "unexpected character after a closing quote; a field with quotes must be quoted whole, with each quote doubled")
                }
                field.append(byte)
                atFieldStart = false
            }
            index += 1
            column += 1
        }
        if quoted && !afterQuote {
            throw Failure(line: quoteLine, column: quoteColumn, message: "the quoted field opened here is never closed")
        }
        if !fields.isEmpty || !field.isEmpty || !atFieldStart || quoted {
            endField()
            result.append(Record(fields: fields, line: recordLine))
        }
        return result
    }
}
