import BrainJSONRPC
import BrainFormat
import BrainAnalytics
import BrainStore

/// Buffers opened, changed, saved and closed, and files changed on disk: the index follows each,
/// and the diagnostics of open files are published again.
extension LanguageServer {
    func didOpen(_ params: JSON) {
        let item = params["textDocument"]
        // A file a symbolic link takes out of the vault is not the vault's: no buffer, no answers.
        guard let uri = item["uri"].string, let text = item["text"].string, let path = workspace.servedPath(uri) else { return }
        let document = TextDocument(uri: uri, version: item["version"].int ?? 0, bytes: Array(text.utf8))
        let update = workspace.open(document, at: path)
        noteSize(of: path, document)
        publishDiagnostics(changed: path, update: update)
    }

    func didChange(_ params: JSON) {
        guard let uri = params["textDocument"]["uri"].string, let path = workspace.relativePath(uri),
              workspace.documents[path] != nil else { return }
        let encoding = self.encoding
        let update = workspace.change(path, deferringAbove: LanguageServer.documentLimit) { document in
            for change in params["contentChanges"].array ?? [] {
                guard let text = change["text"].string else { continue }
                // No range replaces the whole text; a range that cannot be read changes nothing.
                let range = TextRange(change["range"])
                if range == nil && !change["range"].isNull { continue }
                document.apply(text, range: range, encoding)
            }
            if let version = params["textDocument"]["version"].int { document.setVersion(version) }
        }
        if let document = workspace.documents[path] { noteSize(of: path, document) }
        // A large buffer's diagnostics come when the client pauses (see `settle`).
        if workspace.waiting.contains(path) { return }
        publishDiagnostics(changed: path, update: update)
    }

    func didClose(_ params: JSON) {
        guard let uri = params["textDocument"]["uri"].string, let path = workspace.relativePath(uri) else { return }
        let update = workspace.close(path)
        announcedLarge.remove(path)
        // A closed file's problems are no longer shown; the others may have moved with its text.
        published[uri] = nil
        notify("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])
        if update.namesChanged { publishAll() }
    }

    /// A save re-checks the whole vault against the disk: files changed outside the editor are
    /// read again (only those: the index compares sizes and times), for clients that do not
    /// report changed files.
    func didSave(_ params: JSON) {
        workspace.reload()
        publishAll()
    }

    func didChangeWatchedFiles(_ params: JSON) {
        var paths: [String] = []
        var settings = false
        for change in params["changes"].array ?? [] {
            guard let uri = change["uri"].string, let path = workspace.relativePath(uri) else { continue }
            if path == Vault.configPath { settings = true }
            paths.append(path)
        }
        if settings {
            workspace.reload()
            publishAll()
            return
        }
        let update = workspace.filesChanged(paths)
        if !update.changed.isEmpty { publishAll() }
    }

    /// Publishes the diagnostics of the file that changed, and of every other open file when the
    /// change may have moved them (a title, an alias, a file added or removed).
    func publishDiagnostics(changed path: String, update: VaultIndex.Update) {
        publish(path, force: true)
        if update.namesChanged && !update.othersPending {
            for other in workspace.documents.keys.sorted() where other != path { publish(other, force: false) }
        }
    }

    /// Reads the large buffers typed in into the index and resolves the links a change of names
    /// left waiting, and publishes what moved: before a request, and when the client pauses.
    package func settle() {
        guard state == .running else { return }
        let (read, settled) = workspace.settle()
        guard settled else { return }
        for path in read { publish(path, force: true) }
        publishAll()
    }

    /// Whether large buffers wait to be read, or links to be resolved again (see `settle`).
    package var hasPendingWork: Bool { state == .running && workspace.hasPendingWork }

    func publishAll() {
        for path in workspace.documents.keys.sorted() { publish(path, force: false) }
    }

    /// Sends the diagnostics of an open file; unchanged ones are sent again only when `force`.
    private func publish(_ path: String, force: Bool) {
        guard let document = workspace.documents[path] else { return }
        let diagnostics = JSON.array(diagnostics(of: path, document))
        if !force && published[document.uri] == diagnostics { return }
        published[document.uri] = diagnostics
        notify("textDocument/publishDiagnostics",
               ["uri": .string(document.uri), "version": .int(document.version), "diagnostics": diagnostics])
    }

    /// What `brain validate` reports for one file, as protocol diagnostics: the first
    /// `diagnosticLimit` of them, then one saying how many more there are; first of all, for a
    /// document over the size limit, one saying it gets diagnostics only.
    func diagnostics(of path: String, _ document: TextDocument) -> [JSON] {
        var found: [Diagnostic] = []
        var position: Int?
        if path == Vault.configPath {
            // The settings as the buffer holds them.
            found = Vault(root: workspace.root, fileSystem: workspace.overlay).configDiagnostics
        } else if let record = workspace.record(path) {
            found = workspace.index.validation(of: record)
            position = record
        }
        var result: [JSON] = []
        if LanguageServer.isLarge(document.bytes.count) {
            let start = Position(line: 0, character: 0)
            result.append(["range": TextRange(start: start, end: start).json, "severity": 3, "source": "brain",
                           "message": .string(LanguageServer.largeMessage(path, size: document.bytes.count))])
        }
        if found.count > LanguageServer.diagnosticLimit { found.sort { $0.location < $1.location } }
        let shown = found.prefix(LanguageServer.diagnosticLimit)
        // A problem with a link spans the link: the ends of those links, and only those.
        var linkEnds: [SourceLocation: Int] = [:]
        if let position {
            let places = Set(shown.map(\.location))
            for link in workspace.index.records[position].links {
                let place = SourceLocation(line: link.line, column: link.column)
                if places.contains(place) { linkEnds[place] = link.byteRange.upperBound }
            }
        }
        for diagnostic in shown {
            let start = document.position(line: diagnostic.location.line, column: diagnostic.location.column, encoding)
            var end = document.lineEnd(start.line, encoding)
            if let linkEnd = linkEnds[diagnostic.location] { end = document.position(of: linkEnd, encoding) }
            if end < start { end = start }
            result.append(["range": TextRange(start: start, end: end).json,
                           "severity": .int(diagnostic.severity == .error ? 1 : 2),
                           "source": "brain",
                           "message": .string(diagnostic.message)])
        }
        if found.count > shown.count {
            let next = found[shown.count].location
            let start = document.position(line: next.line, column: next.column, encoding)
            let more = found.count - shown.count
            result.append(["range": TextRange(start: start, end: start).json, "severity": 3, "source": "brain",
                           "message": .string("\(Quantity.count(more, "more problem")) in this file, not shown "
                                              + "(brain lsp shows the first \(LanguageServer.diagnosticLimit)); brain validate lists them all")])
        }
        return result
    }
}
