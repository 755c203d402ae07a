import Foundation
import BrainFormat
import BrainAnalytics

/// The cache file's bytes, shared by every record loaded from it, and what to do when a part
/// read later turns out to be bad. The bytes are the buffer's own: copied in, or the cache
/// file mapped read-only (`POSIXFileSystem.mapRegularFile`), released with the buffer.
package final class CacheBuffer: @unchecked Sendable {
    // Never mutated after init, so sharing across threads is safe.
    package let bytes: UnsafeBufferPointer<UInt8>
    private let mapped: Bool
    /// The vault the cache belongs to: a bad part is read again from its file, and the cache is
    /// dropped so that the next command rebuilds it.
    package let vault: Vault?
    /// The vault-relative path of the cache's manifest, removed when a part is bad.
    package let manifest: String
    private let lock = NSLock()
    private var dropped = false

    /// A copy of `bytes`.
    package init(_ bytes: some Collection<UInt8>, vault: Vault? = nil, manifest: String = VaultIndex.cachePath) {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = copy.initialize(from: bytes)
        self.bytes = UnsafeBufferPointer(copy)
        mapped = false
        self.vault = vault
        self.manifest = manifest
    }

    /// Bytes mapped by `DiskAccess.mapRegularFile`, unmapped when the buffer goes.
    package init(mapped address: UnsafeRawPointer?, count: Int, vault: Vault?, manifest: String) {
        bytes = UnsafeBufferPointer(start: address?.assumingMemoryBound(to: UInt8.self), count: address == nil ? 0 : count)
        mapped = true
        self.vault = vault
        self.manifest = manifest
    }

    deinit {
        guard let base = bytes.baseAddress else { return }
        if mapped {
            DiskMapping.unmap(UnsafeRawPointer(base), count: bytes.count)
        } else {
            UnsafeMutableBufferPointer(mutating: bytes).deallocate()
        }
    }

    package func read<T>(at offset: Int, _ body: (inout BinaryReader) throws(BinaryReader.Corrupt) -> T) -> T? {
        var reader = BinaryReader(bytes, offset: offset)
        return try? body(&reader)
    }

    /// A part of `path` could not be decoded: the cache goes (the next command rebuilds it) and
    /// the file itself is parsed instead.
    package func reparse(_ path: String, kind: NoteKind) -> NoteRecord? {
        guard let vault else { return nil }
        let first = lock.withLock { () -> Bool in
            defer { dropped = true }
            return !dropped
        }
        if first { try? vault.fileSystem.remove(VaultPaths.join(vault.root, manifest)) }
        guard let absolute = try? vault.absolute(path), let bytes = try? vault.fileSystem.read(absolute) else { return nil }
        return NoteParser.parse(bytes, stamp: FileStamp(path: path, size: bytes.count, modified: 0), kind: kind)
    }
}

/// A link as resolving reads it from the cache bytes: its kind and where its target is.
package struct EncodedLinkTarget {
    package var kind: Link.Kind
    package var bytes: Range<Int>
}

