/// Damages a vault file the ways a careless editor, a bad sync or a hostile person would: bit
/// flips, truncation, invalid UTF-8, NUL bytes, 1 MB lines, deep nesting, 10,000-key
/// front-matter, huge numbers and far dates, CR-only and mixed line endings, broken structure.
/// Deterministic: the same seed gives the same bytes on every machine, so a failure is replayed
/// from its seed.
struct Mutator {
    enum Kind: String, CaseIterable {
        case bitFlip, truncate, invalidUTF8, nul, longLine, deepNesting, manyKeys, hugeNumbers, farDates
        case crOnly, mixedEndings, splice, structure, tokens
    }

    static let small = Kind.allCases.filter { ![.longLine, .manyKeys, .deepNesting].contains($0) }

    var random: SeededRandom
    /// 1 for the full sizes (a 1 MB line, 10,000 keys, nesting 10,000 deep); the quick test divides them.
    var scale = 1

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    mutating func int(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(random.next() % UInt64(bound)) }
    mutating func pick<T>(_ items: [T]) -> T { items[int(items.count)] }

    /// One to three damages of `bytes`; returns the result and the kinds applied.
    mutating func mutate(_ bytes: [UInt8], light: Bool = false) -> (bytes: [UInt8], kinds: [Kind]) {
        var result = bytes
        var kinds: [Kind] = []
        // Quick runs use a sixteenth of the large sizes.
        scale = light ? 16 : 1
        for _ in 0..<(1 + int(3)) {
            var kind = pick(Kind.allCases)
            // The large cases (a 1 MB line, 10,000 keys, deep nesting) come a fifth as often as the others.
            if [.longLine, .manyKeys, .deepNesting].contains(kind), int(5) != 0 { kind = pick(Mutator.small) }
            result = apply(kind, to: result)
            kinds.append(kind)
        }
        return (result, kinds)
    }

