import BrainJSONRPC
import BrainFormat
import BrainAnalytics
import BrainStore

/// `textDocument/definition`, `textDocument/references`, `textDocument/documentSymbol` and
/// `workspace/symbol`.
extension LanguageServer {
    /// Where the link under the cursor points: the note, at the heading or block it names; every
    /// candidate of an ambiguous link.
    func definition(_ params: JSON) throws -> JSON {
        guard let (path, document) = try document(params) else { return .null }
        let offset = document.offset(of: try position(params), encoding)
        guard let pointer = pointer(at: offset, path: path, document: document) else { return .null }
        let notes = notes(pointer.resolution)
        if notes.isEmpty { return .null }
        return .array(notes.map { location(of: $0, fragment: pointer.fragment) })
    }

    /// The backlinks of the note the cursor's link points to, else of this note: the first
    /// `referenceLimit` of them, with a message when there are more.
    func references(_ params: JSON) throws -> JSON {
        guard let (path, document) = try document(params) else { return .null }
        let offset = document.offset(of: try position(params), encoding)
        let target: Int?
        if let pointer = pointer(at: offset, path: path, document: document) {
            target = pointer.resolution.note
        } else {
            target = workspace.record(path)
        }
        guard let target else { return [] }
        var result: [JSON] = []
        if params["context"]["includeDeclaration"].bool == true { result.append(location(of: target)) }
        let backlinks = workspace.index.backlinks(of: target)
        let listed = backlinks.prefix(LanguageServer.referenceLimit)
        if listed.count < backlinks.count {
            showMessage(.info, "brain: \(backlinks.count) references to \(workspace.index.records[target].path); "
                        + "the first \(LanguageServer.referenceLimit) are listed")
        }
        // Columns are bytes; the client may count UTF-16, which needs the line's text. The
        // backlinks come source by source: one file is read and held at a time.
        var current: (source: Int, uri: String, file: TextDocument?)?
        for reference in listed {
            if current?.source != reference.source {
                let path = workspace.index.records[reference.source].path
                current = (reference.source, workspace.uri(path), workspace.document(path))
            }
            guard let current, let file = current.file else { continue }
            result.append(["uri": .string(current.uri), "range": range(of: reference.link, in: file).json])
        }
        return .array(result)
    }

    /// A link's span in a file.
    func range(of link: Link, in file: TextDocument) -> TextRange {
        TextRange(start: file.position(of: link.byteRange.lowerBound, encoding), end: file.position(of: link.byteRange.upperBound, encoding))
    }

    /// The headings of a document, nested by level (a flat list for clients that want one).
    func documentSymbols(_ params: JSON) throws -> JSON {
        guard let (path, document) = try document(params), let position = workspace.record(path) else { return [] }
        let headings = Array(workspace.index.records[position].headings.prefix(LanguageServer.symbolLimit))
        let lastLine = document.lineCount - 1
        func end(of index: Int) -> Int {
            let level = headings[index].level
            let next = headings[(index + 1)...].first { $0.level <= level }
            return next.map { max($0.line - 2, headings[index].line - 1) } ?? lastLine
        }
        func symbol(_ index: Int) -> JSON {
            let line = headings[index].line - 1
            let selection = TextRange(start: Position(line: line, character: 0), end: document.lineEnd(line, encoding))
            let full = TextRange(start: selection.start, end: document.lineEnd(end(of: index), encoding))
            return ["name": .string(headings[index].text.isEmpty ? "(empty heading)" : headings[index].text),
                    "detail": .string(String(repeating: "#", count: headings[index].level)),
                    "kind": 15, "range": full.json, "selectionRange": selection.json]
        }
        if clientCapabilities["textDocument"]["documentSymbol"]["hierarchicalDocumentSymbolSupport"].bool != true {
            return .array(headings.indices.map { index in
                let symbol = symbol(index)
                return ["name": symbol["name"], "kind": 15,
                        "location": ["uri": .string(document.uri), "range": symbol["range"]]]
            })
        }
        // Each heading holds the deeper ones that follow it.
        func children(from start: Int, parentLevel: Int) -> (symbols: [JSON], next: Int) {
            var result: [JSON] = []
            var index = start
            while index < headings.count && headings[index].level > parentLevel {
                var node = symbol(index)
                let nested = children(from: index + 1, parentLevel: headings[index].level)
                if !nested.symbols.isEmpty { node["children"] = .array(nested.symbols) }
                result.append(node)
                index = nested.next
            }
            return (result, index)
        }
        return .array(children(from: 0, parentLevel: 0).symbols)
    }

    /// Notes whose title, id or an alias contains the query, at most 200.
    func workspaceSymbols(_ params: JSON) -> JSON {
        let needle = (params["query"].string ?? "").lowercased()
        var result: [JSON] = []
        for record in workspace.index.records {
            let names = [record.title, record.stem] + record.aliases
            guard needle.isEmpty || names.contains(where: { $0.lowercased().contains(needle) }) else { continue }
            let place = Position(line: 0, character: 0)
            result.append(["name": .string(record.title), "kind": .int(LanguageServer.symbolKind(record.kind)),
                           "containerName": .string(record.kind.rawValue),
                           "location": ["uri": .string(workspace.uri(record.path)), "range": TextRange(start: place, end: place).json]])
            if result.count == 200 { break }
        }
        return .array(result)
    }

    /// The protocol's symbol kind for a kind of note.
    static func symbolKind(_ kind: NoteKind) -> Int {
        switch kind {
        case .note: return 1        // File
        case .habit: return 24      // Event
        case .goal: return 23       // Struct
        case .area: return 3        // Namespace
        case .daily: return 14      // Constant
        }
    }
}
