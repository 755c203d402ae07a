extension NoteRecord {
    func encode(into writer: inout BinaryWriter) {
        writer.string(stamp.path)
        writer.uint(UInt64(stamp.size))
        writer.int(Int(stamp.modified))
        writer.byte(UInt8(NoteKind.allCases.firstIndex(of: kind)!))
        writer.string(title)
        writer.strings(aliases)
        writer.strings(tags)
        frontMatter.encode(into: &writer)
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
        writer.uint(UInt64(tasks.count))
        for task in tasks {
            writer.byte(TaskItem.State.allCases.firstIndex(of: task.state).map(UInt8.init)!)
            writer.string(task.text)
            writer.uint(UInt64(task.line))
            writer.uint(UInt64(task.indent))
        }
        writer.uint(UInt64(headings.count))
        for heading in headings {
            writer.uint(UInt64(heading.level))
            writer.string(heading.text)
            writer.uint(UInt64(heading.line))
        }
        writer.uint(UInt64(diagnostics.count))
        for diagnostic in diagnostics {
            writer.uint(UInt64(diagnostic.location.line))
            writer.uint(UInt64(diagnostic.location.column))
            writer.bool(diagnostic.severity == .error)
            writer.string(diagnostic.message)
        }
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
        writer.bool(day != nil)
        if let day { writer.int(day.ordinal) }
    }

    static func decode(from reader: inout BinaryReader) throws(BinaryReader.Corrupt) -> NoteRecord {
        let path = try reader.string()
        let size = Int(try reader.uint())
        let modified = Int64(try reader.int())
        let kindIndex = Int(try reader.byte())
        guard kindIndex < NoteKind.allCases.count else { throw BinaryReader.Corrupt() }
        var record = NoteRecord(stamp: FileStamp(path: path, size: size, modified: modified),
                                kind: NoteKind.allCases[kindIndex], title: try reader.string())
        record.aliases = try reader.strings()
        record.tags = try reader.strings()
        record.frontMatter = try YAMLMap.decode(from: &reader)
        let linkCount = try reader.count()
        record.links.reserveCapacity(linkCount)
        for _ in 0..<linkCount {
            let kind = try enumValue(Link.Kind.allCases, &reader)
            let target = try reader.string()
            let fragment = try reader.optionalString()
            let label = try reader.optionalString()
            let line = Int(try reader.uint())
            let column = Int(try reader.uint())
            let start = Int(try reader.uint())
            let length = Int(try reader.uint())
            record.links.append(Link(kind: kind, target: target, fragment: fragment, label: label,
                                     line: line, column: column, byteRange: start..<start + length))
        }
        let taskCount = try reader.count()
        for _ in 0..<taskCount {
            let state = try enumValue(TaskItem.State.allCases, &reader)
            let text = try reader.string()
            let line = Int(try reader.uint())
            record.tasks.append(TaskItem(state: state, text: text, line: line, indent: Int(try reader.uint())))
        }
        let headingCount = try reader.count()
        for _ in 0..<headingCount {
            let level = Int(try reader.uint())
            let text = try reader.string()
            record.headings.append(Heading(level: level, text: text, line: Int(try reader.uint())))
        }
        let diagnosticCount = try reader.count()
        for _ in 0..<diagnosticCount {
            let line = Int(try reader.uint())
            let column = Int(try reader.uint())
            let severity: Diagnostic.Severity = try reader.bool() ? .error : .warning
            record.diagnostics.append(Diagnostic(path: path, line: line, column: column, severity: severity,
                                                 message: try reader.string()))
        }
        let habitCount = try reader.count()
        for _ in 0..<habitCount {
            let habit = try reader.string()
            let label = try reader.optionalString()
            let state = try enumValue(TaskItem.State.allCases, &reader)
            let value: Double? = try reader.bool() ? try reader.double() : nil
            let unit = try reader.optionalString()
            let note = try reader.optionalString()
            record.habitLines.append(HabitLine(habit: habit, label: label, state: state, value: value, unit: unit,
                                               note: note, line: Int(try reader.uint())))
        }
        if try reader.bool() { record.day = Day(ordinal: try reader.int()) }
        return record
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
