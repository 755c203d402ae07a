#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BrainFormat
import BrainAnalytics

/// Case-insensitive search for one phrase in file bytes, reporting each matching line once.
///
/// An ASCII phrase is found with a byte search: its two rarest bytes tested, ASCII case folded,
/// at 16 places at once (memchr on both cases of the byte for a one-byte phrase), then a
/// comparison of the whole phrase; only matching lines are decoded. A phrase with
/// other characters is compared character by character, lower-cased, on the lines holding a
/// non-ASCII byte (only those can contain it), so `CAFÉ` finds `café` and `Ä` finds `ä`.
/// Characters whose lower-case form is ASCII (the Kelvin sign) and full case folding
/// (`straße`/`STRASSE`) are not matched.
package struct TextSearch: Sendable {
    /// The phrase as given.
    package let needle: String
    /// ASCII-lower-cased bytes of the phrase (ASCII phrases).
    private let folded: [UInt8]
    private let isASCII: Bool
    /// The phrase lower-cased, one Character per element (non-ASCII phrases).
    private let lowered: [Character]
    /// Position in `folded` whose byte the byte search looks for.
    private let anchor: Int
    /// Position of the second-rarest byte (nil for a one-byte phrase): a phrase of two bytes or
    /// more is found by testing both bytes at 16 places at once, which passes over most places
    /// where the rarest byte alone would stop.
    private let pairAnchor: Int?

    package init(_ needle: String) {
        self.needle = needle
        let bytes = Array(needle.utf8)
        isASCII = bytes.allSatisfy { $0 < 0x80 }
        folded = bytes.map(TextSearch.fold)
        lowered = isASCII ? [] : Array(needle.lowercased())
        var best = 0
        var bestScore = Int.max
        for (position, byte) in folded.enumerated() {
            let score = TextSearch.commonness(byte)
            if score < bestScore {
                best = position
                bestScore = score
            }
        }
        anchor = best
        var second: Int?
        var secondScore = Int.max
        for (position, byte) in folded.enumerated() where position != best {
            let score = TextSearch.commonness(byte)
            if score < secondScore {
                second = position
                secondScore = score
            }
        }
        pairAnchor = second
    }

    /// The matching lines of `bytes`, in order. An empty phrase or one with a line break matches nothing.
    package static func search(_ needle: String, in bytes: UnsafeBufferPointer<UInt8>) -> [TextMatch] {
        TextSearch(needle).matches(in: bytes)
    }

    /// The matching lines of `bytes`, in order.
    package func matches(in bytes: UnsafeBufferPointer<UInt8>) -> [TextMatch] {
        guard !folded.isEmpty, !folded.contains(10), !folded.contains(13), let base = bytes.baseAddress else { return [] }
        return isASCII ? asciiMatches(base, bytes.count) : unicodeMatches(base, bytes.count)
    }

    /// The matching lines of `bytes`, in order.
    package func matches(in bytes: [UInt8]) -> [TextMatch] {
        bytes.withUnsafeBufferPointer { matches(in: $0) }
    }

    /// Every occurrence of the phrase in one line, as UTF-8 byte ranges (for highlighting).
    package func occurrences(in line: String) -> [Range<Int>] {
        guard !folded.isEmpty else { return [] }
        if isASCII {
            let bytes = Array(line.utf8)
            var result: [Range<Int>] = []
            var start = 0
            while start + folded.count <= bytes.count {
                if equalsFolded(bytes, at: start) {
                    result.append(start..<(start + folded.count))
                    start += folded.count
                } else {
                    start += 1
                }
            }
            return result
        }
        let characters = Array(line)
        let lowerCharacters = characters.map { TextSearch.lower($0) }
        var offsets = [0]
        offsets.reserveCapacity(characters.count + 1)
        for character in characters { offsets.append(offsets.last! + character.utf8.count) }
        var result: [Range<Int>] = []
        var start = 0
        while start + lowered.count <= characters.count {
            var same = true
            for position in 0..<lowered.count where lowerCharacters[start + position] != lowered[position] {
                same = false
                break
            }
            if same {
                result.append(offsets[start]..<offsets[start + lowered.count])
                start += lowered.count
            } else {
                start += 1
            }
        }
        return result
    }

    // MARK: - ASCII phrases

    private func asciiMatches(_ base: UnsafePointer<UInt8>, _ count: Int) -> [TextMatch] {
        var result: [TextMatch] = []
        let length = folded.count
        let first = TextSearch.bomLength(base, count)
        var finder = Finder(self)
        var position = first
        var counted = first
        var lineNumber = 1
        while true {
            let start = finder.next(base, from: position, count)
            if start >= count { break }
            var lineStart = start
            while lineStart > first && base[lineStart - 1] != 10 { lineStart -= 1 }
            let lineEnd = TextSearch.find(10, base, start + length, count)
            lineNumber += TextSearch.countNewlines(base, counted, lineStart)
            counted = lineStart
            result.append(TextMatch(line: lineNumber, column: start - lineStart + 1, length: length,
                                    text: TextSearch.lineText(base, lineStart, lineEnd)))
            position = lineEnd + 1
        }
        return result
    }

    /// Finds where the phrase starts in the bytes, from a position on.
    private struct Finder {
        package let search: TextSearch
        package let lower: UInt8
        package let upper: UInt8
        package var nextLower = -1
        package var nextUpper: Int

        package init(_ search: TextSearch) {
            self.search = search
            lower = search.folded[search.anchor]
            let isLetter = lower >= 0x61 && lower <= 0x7A
            upper = isLetter ? lower - 32 : lower
            nextUpper = isLetter ? -1 : Int.max
        }

        /// The first start at or after `position` where the phrase is; `count` when none.
        package mutating func next(_ base: UnsafePointer<UInt8>, from position: Int, _ count: Int) -> Int {
            if let pair = search.pairAnchor { return search.pairSearch(base, from: position, count, second: pair) }
            let anchor = search.anchor
            var position = position
            while true {
                let from = position + anchor
                if from >= count { return count }
                if nextLower < from { nextLower = TextSearch.find(lower, base, from, count) }
                if nextUpper < from { nextUpper = TextSearch.find(upper, base, from, count) }
                let candidate = min(nextLower, nextUpper)
                if candidate >= count { return count }
                let start = candidate - anchor
                if start + search.folded.count <= count, search.equalsFolded(base, at: start) { return start }
                position = start + 1
            }
        }
    }

    /// The first start at or after `position` where the phrase is (`count` when none): the
    /// bytes at the rarest and second-rarest positions of the phrase are compared, ASCII case
    /// folded, at 16 starts at once, and only starts where both match are compared whole.
    private func pairSearch(_ base: UnsafePointer<UInt8>, from position: Int, _ count: Int, second: Int) -> Int {
        let last = count - folded.count
        var start = position
        guard start <= last else { return count }
        func caseBit(_ byte: UInt8) -> UInt8 { byte >= 0x61 && byte <= 0x7A ? 0x20 : 0 }
        let byte1 = folded[anchor], byte2 = folded[second]
        let want1 = SIMD16<UInt8>(repeating: byte1), want2 = SIMD16<UInt8>(repeating: byte2)
        let fold1 = SIMD16<UInt8>(repeating: caseBit(byte1)), fold2 = SIMD16<UInt8>(repeating: caseBit(byte2))
        // Setting bit 5 lower-cases an ASCII capital and turns no other byte into a small letter.
        while start + 15 <= last {
            let bytes1 = UnsafeRawPointer(base + start + anchor).loadUnaligned(as: SIMD16<UInt8>.self)
            let bytes2 = UnsafeRawPointer(base + start + second).loadUnaligned(as: SIMD16<UInt8>.self)
            let both = ((bytes1 | fold1) .== want1) .& ((bytes2 | fold2) .== want2)
            // Each lane is 0xFF or 0: read as two words, a start is a byte set in them (`any`
            // and lane access would go through generic reductions).
            let words = unsafeBitCast(both, to: SIMD2<UInt64>.self)
            if words[0] | words[1] != 0 {
                for half in 0..<2 {
                    var word = words[half]
                    while word != 0 {
                        let lane = word.trailingZeroBitCount >> 3
                        if equalsFolded(base, at: start + half * 8 + lane) { return start + half * 8 + lane }
                        word &= ~(UInt64(0xFF) << (lane * 8))
                    }
                }
            }
            start += 16
        }
        while start <= last {
            if equalsFolded(base, at: start) { return start }
            start += 1
        }
        return count
    }

    private func equalsFolded(_ base: UnsafePointer<UInt8>, at start: Int) -> Bool {
        folded.withUnsafeBufferPointer { needle in
            for offset in 0..<needle.count where TextSearch.fold(base[start + offset]) != needle[offset] { return false }
            return true
        }
    }

    private func equalsFolded(_ bytes: [UInt8], at start: Int) -> Bool {
        for offset in 0..<folded.count where TextSearch.fold(bytes[start + offset]) != folded[offset] { return false }
        return true
    }

    // MARK: - Other phrases

    private func unicodeMatches(_ base: UnsafePointer<UInt8>, _ count: Int) -> [TextMatch] {
        var result: [TextMatch] = []
        let first = TextSearch.bomLength(base, count)
        var position = first
        var counted = first
        var lineNumber = 1
        while position < count {
            // Only a line with a non-ASCII byte can hold a non-ASCII phrase.
            var high = position
            while high < count && base[high] < 0x80 { high += 1 }
            if high >= count { break }
            var lineStart = high
            while lineStart > first && base[lineStart - 1] != 10 { lineStart -= 1 }
            let lineEnd = TextSearch.find(10, base, high, count)
            let text = TextSearch.lineText(base, lineStart, lineEnd)
            if let found = occurrences(in: text).first {
                lineNumber += TextSearch.countNewlines(base, counted, lineStart)
                counted = lineStart
                result.append(TextMatch(line: lineNumber, column: found.lowerBound + 1, length: found.count, text: text))
            }
            position = lineEnd + 1
        }
        return result
    }

    // MARK: - Bytes

    @inline(__always)
    package static func fold(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    package static func lower(_ character: Character) -> Character {
        if character.isASCII { return Character(character.lowercased()) }
        let text = character.lowercased()
        return text.count == 1 ? text.first! : character
    }

    /// Rough frequency of a byte in notes, so the byte search anchors on a rare one.
    package static func commonness(_ byte: UInt8) -> Int {
        let letters = Array("etaoinshrdlcumwfgypbvkjxqz".utf8)
        if let rank = letters.firstIndex(of: byte) { return 2 * (letters.count - rank) + 20 }
        if byte == 32 { return 100 }
        if byte >= 0x30 && byte <= 0x39 { return 15 }
        return 10
    }

    /// The index of the first `byte` in `from..<count`, or `count`.
    @inline(__always)
    package static func find(_ byte: UInt8, _ base: UnsafePointer<UInt8>, _ from: Int, _ count: Int) -> Int {
        guard from < count, let found = memchr(base + from, Int32(byte), count - from) else { return count }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    package static func countNewlines(_ base: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> Int {
        var lines = 0
        var position = from
        while position < to {
            position = find(10, base, position, to)
            if position < to {
                lines += 1
                position += 1
            }
        }
        return lines
    }

    package static func lineText(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> String {
        var contentEnd = end
        if contentEnd > start && base[contentEnd - 1] == 13 { contentEnd -= 1 }
        return String(decoding: UnsafeBufferPointer(start: base + start, count: contentEnd - start), as: UTF8.self)
    }

    package static func bomLength(_ base: UnsafePointer<UInt8>, _ count: Int) -> Int {
        count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF ? 3 : 0
    }
}
