/// What is on the screen, line by line: a new frame is written as the lines that changed only,
/// each moved to with a cursor address and ended with "erase to the end of the line".
struct TuiScreen {
    private var shown: [String] = []

    /// Forgets what is shown (after a resize): the next frame is written whole, on a cleared screen.
    mutating func invalidate() {
        shown = []
    }

    /// The bytes that turn what is shown into `lines`.
    mutating func update(to lines: [String]) -> String {
        var out = shown.isEmpty ? "\u{1B}[2J" : ""
        for (row, line) in lines.enumerated() where row >= shown.count || shown[row] != line {
            out += "\u{1B}[\(row + 1);1H" + line + "\u{1B}[0m\u{1B}[K"
        }
        if lines.count < shown.count {
            for row in lines.count..<shown.count { out += "\u{1B}[\(row + 1);1H\u{1B}[K" }
        }
        shown = lines
        return out
    }
}
