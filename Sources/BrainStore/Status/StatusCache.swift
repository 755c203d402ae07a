import BrainFormat
import BrainAnalytics

/// `brain status`'s last answer, kept in `.brain/cache/status.bin` with the stamps of what it was
/// computed from, so that a shell prompt on an unchanged vault stats a few hundred files and reads
/// one small file instead of parsing them.
///
/// What the answer was computed from (`StatusLine.Inputs`): the config, every folder `load`
/// listed, every file it read. A folder's times move when an entry in it is added, removed or
/// renamed; a file's when it is written. The cache is used only when the day is the same and every
/// one of these stamps (size, modification and change time) is as it was. A stamp less than
/// `racyWindow` older than the cache file itself is not trusted (a second write within the same
/// tick of the file system's clock could keep it): such a cache is computed again, as git treats
/// a "racily clean" index entry. A file system that cannot stamp folders never has a cache.
///
/// It stays a cache: deleting it loses nothing, and a damaged, truncated or foreign file is
/// ignored and written again.
package enum StatusCache {
    package static let path = ".brain/cache/status.bin"
    package static let magic: [UInt8] = Array("BRAINSTA".utf8)
    /// Changes whenever the summary's layout or the meaning of a status changes, so that an answer
    /// from another version is never shown.
    package static let version: UInt64 = 1
    /// Nanoseconds: a file or folder stamped this close to the cache file's own modification time
    /// may have changed again unseen. Tests that make every change a new size set it to 0.
    @TaskLocal package static var racyWindow: Int64 = 2_000_000_000

    /// One input: a vault-relative path, whether it is a folder, its stamp when it was read (nil:
    /// there was none).
    package struct Entry: Hashable {
        package var path: String
        package var folder: Bool
        package var stamp: FileStamp?
    }

    package static func summary(vault: Vault, day: Day, now: Day? = nil) -> StatusSummary {
        // Only the clock's day is kept: a day read once it is over, or before it comes, reads otherwise.
        let keep = now.map { $0 == day } ?? true
        if keep, !vault.hasInterruptedChange, let cached = cached(vault: vault, day: day) { return cached }
        let status = StatusLine.load(vault: vault, day: day, now: now)
        let summary = StatusSummary(status)
        if keep, let inputs = status.inputs { save(summary, inputs: inputs, vault: vault) }
        return summary
    }

    /// The stamp of a vault-relative path as it is now.
    package static func stamp(_ vault: Vault, path: String, folder: Bool) -> FileStamp? {
        let absolute = VaultPaths.join(vault.root, path)
        return folder ? vault.fileSystem.stamp(folder: absolute, relative: path) : vault.fileSystem.stamp(absolute, relative: path)
    }

    /// The inputs of a status with their stamps now, the config first, by normalized path (the
    /// only paths `decode` accepts: none leaves the vault); nil when the file system cannot stamp a
    /// folder that is there.
    package static func entries(_ inputs: StatusLine.Inputs, vault: Vault) -> [Entry]? {
        var entries = [Entry(path: Vault.configPath, folder: false, stamp: stamp(vault, path: Vault.configPath, folder: false))]
        for folder in inputs.folders {
            guard let folder = try? VaultPaths.normalize(folder) else { return nil }
            let stamp = stamp(vault, path: folder, folder: true)
            if stamp == nil && vault.fileSystem.isDirectory(VaultPaths.join(vault.root, folder)) { return nil }
            entries.append(Entry(path: folder, folder: true, stamp: stamp))
        }
        for file in inputs.files {
            guard let file = try? VaultPaths.normalize(file) else { return nil }
            entries.append(Entry(path: file, folder: false, stamp: stamp(vault, path: file, folder: false)))
        }
        return entries
    }

    /// The cached summary of `day`, when there is one and nothing it was computed from has changed.
    package static func cached(vault: Vault, day: Day) -> StatusSummary? {
        guard let file = try? vault.internalPath(path), let written = vault.fileSystem.stamp(file, relative: path),
              let bytes = try? vault.fileSystem.read(file),
              let (cachedDay, entries, summary) = decode(bytes), cachedDay == day else { return nil }
        let window = racyWindow
        for entry in entries {
            if let stamp = entry.stamp, stamp.modified <= 0 || max(stamp.modified, stamp.changed) > written.modified - window { return nil }
            guard StatusCache.stamp(vault, path: entry.path, folder: entry.folder) == entry.stamp else { return nil }
        }
        return summary
    }

    /// Writes the cache; a failure only costs speed next time.
    package static func save(_ summary: StatusSummary, inputs: StatusLine.Inputs, vault: Vault) {
        guard let entries = entries(inputs, vault: vault), let folder = VaultIndex.cacheFolder(vault) else { return }
        try? vault.fileSystem.writeAtomically(encode(day: summary.day, entries: entries, summary: summary),
                                              to: VaultPaths.join(folder, "status.bin"), durable: false)
    }

    // MARK: Encoding

    package static func encode(day: Day, entries: [Entry], summary: StatusSummary) -> [UInt8] {
        var writer = BinaryWriter(capacity: 4_096 + entries.count * 48)
        writer.uint(version)
        writer.int(day.ordinal)
        writer.uint(UInt64(entries.count))
        for entry in entries {
            writer.string(entry.path)
            writer.bool(entry.folder)
            writer.bool(entry.stamp != nil)
            if let stamp = entry.stamp {
                writer.int(stamp.size)
                writer.int(Int(stamp.modified))
                writer.int(Int(stamp.changed))
            }
        }
        writer.strings(summary.values)
        writer.int(summary.done)
        writer.int(summary.due)
        writer.bool(summary.rest)
        writer.bool(summary.momentum != nil)
        if let momentum = summary.momentum {
            writer.double(momentum.value)
            writer.string(momentum.label.rawValue)
            writer.int(momentum.countedDays)
        }
        writer.bool(summary.streak != nil)
        if let streak = summary.streak {
            writer.string(streak.habit)
            writer.string(streak.title)
            writer.int(streak.current)
            writer.string(streak.unit.rawValue)
            optionalInt(streak.blockDays, &writer)
            optionalInt(streak.since?.ordinal, &writer)
        }
        writer.uint(UInt64(summary.progress.count))
        for item in summary.progress {
            for text in [item.id, item.title, item.source, item.metric, item.comparison] { writer.string(text) }
            writer.double(item.threshold)
            optionalDouble(item.value, &writer)
            writer.optionalString(item.unit)
            writer.optionalString(item.state?.rawValue)
            writer.bool(item.met)
            writer.bool(item.tracked)
            optionalDouble(item.fraction, &writer)
            writer.string(item.text)
        }
        writer.int(summary.daysRead)
        return VaultIndex.sealed(magic, payload: writer).bytes
    }

    private static func optionalInt(_ value: Int?, _ writer: inout BinaryWriter) {
        writer.bool(value != nil)
        if let value { writer.int(value) }
    }

    private static func optionalDouble(_ value: Double?, _ writer: inout BinaryWriter) {
        writer.bool(value != nil)
        if let value { writer.double(value) }
    }

    /// What `encode` wrote; nil for anything damaged, truncated or from another version.
    package static func decode(_ bytes: [UInt8]) -> (day: Day, entries: [Entry], summary: StatusSummary)? {
        bytes.withUnsafeBufferPointer { buffer in
            guard case .success = VaultIndex.unseal(buffer, magic: magic) else { return nil }
            var reader = BinaryReader(buffer, offset: VaultIndex.headerSize)
            return try? decode(&reader)
        }
    }

    private static func decode(_ reader: inout BinaryReader) throws(BinaryReader.Corrupt) -> (day: Day, entries: [Entry], summary: StatusSummary) {
        guard try reader.uint() == version else { throw BinaryReader.Corrupt() }
        let day = try reader.day()
        let count = try reader.count()
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        for _ in 0..<count {
            let path = try reader.string()
            let folder = try reader.bool()
            var stamp: FileStamp?
            if try reader.bool() {
                stamp = FileStamp(path: path, size: try reader.int(), modified: Int64(try reader.int()), changed: Int64(try reader.int()))
            }
            // Only paths inside the vault, as `entries` wrote them.
            guard VaultPaths.isNormalized(path) else { throw BinaryReader.Corrupt() }
            entries.append(Entry(path: path, folder: folder, stamp: stamp))
        }
        let values = try reader.strings()
        guard values.count == StatusField.all.count else { throw BinaryReader.Corrupt() }
        let done = try reader.int()
        let due = try reader.int()
        let rest = try reader.bool()
        var momentum: MomentumSummary?
        if try reader.bool() {
            let value = try reader.double()
            guard let label = Momentum.Label(rawValue: try reader.string()) else { throw BinaryReader.Corrupt() }
            momentum = MomentumSummary(value: value, label: label, countedDays: try reader.int())
        }
        var streak: StatusReport.Streak?
        if try reader.bool() {
            let habit = try reader.string()
            let title = try reader.string()
            let current = try reader.int()
            guard let unit = Streaks.Unit(rawValue: try reader.string()) else { throw BinaryReader.Corrupt() }
            let blockDays = try optionalInt(&reader)
            let since = try optionalInt(&reader)
            if let since, !(Day.earliest.ordinal...Day.latest.ordinal).contains(since) { throw BinaryReader.Corrupt() }
            streak = StatusReport.Streak(habit: habit, title: title, current: current, unit: unit, blockDays: blockDays,
                                         since: since.map(Day.init(ordinal:)))
        }
        let items = try reader.count()
        var progress: [AutoProgress.Item] = []
        for _ in 0..<items {
            let id = try reader.string(), title = try reader.string(), source = try reader.string()
            let metric = try reader.string(), comparison = try reader.string()
            let threshold = try reader.double()
            let value = try optionalDouble(&reader)
            let unit = try reader.optionalString()
            var state: TaskItem.State?
            if let raw = try reader.optionalString() {
                guard let known = TaskItem.State(rawValue: raw) else { throw BinaryReader.Corrupt() }
                state = known
            }
            let met = try reader.bool(), tracked = try reader.bool()
            let fraction = try optionalDouble(&reader)
            progress.append(AutoProgress.Item(id: id, title: title, source: source, metric: metric, comparison: comparison,
                                              threshold: threshold, value: value, unit: unit, state: state, met: met,
                                              tracked: tracked, fraction: fraction, text: try reader.string()))
        }
        let daysRead = try reader.int()
        guard reader.isAtEnd else { throw BinaryReader.Corrupt() }
        return (day, entries, StatusSummary(day: day, values: values, done: done, due: due, rest: rest, momentum: momentum,
                                            streak: streak, progress: progress, daysRead: daysRead))
    }

    private static func optionalInt(_ reader: inout BinaryReader) throws(BinaryReader.Corrupt) -> Int? {
        try reader.bool() ? try reader.int() : nil
    }

    private static func optionalDouble(_ reader: inout BinaryReader) throws(BinaryReader.Corrupt) -> Double? {
        try reader.bool() ? try reader.double() : nil
    }
}
