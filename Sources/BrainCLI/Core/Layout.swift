/// Fitting text output to an 80-column terminal: padding, clipping and wrapping by characters.
enum Layout {
    static let width = 80

    /// `text` padded with spaces to `width` characters (longer text is left as it is).
    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    /// `text` cut to `width` characters, the last one an ellipsis when it was longer.
    static func clipped(_ text: String, _ width: Int) -> String {
        text.count <= width ? text : String(text.prefix(width - 1)) + "…"
    }

    /// Cuts a line to 80 columns; `visible` is its width without colour codes, when it has some.
    static func clip(_ text: String, visible: Int? = nil) -> String {
        if visible != nil { return text }
        return clipped(text, width)
    }

    /// Words wrapped to 80 columns, each line after the first indented.
    static func wrap(_ text: String, indent: String) -> [String] {
        var lines: [String] = []
        var current = indent
        for word in text.split(separator: " ") {
            if current.count + word.count + 1 > width, current.count > indent.count {
                lines.append(current)
                current = indent
            }
            current += (current.count > indent.count ? " " : "") + word
        }
        if current.count > indent.count || lines.isEmpty { lines.append(current) }
        return lines
    }
}