/// Where a cached record's larger parts start in the cache bytes.
///
/// The whole file passed its checksum and every section's length was checked on load, but a cache
/// with a valid checksum can still hold nonsense (written by another program, or by hand). Every
/// value is checked as it is decoded — counts against the bytes left, lines and byte ranges against
/// the file's size, days against the calendar — and a part that fails is read from the file
/// itself, never trusted and never a trap.
package struct LazyParts: Sendable {
    package let buffer: CacheBuffer
    package let path: String
    package let kind: NoteKind
    /// The file's size: no line, column or byte offset of it can be beyond.
    package let size: Int
    package let frontMatterAt: Int
    package let linksAt: Int
    package let tasksAt: Int
    package let headingsAt: Int
    package let diagnosticsAt: Int
    package let habitLinesAt: Int
    /// The whole record's bytes, from its path to the end of its last part.
    package let record: Range<Int>

    private func part<T>(at offset: Int, _ decode: (inout BinaryReader) throws(BinaryReader.Corrupt) -> T,
                         fallback: (NoteRecord) -> T) -> T? {
        if let value = buffer.read(at: offset, decode) { return value }
        return buffer.reparse(path, kind: kind).map(fallback)
    }

    package func frontMatter() -> YAMLMap? {
        part(at: frontMatterAt, { reader throws(BinaryReader.Corrupt) in try YAMLMap.decode(from: &reader) }, fallback: \.frontMatter)
    }
    /// The front-matter entries with these keys only; the other values are stepped over.
    package func frontMatter(keys: [String]) -> YAMLMap? {
        part(at: frontMatterAt, { reader throws(BinaryReader.Corrupt) in try YAMLMap.decode(from: &reader, keys: keys) },
             fallback: { $0.frontMatter.only(keys) })
    }
    package func links() -> [Link]? {
        part(at: linksAt, { [size] reader throws(BinaryReader.Corrupt) in try NoteRecord.decodeLinks(&reader, size: size) }, fallback: \.links)
    }
    /// The links at `positions` (ascending) only, nil where there is none: the others are
    /// stepped over without making their strings.
    package func links(at positions: [Int]) -> [Link?]? {
        part(at: linksAt, { [size] reader throws(BinaryReader.Corrupt) in try NoteRecord.decodeLinks(&reader, size: size, at: positions) },
             fallback: { record in positions.map { $0 < record.links.count ? record.links[$0] : nil } })
    }
    package func linkPlaces(at positions: [Int]) -> [LinkPlace?]? {
        part(at: linksAt, { [size] reader throws(BinaryReader.Corrupt) in try NoteRecord.linkPlaces(&reader, size: size, at: positions) },
             fallback: { record in positions.map { $0 < record.links.count ? LinkPlace(record.links[$0]) : nil } })
    }
    package func tasks() -> [TaskItem]? {
        part(at: tasksAt, { [size] reader throws(BinaryReader.Corrupt) in try NoteRecord.decodeTasks(&reader, size: size) }, fallback: \.tasks)
    }
    package func headings() -> [Heading]? {
        part(at: headingsAt, { [size] reader throws(BinaryReader.Corrupt) in try NoteRecord.decodeHeadings(&reader, size: size) }, fallback: \.headings)
    }
    package func diagnostics(path: String) -> [Diagnostic]? {
        part(at: diagnosticsAt, { [size] reader throws(BinaryReader.Corrupt) in try NoteRecord.decodeDiagnostics(&reader, path: path, size: size) },
             fallback: { $0.diagnostics.map { $0.in(path) } })
    }
    package func habitLines() -> [HabitLine]? {
        part(at: habitLinesAt, { [size] reader throws(BinaryReader.Corrupt) in try NoteRecord.decodeHabitLines(&reader, size: size) }, fallback: \.habitLines)
    }

    /// `NoteRecord.scanHabitLines` over this record's lines: the number of lines, or nil when the
    /// part is bad (read `habitLines()`, which reads the file instead; what `body` saw is void).
    package func scanHabitLines(_ body: (UnsafeBufferPointer<UInt8>, TaskItem.State, Double?) -> Void) -> Int? {
        buffer.read(at: habitLinesAt) { [size] reader throws(BinaryReader.Corrupt) in try NoteRecord.scanHabitLines(&reader, size: size, body) }
    }

    /// Each link's kind and where its target's bytes lie in `buffer.bytes`, in `targets`
    /// (emptied first), by `NoteRecord.scanLinkTargets`; false when the part is bad (then read
    /// `links()`, which reads the file instead).
    package func linkTargets(into targets: inout [EncodedLinkTarget]) -> Bool {
        targets.removeAll(keepingCapacity: true)
        let found: Void? = buffer.read(at: linksAt) { [size] reader throws(BinaryReader.Corrupt) in
            try NoteRecord.scanLinkTargets(&reader, size: size, into: &targets)
        }
        return found != nil
    }

    /// The number of links, read without decoding them (the index checks it against the links' resolutions).
    package func linkCount() -> Int? {
        buffer.read(at: linksAt) { reader throws(BinaryReader.Corrupt) in try reader.count() }
    }
}

extension NoteRecord {
    /// Records encoded together by `compacted`: one buffer for these, a few kilobytes.
    package static let compactionBatch = 64