    mutating func apply(_ kind: Kind, to input: [UInt8]) -> [UInt8] {
        var bytes = input
        let position = int(bytes.count + 1)
        switch kind {
        case .bitFlip:
            guard !bytes.isEmpty else { return [0xFF] }
            for _ in 0..<(1 + int(8)) { bytes[int(bytes.count)] ^= UInt8(1 << int(8)) }
        case .truncate:
            bytes = Array(bytes.prefix(position))
        case .invalidUTF8:
            let bad: [[UInt8]] = [[0xE9], [0xC3], [0xFF, 0xFE], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xC0, 0xAF]]
            bytes.insert(contentsOf: pick(bad), at: position)
        case .nul:
            bytes.insert(contentsOf: [UInt8](repeating: 0, count: 1 + int(3)), at: position)
        case .longLine:
            var line = [UInt8](repeating: UInt8(ascii: "a"), count: (1 << 20) / scale)
            for _ in 0..<64 { line[int(line.count)] = pick(Array("[]#| \t`*".utf8)) }
            bytes.insert(contentsOf: line + [10], at: position)
        case .deepNesting:
            let depth = (2_000 + int(8_000)) / scale
            let opener = pick(["[", "{a: ", "> ", "- ", "[[", "  - k:\n", "<!--", "```\n"])
            let text = "x: " + String(repeating: opener, count: depth) + "\n"
            bytes.insert(contentsOf: Array(text.utf8), at: frontMatterPosition(bytes) ?? position)
        case .manyKeys:
            var text = ""
            for index in 0..<(10_000 / scale) { text += "key\(index): \(index)\n" }
            if let at = frontMatterPosition(bytes) {
                bytes.insert(contentsOf: Array(text.utf8), at: at)
            } else {
                bytes = Array(("---\n" + text + "---\n").utf8) + bytes
            }
        case .hugeNumbers:
            let huge = pick(["9223372036854775807", "-9223372036854775808", "99999999999999999999999", "1e308", "-1e308",
                             ".inf", "-.inf", ".nan", "0x7FFFFFFFFFFFFFFF", "1e-320", "0"])
            bytes = replaceNumbers(bytes, with: huge)
            let keys = ["every: every \(huge) days", "every: 1 in \(huge) days", "every: \(huge)/week", "target: \(huge)",
                        "weight: \(huge)", "mood: \(huge)", "current: \(huge)", "due-in: \(huge)"]
            if let at = frontMatterPosition(bytes) { bytes.insert(contentsOf: Array((pick(keys) + "\n").utf8), at: at) }
        case .farDates:
            let day = pick(["0001-01-01", "9999-12-31", "0000-00-00", "2026-02-30", "1969-12-31", "2400-02-29", "99999-01-01"])
            bytes = replaceDates(bytes, with: day)
        case .crOnly:
            bytes = bytes.compactMap { $0 == 10 ? 13 : $0 }
        case .mixedEndings:
            var out: [UInt8] = []
            for byte in bytes {
                if byte == 10 {
                    switch int(3) {
                    case 0: out.append(10)
                    case 1: out += [13, 10]
                    default: out.append(13)
                    }
                } else {
                    out.append(byte)
                }
            }
            bytes = out
        case .splice:
            guard bytes.count > 2 else { return bytes + bytes }
            let from = int(bytes.count), to = min(bytes.count, from + int(200))
            bytes.insert(contentsOf: bytes[from..<to], at: int(bytes.count))
        case .structure:
            let pieces = ["---\n", "...\n", "\n---\n", "---", "\u{FEFF}", "---\n---\n", "## Habits\n", "\t- [x] [[\n"]
            if int(2) == 0, let close = closingMarker(bytes) {
                bytes.removeSubrange(close)
            } else {
                bytes.insert(contentsOf: Array(pick(pieces).utf8), at: position)
            }
        case .tokens:
            let tokens = ["[[", "]]", "[[#", "[[|]]", "![[", "](", "<!--", "-->", "%%", "```", "~~~", "#", "#/", "- [x] [[", "- [-] [[x]] ",
                          "\\", "\"", "'", "&a ", "*a ", "!t ", "|", ": ", "? ", "{", "}", "[", "]", "\t", "- [ ] [[read]] 1e400 pages"]
            for _ in 0..<(1 + int(6)) { bytes.insert(contentsOf: Array(pick(tokens).utf8), at: int(bytes.count + 1)) }
        }
        return bytes
    }

    /// Just after the opening `---` line, when the file has one.
    private func frontMatterPosition(_ bytes: [UInt8]) -> Int? {
        guard bytes.starts(with: Array("---\n".utf8)) else { return nil }
        return 4
    }

    /// The closing `---` line of the front-matter.
    private func closingMarker(_ bytes: [UInt8]) -> Range<Int>? {
        guard bytes.starts(with: Array("---\n".utf8)) else { return nil }
        let marker = Array("\n---\n".utf8)
        var index = 3
        while index + marker.count <= bytes.count {
            if bytes[index..<(index + marker.count)].elementsEqual(marker) { return (index + 1)..<(index + marker.count) }
            index += 1
        }
        return nil
    }

    /// Every run of digits replaced (some of them) by `number`.
    private mutating func replaceNumbers(_ bytes: [UInt8], with number: String) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] >= 0x30 && bytes[index] <= 0x39 {
                var end = index
                while end < bytes.count && bytes[end] >= 0x30 && bytes[end] <= 0x39 { end += 1 }
                if int(3) == 0 { out += Array(number.utf8) } else { out += bytes[index..<end] }
                index = end
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }

    /// Dates `YYYY-MM-DD` replaced (some of them) by `day`.
    private mutating func replaceDates(_ bytes: [UInt8], with day: String) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        func digit(_ at: Int) -> Bool { at < bytes.count && bytes[at] >= 0x30 && bytes[at] <= 0x39 }
        while index < bytes.count {
            if index + 10 <= bytes.count, (0..<4).allSatisfy({ digit(index + $0) }), bytes[index + 4] == UInt8(ascii: "-"),
               digit(index + 5), digit(index + 6), bytes[index + 7] == UInt8(ascii: "-"), digit(index + 8), digit(index + 9),
               int(2) == 0 {
                out += Array(day.utf8)
                index += 10
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }
}
