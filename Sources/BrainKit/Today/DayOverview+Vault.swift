extension DayOverview {
    /// The overview of `day` for a vault: the journal for habits and histories, the index for pinned
    /// notes, and the day's file read again for its intentions and reflection.
    public init(index: VaultIndex, journal: Journal, day: Day) {
        self.init(journal: journal, day: day, detail: DayOverview.readCheckIn(day: day, journal: journal, vault: index.vault),
                  pinned: DayOverview.pinnedNotes(in: index))
        // The coach's rules (area decline or gain, a slipping goal, the identity trend) speak first;
        // the streak line is the fallback, and a rest day keeps its own message.
        if !rest, let message = Coach.message(journal: journal, index: index, today: day) {
            coach = message.text
        }
    }

    /// Pinned notes of the index by path.
    public static func pinnedNotes(in index: VaultIndex) -> [PinnedNote] {
        index.records.filter(\.pinned).map { PinnedNote(path: $0.path, title: $0.title) }.sorted { $0.path < $1.path }
    }

    /// The check-in of `day` read from its file, with intentions and reflection (which the index does
    /// not keep); nil when the day has no file or it cannot be read now.
    public static func readCheckIn(day: Day, journal: Journal, vault: Vault) -> CheckIn? {
        guard let path = journal.dailyPaths[day], let absolute = try? vault.absolute(path),
              let bytes = try? vault.fileSystem.read(absolute) else { return nil }
        let document = Document(bytes: bytes)
        return CheckIn(day: day, frontMatter: document.frontMatter, body: document.body, bodyStartLine: document.bodyStartLine)
    }
}
