/// Block ids (`^id` at the end of a line), which links reach as `[[note#^id]]`.
enum BlockIDs {
    static func of(_ document: TextDocument) -> [(id: String, line: Int, text: String)] {
        var result: [(String, Int, String)] = []
        for line in 0..<document.lineCount {
            let text = document.line(line)
            guard let caret = text.lastIndex(of: "^") else { continue }
            let id = String(text[text.index(after: caret)...]).trimming(" \t")
            guard !id.isEmpty, id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else { continue }
            guard caret == text.startIndex || text[text.index(before: caret)] == " " || text[text.index(before: caret)] == "\t" else { continue }
            result.append((id, line, String(text[..<caret]).trimming(" \t")))
        }
        return result
    }
}
