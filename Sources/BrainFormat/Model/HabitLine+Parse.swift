/// Reading habit lines: the one reader that check-ins, the daily editor and the index all call,
/// so a line means the same everywhere (docs/FORMAT.md, "Habit lines").
extension HabitLine {
    /// Parses one line (without or with its line terminator); nil when it is not a habit line.
    package static func parse(_ line: Substring, lineNumber: Int) -> HabitLine? {
        var line = line
        return line.withUTF8 { parse($0, lineNumber: lineNumber) }
    }

    /// Parses one line's UTF-8 bytes (without or with its terminator); nil when it is not a habit line.
    ///
    /// `indent bullet ws "[" state "]" ws link [ws value [ws unit]] [ws note]`, where the bullet is
    /// `-`, `*` or `+` (a numbered item is not a habit line), blanks are spaces or tabs, and the link
    /// is read like the scanner reads wikilinks (``WikilinkParts``) and must name a target.
    /// Bytes because the index reads every habit line of a long-kept vault.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>, lineNumber: Int) -> HabitLine? {
        var end = bytes.count
        if end > 0 && bytes[end - 1] == Byte.lf { end -= 1 }
        if end > 0 && bytes[end - 1] == Byte.cr { end -= 1 }
        var i = 0
        func skipBlanks() { while i < end && isSpaceOrTab(bytes[i]) { i += 1 } }

        skipBlanks()
        guard i < end, bytes[i] == Byte.dash || bytes[i] == Byte.star || bytes[i] == Byte.plus else { return nil }
        i += 1
        guard i < end, isSpaceOrTab(bytes[i]) else { return nil }
        skipBlanks()
        guard i + 2 < end, bytes[i] == Byte.openBracket, bytes[i + 2] == Byte.closeBracket else { return nil }
        let state: TaskItem.State
        switch bytes[i + 1] {
        case Byte.space: state = .open
        case UInt8(ascii: "x"), UInt8(ascii: "X"): state = .done
        case Byte.dash: state = .skipped
        default: return nil
        }
        i += 3
        guard i < end, isSpaceOrTab(bytes[i]) else { return nil }
        skipBlanks()

        // `[[`, then the content up to the first `]`, which must be the first of `]]`.
        guard i + 1 < end, bytes[i] == Byte.openBracket, bytes[i + 1] == Byte.openBracket else { return nil }
        let contentStart = i + 2
        var close = contentStart
        while close < end && bytes[close] != Byte.closeBracket { close += 1 }
        guard close > contentStart, close + 1 < end, bytes[close + 1] == Byte.closeBracket,
              let parts = WikilinkParts(bytes, from: contentStart, to: close), !parts.target.isEmpty else { return nil }
        var result = HabitLine(habit: string(bytes, parts.target), label: parts.label.map { string(bytes, $0) },
                               state: state, line: lineNumber)
        i = close + 2

        // The value is a number standing alone right after the link (not "3rd", not "24-pages").
        if i < end && isSpaceOrTab(bytes[i]) {
            skipBlanks()
            let valueStart = i
            while i < end && !isSpaceOrTab(bytes[i]) { i += 1 }
            if let value = number(bytes, valueStart..<i) {
                result.value = value
                skipBlanks()
                let unitStart = i
                while i < end && !isSpaceOrTab(bytes[i]) { i += 1 }
                if let unit = unit(bytes, unitStart..<i) {
                    result.unit = unit
                } else {
                    i = unitStart
                }
            } else {
                i = valueStart
            }
        }

        // The note: the rest, without one leading separator (`—`, `–`, `-`, `:`) and outer blanks.
        skipBlanks()
        if i < end && (bytes[i] == Byte.dash || bytes[i] == Byte.colon) {
            i += 1
            skipBlanks()
        } else if i + 2 < end && bytes[i] == 0xE2 && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0x94 || bytes[i + 2] == 0x93) {
            i += 3
            skipBlanks()
        }
        while end > i && isSpaceOrTab(bytes[end - 1]) { end -= 1 }
        if i < end { result.note = string(bytes, i..<end) }
        return result
    }

    /// Digits with an optional `.` or `,` decimal part (`24`, `2.5`, `2,5`), at most 10^12 like
    /// every number in a file; nil for anything else.
    package static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        guard let value = anyNumber(bytes, range), value <= FieldReader.maximumNumber else { return nil }
        return value
    }

    private static func anyNumber(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        guard !range.isEmpty, isDigit(bytes[range.lowerBound]) else { return nil }
        var separator: Int?
        var whole = 0
        for index in range {
            let byte = bytes[index]
            if isDigit(byte) {
                if separator == nil && whole < 1 << 50 { whole = whole * 10 + Int(byte &- 0x30) }
            } else if (byte == Byte.dot || byte == 0x2C) && separator == nil {
                separator = index
            } else {
                return nil
            }
        }
        guard let separator else {
            // Whole numbers below 2^50 are exact as integers; longer ones go through the text.
            if whole < 1 << 50 { return Double(whole) }
            return Double(string(bytes, range))
        }
        guard separator + 1 < range.upperBound else { return nil }
        var text = Array(bytes[range])
        text[separator - range.lowerBound] = Byte.dot
        return Double(String(decoding: text, as: UTF8.self))
    }

    /// The word after the value, when it starts with a letter (of any script) or `%`.
    private static func unit(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
        guard !range.isEmpty else { return nil }
        let first = bytes[range.lowerBound]
        if first < 0x80 {
            guard isASCIILetter(first) || first == Byte.percent else { return nil }
            return string(bytes, range)
        }
        let word = string(bytes, range)
        return word.first?.isLetter == true ? word : nil
    }

    @inline(__always)
    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