    /// The records as the cache holds them: title, aliases, tags and the like as they are, the
    /// larger parts (front-matter, links, tasks, headings, problems, habit lines) encoded in one
    /// shared buffer and decoded when read (see `LazyParts`), as a record loaded from the cache.
    /// Parsed records hold several times their encoding in strings and arrays: an index built
    /// from 100,000 notes keeps them this way, and saving copies their bytes as they are.
    /// The summary (path, title, aliases, tags and the like) stays as parsed, not made again
    /// from the bytes.
    package static func compact(_ records: inout [NoteRecord], vault: Vault, manifest: String) {
        var writer = BinaryWriter(capacity: records.count * 512)
        for record in records { record.encode(into: &writer) }
        // An exact copy (`Array(_:)` would keep the writer's buffer): its spare capacity would
        // stay allocated for as long as the records.
        let buffer = writer.withBytes { CacheBuffer($0, vault: vault, manifest: manifest) }
        withExtendedLifetime(buffer) {
            var reader = BinaryReader(buffer.bytes)
            var parts: [LazyParts] = []
            parts.reserveCapacity(records.count)
            for record in records {
                // What was just encoded always reads back; if not, the records stay as parsed.
                guard let found = try? NoteRecord.skipSummary(&reader, buffer: buffer, path: record.path, kind: record.kind, size: record.stamp.size)
                else { return }
                parts.append(found)
            }
            for index in records.indices { records[index].keepParts(in: parts[index]) }
        }
    }

    package func encode(into writer: inout BinaryWriter) {
        if let (buffer, range) = cachedBytes {
            withExtendedLifetime(buffer) { writer.raw(UnsafeBufferPointer(rebasing: $0.bytes[range])) }
            return
        }
        writer.string(stamp.path)
        writer.int(stamp.size)
        writer.int(Int(stamp.modified))
        writer.int(Int(stamp.changed))
        writer.byte(UInt8(NoteKind.allCases.firstIndex(of: kind)!))
        writer.string(title)
        writer.strings(aliases)
        writer.strings(tags)
        writer.bool(pinned)
        writer.bool(day != nil)
        if let day { writer.int(day.ordinal) }

        var section = writer.beginSection()
        frontMatter.encode(into: &writer)
        writer.endSection(section)

        section = writer.beginSection()
        let links = self.links
        writer.uint(UInt64(links.count))
        for link in links {
            writer.byte(link.kind.cacheCode)
            writer.string(link.target)
            writer.optionalString(link.fragment)
            writer.optionalString(link.label)
            writer.uint(UInt64(link.line))
            writer.uint(UInt64(link.column))
            writer.uint(UInt64(link.byteRange.lowerBound))
            writer.uint(UInt64(link.byteRange.count))
        }
        writer.endSection(section)

        section = writer.beginSection()
        let tasks = self.tasks
        writer.uint(UInt64(tasks.count))
        for task in tasks {
            writer.byte(task.state.cacheCode)
            writer.string(task.text)
            writer.uint(UInt64(task.line))
            writer.uint(UInt64(task.indent))
        }
        writer.endSection(section)

        section = writer.beginSection()
        let headings = self.headings
        writer.uint(UInt64(headings.count))
        for heading in headings {
            writer.uint(UInt64(heading.level))
            writer.string(heading.text)
            writer.uint(UInt64(heading.line))
        }
        writer.endSection(section)

        section = writer.beginSection()
        let diagnostics = self.diagnostics
        writer.uint(UInt64(diagnostics.count))
        for diagnostic in diagnostics {
            writer.uint(UInt64(diagnostic.location.line))
            writer.uint(UInt64(diagnostic.location.column))
            writer.bool(diagnostic.severity == .error)
            writer.string(diagnostic.message)
        }
        writer.endSection(section)

        section = writer.beginSection()
        let habitLines = self.habitLines
        writer.uint(UInt64(habitLines.count))
        for line in habitLines {
            writer.string(line.habit)
            writer.optionalString(line.label)
            writer.byte(line.state.cacheCode)
            writer.bool(line.value != nil)
            if let value = line.value { writer.double(value) }
            writer.optionalString(line.unit)
            writer.optionalString(line.note)
            writer.uint(UInt64(line.line))
        }
        writer.endSection(section)
    }

    /// Reads a record's summary and notes where its larger parts are (the file's checksum has
    /// already vouched for them).
    package static func decode(from reader: inout BinaryReader, buffer: CacheBuffer) throws(BinaryReader.Corrupt) -> NoteRecord {
        let start = reader.offset
        let path = try reader.string()
        // -1: a FIFO or device listed so that it is reported.
        let size = try reader.int()
        guard size >= -1, size <= Int(Int32.max) else { throw BinaryReader.Corrupt() }
        let modified = Int64(try reader.int())
        let changed = Int64(try reader.int())
        let kind = try enumValue(NoteKind.allCases, &reader)
        let title = try reader.string()
        let aliases = try reader.strings()
        let tags = try reader.strings()
        let pinned = try reader.bool()
        let day: Day? = try reader.bool() ? try reader.day() : nil
        let lazy = try parts(&reader, buffer: buffer, path: path, kind: kind, size: size, record: start)
        return NoteRecord(stamp: FileStamp(path: path, size: size, modified: modified, changed: changed), kind: kind, title: title,
                          aliases: aliases, tags: tags, pinned: pinned, day: day, lazy: lazy)
    }

