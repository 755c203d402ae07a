/// The cache file's bytes, shared by every record loaded from it.
final class CacheBuffer: @unchecked Sendable {
    // Never mutated after init, so sharing across threads is safe.
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    func read<T>(at offset: Int, _ body: (inout BinaryReader) throws(BinaryReader.Corrupt) -> T) -> T? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = BinaryReader(buffer, offset: offset)
            return try? body(&reader)
        }
    }
}

/// Where a cached record's larger parts start in the cache bytes.
struct LazyParts: Sendable {
    let buffer: CacheBuffer
    let frontMatterAt: Int
    let linksAt: Int
    let tasksAt: Int
    let headingsAt: Int
    let diagnosticsAt: Int
    let habitLinesAt: Int

    // The cache was checked when it was loaded (every section is skipped over by length and the
    // whole file decoded once on load), so a failure here means memory corruption: empty parts.
    func frontMatter() -> YAMLMap? { buffer.read(at: frontMatterAt) { reader throws(BinaryReader.Corrupt) in try YAMLMap.decode(from: &reader) } }
    func links() -> [Link]? { buffer.read(at: linksAt) { reader throws(BinaryReader.Corrupt) in try NoteRecord.decodeLinks(&reader) } }
    func tasks() -> [TaskItem]? { buffer.read(at: tasksAt) { reader throws(BinaryReader.Corrupt) in try NoteRecord.decodeTasks(&reader) } }
    func headings() -> [Heading]? { buffer.read(at: headingsAt) { reader throws(BinaryReader.Corrupt) in try NoteRecord.decodeHeadings(&reader) } }
    func diagnostics(path: String) -> [Diagnostic]? {
        buffer.read(at: diagnosticsAt) { reader throws(BinaryReader.Corrupt) in try NoteRecord.decodeDiagnostics(&reader, path: path) }
    }
    func habitLines() -> [HabitLine]? { buffer.read(at: habitLinesAt) { reader throws(BinaryReader.Corrupt) in try NoteRecord.decodeHabitLines(&reader) } }
}

extension NoteRecord {
    func encode(into writer: inout BinaryWriter) {
        writer.string(stamp.path)
        writer.uint(UInt64(stamp.size))
        writer.int(Int(stamp.modified))
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
            writer.byte(Link.Kind.allCases.firstIndex(of: link.kind).map(UInt8.init)!)
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
            writer.byte(TaskItem.State.allCases.firstIndex(of: task.state).map(UInt8.init)!)
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
            writer.byte(TaskItem.State.allCases.firstIndex(of: line.state).map(UInt8.init)!)
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
    static func decode(from reader: inout BinaryReader, buffer: CacheBuffer) throws(BinaryReader.Corrupt) -> NoteRecord {
        let path = try reader.string()
        let size = Int(try reader.uint())
        let modified = Int64(try reader.int())
        let kind = try enumValue(NoteKind.allCases, &reader)
        let title = try reader.string()
        let aliases = try reader.strings()
        let tags = try reader.strings()
        let pinned = try reader.bool()
        let day: Day? = try reader.bool() ? Day(ordinal: try reader.int()) : nil
        let frontMatterAt = try reader.skipSection()
        let linksAt = try reader.skipSection()
        let tasksAt = try reader.skipSection()
        let headingsAt = try reader.skipSection()
        let diagnosticsAt = try reader.skipSection()
        let habitLinesAt = try reader.skipSection()
        let lazy = LazyParts(buffer: buffer, frontMatterAt: frontMatterAt, linksAt: linksAt, tasksAt: tasksAt,
                             headingsAt: headingsAt, diagnosticsAt: diagnosticsAt, habitLinesAt: habitLinesAt)
        return NoteRecord(stamp: FileStamp(path: path, size: size, modified: modified), kind: kind, title: title,
                          aliases: aliases, tags: tags, pinned: pinned, day: day, lazy: lazy)
    }

    static func decodeLinks(_ reader: inout BinaryReader) throws(BinaryReader.Corrupt) -> [Link] {
        let count = try reader.count()
        var links: [Link] = []
        links.reserveCapacity(count)
        for _ in 0..<count {
            let kind = try enumValue(Link.Kind.allCases, &reader)
            let target = try reader.string()
            let fragment = try reader.optionalString()
            let label = try reader.optionalString()
            let line = Int(try reader.uint())
            let column = Int(try reader.uint())
            let start = Int(try reader.uint())
            let length = Int(try reader.uint())
            links.append(Link(kind: kind, target: target, fragment: fragment, label: label,
                              line: line, column: column, byteRange: start..<start + length))
        }
        return links
    }

    static func decodeTasks(_ reader: inout BinaryReader) throws(BinaryReader.Corrupt) -> [TaskItem] {
        let count = try reader.count()
        var tasks: [TaskItem] = []
        tasks.reserveCapacity(count)
        for _ in 0..<count {
            let state = try enumValue(TaskItem.State.allCases, &reader)
            let text = try reader.string()
            let line = Int(try reader.uint())
            tasks.append(TaskItem(state: state, text: text, line: line, indent: Int(try reader.uint())))
        }
        return tasks
    }

    static func decodeHeadings(_ reader: inout BinaryReader) throws(BinaryReader.Corrupt) -> [Heading] {
        let count = try reader.count()
        var headings: [Heading] = []
        for _ in 0..<count {
            let level = Int(try reader.uint())
            let text = try reader.string()
            headings.append(Heading(level: level, text: text, line: Int(try reader.uint())))
        }
        return headings
    }

    static func decodeDiagnostics(_ reader: inout BinaryReader, path: String) throws(BinaryReader.Corrupt) -> [Diagnostic] {
        let count = try reader.count()
        var diagnostics: [Diagnostic] = []
        for _ in 0..<count {
            let line = Int(try reader.uint())
            let column = Int(try reader.uint())
            let severity: Diagnostic.Severity = try reader.bool() ? .error : .warning
            diagnostics.append(Diagnostic(path: path, line: line, column: column, severity: severity,
                                          message: try reader.string()))
        }
        return diagnostics
    }

    static func decodeHabitLines(_ reader: inout BinaryReader) throws(BinaryReader.Corrupt) -> [HabitLine] {
        let count = try reader.count()
        var lines: [HabitLine] = []
        lines.reserveCapacity(count)
        for _ in 0..<count {
            let habit = try reader.string()
            let label = try reader.optionalString()
            let state = try enumValue(TaskItem.State.allCases, &reader)
            let value: Double? = try reader.bool() ? try reader.double() : nil
            let unit = try reader.optionalString()
            let note = try reader.optionalString()
            lines.append(HabitLine(habit: habit, label: label, state: state, value: value, unit: unit,
                                   note: note, line: Int(try reader.uint())))
        }
        return lines
    }

    private static func enumValue<T>(_ cases: [T], _ reader: inout BinaryReader) throws(BinaryReader.Corrupt) -> T {
        let index = Int(try reader.byte())
        guard index < cases.count else { throw BinaryReader.Corrupt() }
        return cases[index]
    }
}

extension Link.Kind: CaseIterable {
    public static let allCases: [Link.Kind] = [.wikilink, .embed, .markdown, .url]
}

extension TaskItem.State: CaseIterable {
    public static let allCases: [TaskItem.State] = [.open, .done, .skipped]
}
