/// Block ids (`^id` at the end of a line), which links reach as `[[note#^id]]`.
enum BlockIDs {
    static func of(_ document: TextDocument) -> [(id: String, line: Int, text: String)] {
        var result: [(String, Int, String)] = []
        let bytes = document.bytes
        document.forEachLine { line, range in
            // Only a line with a `^` is decoded: a large note's other lines cost a scan, no string.
            guard bytes[range].contains(UInt8(ascii: "^")) else { return }
            let text = String(decoding: bytes[range], as: UTF8.self)
            guard let caret = text.lastIndex(of: "^") else { return }
            let id = String(text[text.index(after: caret)...]).trimming(" \t")
            guard !id.isEmpty, id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else { return }
            guard caret == text.startIndex || text[text.index(before: caret)] == " " || text[text.index(before: caret)] == "\t" else { return }
            result.append((id, line, String(text[..<caret]).trimming(" \t")))
        }
        return result
    }
}