    /// Where the larger parts of the record at `record` lie, read after its summary.
    private static func parts(_ reader: inout BinaryReader, buffer: CacheBuffer, path: String, kind: NoteKind, size: Int,
                              record start: Int) throws(BinaryReader.Corrupt) -> LazyParts {
        let frontMatterAt = try reader.skipSection()
        let linksAt = try reader.skipSection()
        let tasksAt = try reader.skipSection()
        let headingsAt = try reader.skipSection()
        let diagnosticsAt = try reader.skipSection()
        let habitLinesAt = try reader.skipSection()
        return LazyParts(buffer: buffer, path: path, kind: kind, size: size, frontMatterAt: frontMatterAt, linksAt: linksAt, tasksAt: tasksAt,
                         headingsAt: headingsAt, diagnosticsAt: diagnosticsAt, habitLinesAt: habitLinesAt,
                         record: start..<reader.offset)
    }

    /// Steps over the summary of a record just encoded (its values are the record's own) and
    /// returns where its parts are.
    package static func skipSummary(_ reader: inout BinaryReader, buffer: CacheBuffer, path: String, kind: NoteKind,
                            size: Int) throws(BinaryReader.Corrupt) -> LazyParts {
        let start = reader.offset
        try reader.skipString()
        try skipSummaryAfterPath(&reader)
        return try parts(&reader, buffer: buffer, path: path, kind: kind, size: size, record: start)
    }

    /// Steps over the rest of a record whose path was just read.
    package static func skipAfterPath(_ reader: inout BinaryReader) throws(BinaryReader.Corrupt) {
        try skipSummaryAfterPath(&reader)
        for _ in 0..<6 { _ = try reader.skipSection() }
    }

    /// Steps over a record's summary after its path: stamp, kind, title, aliases, tags, pin, day.
    private static func skipSummaryAfterPath(_ reader: inout BinaryReader) throws(BinaryReader.Corrupt) {
        for _ in 0..<3 { _ = try reader.int() }
        _ = try reader.byte()
        try reader.skipString()
        for _ in 0..<2 { for _ in 0..<(try reader.count()) { try reader.skipString() } }
        _ = try reader.bool()
        if try reader.bool() { _ = try reader.day() }
    }

    /// Links of a file of `size` bytes: every position must lie inside it.
    package static func decodeLinks(_ reader: inout BinaryReader, size: Int = .max) throws(BinaryReader.Corrupt) -> [Link] {
        let count = try reader.count()
        var links: [Link] = []
        links.reserveCapacity(count)
        let limit = positionLimit(size)
        for _ in 0..<count { links.append(try decodeLink(&reader, limit: limit)) }
        return links
    }

    /// One link; every position must be below `limit`.
    private static func decodeLink(_ reader: inout BinaryReader, limit: Int) throws(BinaryReader.Corrupt) -> Link {
        let kind = try enumValue(Link.Kind.allCases, &reader)
        let target = try reader.string()
        let fragment = try reader.optionalString()
        let label = try reader.optionalString()
        let (line, column, range) = try decodePlace(&reader, limit: limit)
        return Link(kind: kind, target: target, fragment: fragment, label: label, line: line, column: column, byteRange: range)
    }

    /// Steps over one link, checking it as `decodeLink` does, without making its strings.
    private static func skipLink(_ reader: inout BinaryReader, limit: Int) throws(BinaryReader.Corrupt) {
        _ = try enumValue(Link.Kind.allCases, &reader)
        try reader.skipString()
        try reader.skipOptionalString()
        try reader.skipOptionalString()
        _ = try decodePlace(&reader, limit: limit)
    }

    private static func decodePlace(_ reader: inout BinaryReader, limit: Int) throws(BinaryReader.Corrupt) -> (Int, Int, Range<Int>) {
        let line = try reader.bounded(limit, from: 1)
        let column = try reader.bounded(limit, from: 1)
        let start = try reader.bounded(limit)
        let length = try reader.bounded(limit)
        guard start + length <= limit else { throw BinaryReader.Corrupt() }
        return (line, column, start..<start + length)
    }

