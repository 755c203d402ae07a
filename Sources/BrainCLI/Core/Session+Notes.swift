import BrainKit

extension Session {
    /// `path  title  #tags` lines, aligned.
    func printNotes(_ list: NoteList) {
        let width = min(48, list.notes.map(\.path.count).max() ?? 0)
        for note in list.notes {
            var line = style(note.path.padding(toLength: max(width, note.path.count), withPad: " ", startingAt: 0), .accent)
            line += "  " + note.title
            if note.pinned { line += " " + style("📌", .warn) }
            if !note.tags.isEmpty { line += "  " + style(note.tags.map { "#" + $0 }.joined(separator: " "), .muted) }
            self.line(line)
        }
    }
}