    /// The links at `positions` (ascending) of a file of `size` bytes, nil past the last one;
    /// every link stepped over is still checked as `decodeLinks` checks it.
    package static func decodeLinks(_ reader: inout BinaryReader, size: Int, at positions: [Int]) throws(BinaryReader.Corrupt) -> [Link?] {
        try pickLinks(&reader, size: size, at: positions) { reader, limit throws(BinaryReader.Corrupt) in try decodeLink(&reader, limit: limit) }
    }

    /// The line and column of the links at `positions` (ascending), nil where there is none,
    /// checked as `decodeLinks` checks them: no target, label or fragment is made.
    package static func linkPlaces(_ reader: inout BinaryReader, size: Int, at positions: [Int]) throws(BinaryReader.Corrupt) -> [LinkPlace?] {
        try pickLinks(&reader, size: size, at: positions) { reader, limit throws(BinaryReader.Corrupt) in
            _ = try enumValue(Link.Kind.allCases, &reader)
            try reader.skipString()
            try reader.skipOptionalString()
            try reader.skipOptionalString()
            let (line, column, _) = try decodePlace(&reader, limit: limit)
            return LinkPlace(line: line, column: column)
        }
    }

    /// What `read` makes of each link at `positions` (ascending; `read` steps over exactly one
    /// link), nil past the last one: the links before and between are stepped over, checked.
    private static func pickLinks<T>(_ reader: inout BinaryReader, size: Int, at positions: [Int],
                                     _ read: (inout BinaryReader, Int) throws(BinaryReader.Corrupt) -> T) throws(BinaryReader.Corrupt) -> [T?] {
        let count = try reader.count()
        var found = [T?](repeating: nil, count: positions.count)
        var next = 0
        let limit = positionLimit(size)
        for position in 0..<count {
            while next < positions.count && positions[next] < position { next += 1 }
            guard next < positions.count else { break }
            if positions[next] != position {
                try skipLink(&reader, limit: limit)
                continue
            }
            let value = try read(&reader, limit)
            while next < positions.count && positions[next] == position {
                found[next] = value
                next += 1
            }
        }
        return found
    }

    /// Each link's kind and where its target's bytes are, in order, without making a `Link` or
    /// a string: what resolving needs. Every value is checked as `decodeLinks` checks it.
    package static func scanLinkTargets(_ reader: inout BinaryReader, size: Int, into targets: inout [EncodedLinkTarget]) throws(BinaryReader.Corrupt) {
        let count = try reader.count()
        let limit = positionLimit(size)
        targets.reserveCapacity(count)
        for _ in 0..<count {
            let kind = try enumValue(Link.Kind.allCases, &reader)
            let length = try reader.count()
            let start = reader.offset
            reader.skip(length)
            try reader.skipOptionalString()
            try reader.skipOptionalString()
            _ = try decodePlace(&reader, limit: limit)
            targets.append(EncodedLinkTarget(kind: kind, bytes: start..<start + length))
        }
    }

    package static func decodeTasks(_ reader: inout BinaryReader, size: Int = .max) throws(BinaryReader.Corrupt) -> [TaskItem] {
        let count = try reader.count()
        var tasks: [TaskItem] = []
        tasks.reserveCapacity(count)
        let limit = positionLimit(size)
        for _ in 0..<count {
            let state = try enumValue(TaskItem.State.allCases, &reader)
            let text = try reader.string()
            let line = try reader.bounded(limit, from: 1)
            tasks.append(TaskItem(state: state, text: text, line: line, indent: try reader.bounded(limit)))
        }
        return tasks
    }

    package static func decodeHeadings(_ reader: inout BinaryReader, size: Int = .max) throws(BinaryReader.Corrupt) -> [Heading] {
        let count = try reader.count()
        var headings: [Heading] = []
        let limit = positionLimit(size)
        for _ in 0..<count {
            let level = try reader.bounded(6, from: 1)
            let text = try reader.string()
            headings.append(Heading(level: level, text: text, line: try reader.bounded(limit, from: 1)))
        }
        return headings
    }

    package static func decodeDiagnostics(_ reader: inout BinaryReader, path: String, size: Int = .max) throws(BinaryReader.Corrupt) -> [Diagnostic] {
        let count = try reader.count()
        var diagnostics: [Diagnostic] = []
        let limit = positionLimit(size)
        for _ in 0..<count {
            let line = try reader.bounded(limit, from: 1)
            let column = try reader.bounded(limit, from: 1)
            let severity: Diagnostic.Severity = try reader.bool() ? .error : .warning
            diagnostics.append(Diagnostic(path: path, line: line, column: column, severity: severity,
                                          message: try reader.string()))
        }
        return diagnostics
    }

    package static func decodeHabitLines(_ reader: inout BinaryReader, size: Int = .max) throws(BinaryReader.Corrupt) -> [HabitLine] {
        let count = try reader.count()
        var lines: [HabitLine] = []
        lines.reserveCapacity(count)
        let limit = positionLimit(size)
        func text(_ bytes: UnsafeBufferPointer<UInt8>?) -> String? { bytes.map { String(decoding: $0, as: UTF8.self) } }
        for _ in 0..<count {
            let line = try EncodedHabitLine(&reader, limit: limit)
            lines.append(HabitLine(habit: text(line.habit)!, label: text(line.label), state: line.state, value: line.value,
                                   unit: text(line.unit), note: text(line.note), line: line.line))
        }
        return lines
    }

    /// Each habit line's name (its bytes, valid only during the call), state and amount, checked as
    /// `decodeHabitLines` checks them but without making the line's strings. Returns the number of
    /// lines; when it throws, `body` may already have seen some of them.
    package static func scanHabitLines(_ reader: inout BinaryReader, size: Int,
                               _ body: (UnsafeBufferPointer<UInt8>, TaskItem.State, Double?) -> Void) throws(BinaryReader.Corrupt) -> Int {
        let count = try reader.count()
        let limit = positionLimit(size)
        for _ in 0..<count {
            let line = try EncodedHabitLine(&reader, limit: limit)
            body(line.habit, line.state, line.value)
        }
        return count
    }

    /// One habit line as the cache holds it, its strings left as bytes.
    private struct EncodedHabitLine {
        package var habit: UnsafeBufferPointer<UInt8>
        package var label: UnsafeBufferPointer<UInt8>?
        package var state: TaskItem.State
        package var value: Double?
        package var unit: UnsafeBufferPointer<UInt8>?
        package var note: UnsafeBufferPointer<UInt8>?
        package var line: Int

        @inline(__always)
        package init(_ reader: inout BinaryReader, limit: Int) throws(BinaryReader.Corrupt) {
            habit = try reader.stringBytes()
            label = try reader.optionalStringBytes()
            state = try NoteRecord.enumValue(TaskItem.State.allCases, &reader)
            value = try reader.bool() ? try reader.double() : nil
            if let value, !(value.isFinite && abs(value) <= FieldReader.maximumNumber) { throw BinaryReader.Corrupt() }
            unit = try reader.optionalStringBytes()
            note = try reader.optionalStringBytes()
            line = try reader.bounded(limit, from: 1)
        }
    }

    /// The bound every line, column and byte offset of a file of `size` bytes stays below
    /// (`.max`: a size not known).
    private static func positionLimit(_ size: Int) -> Int {
        size == .max ? Int(Int32.max) : max(size, 0) + 1
    }

    fileprivate static func enumValue<T>(_ cases: [T], _ reader: inout BinaryReader) throws(BinaryReader.Corrupt) -> T {
        let index = Int(try reader.byte())
        guard index < cases.count else { throw BinaryReader.Corrupt() }
        return cases[index]
    }
}

extension Link.Kind: CaseIterable {
    package static let allCases: [Link.Kind] = [.wikilink, .embed, .markdown, .url, .reference, .optionalReference]

    /// The byte the cache holds for the kind: its place in `allCases`, without searching it.
    package var cacheCode: UInt8 {
        switch self {
        case .wikilink: return 0
        case .embed: return 1
        case .markdown: return 2
        case .url: return 3
        case .reference: return 4
        case .optionalReference: return 5
        }
    }
}

extension TaskItem.State: CaseIterable {
    public static let allCases: [TaskItem.State] = [.open, .done, .skipped]

    /// The byte the cache holds for the state: its place in `allCases`, without searching it.
    package var cacheCode: UInt8 {
        switch self {
        case .open: return 0
        case .done: return 1
        case .skipped: return 2
        }
    }
}
