import BrainJSONRPC
import BrainFormat
import BrainAnalytics
import BrainStore

/// An action's dry run as a protocol `WorkspaceEdit`: each changed file's text edits, and the
/// files it creates, renames or deletes. Edits replace whole lines, only those that differ.
struct WorkspaceEdits {
    let workspace: Workspace
    let capabilities: JSON
    let encoding: PositionEncoding

    enum Problem: Error {
        /// The edit needs file operations the client did not say it supports.
        case fileOperations(String)
    }

    /// Whether the client takes `documentChanges` with create, rename and delete operations.
    private func supports(_ operation: String) -> Bool {
        let edit = capabilities["workspace"]["workspaceEdit"]
        return (edit["resourceOperations"].array ?? []).contains(.string(operation))
    }

    private var documentChanges: Bool {
        let edit = capabilities["workspace"]["workspaceEdit"]
        return edit["documentChanges"].bool == true || !(edit["resourceOperations"].array ?? []).isEmpty
    }

    func edit<Outcome>(_ preview: ActionPreview<Outcome>) throws(Problem) -> JSON {
        var operations: [JSON] = []
        var plain: [String: JSON] = [:]
        var needsOperations = false
        func textEdit(_ path: String, before: [UInt8], after: [UInt8]) {
            let edits = WorkspaceEdits.edits(from: before, to: after, encoding: encoding)
            if edits.isEmpty { return }
            let uri = workspace.uri(path)
            let version: JSON = workspace.documents[path].map { .int($0.version) } ?? .null
            operations.append(["textDocument": ["uri": .string(uri), "version": version], "edits": .array(edits)])
            plain[uri] = .array(edits)
        }
        for change in preview.result.changes {
            switch change.kind {
            case .modified:
                textEdit(change.path, before: preview.before[change.path] ?? [], after: preview.after[change.path] ?? [])
            case .created:
                guard supports("create") else { throw .fileOperations("create \(change.path)") }
                needsOperations = true
                operations.append(["kind": "create", "uri": .string(workspace.uri(change.path)),
                                   "options": ["overwrite": false, "ignoreIfExists": false]])
                textEdit(change.path, before: [], after: preview.after[change.path] ?? [])
            case .moved:
                guard let from = change.from else { continue }
                guard supports("rename") else { throw .fileOperations("rename \(from) to \(change.path)") }
                needsOperations = true
                textEdit(from, before: preview.before[from] ?? [], after: preview.after[change.path] ?? [])
                operations.append(["kind": "rename", "oldUri": .string(workspace.uri(from)), "newUri": .string(workspace.uri(change.path)),
                                   "options": ["overwrite": false, "ignoreIfExists": false]])
            case .deleted:
                guard supports("delete") else { throw .fileOperations("delete \(change.path)") }
                needsOperations = true
                operations.append(["kind": "delete", "uri": .string(workspace.uri(change.path))])
            }
        }
        if documentChanges || needsOperations { return ["documentChanges": .array(operations)] }
        return ["changes": .object(plain)]
    }

    /// The edits that turn `before` into `after`: each run of differing lines replaced whole,
    /// positions in `before`.
    static func edits(from before: [UInt8], to after: [UInt8], encoding: PositionEncoding) -> [JSON] {
        if before == after { return [] }
        let old = lines(before), new = lines(after)
        func same(_ i: Int, _ j: Int) -> Bool { before[old[i]].elementsEqual(after[new[j]]) }
        let document = TextDocument(uri: "", version: 0, bytes: before)
        func start(_ line: Int, _ ranges: [Range<Int>], _ count: Int) -> Int { line < ranges.count ? ranges[line].lowerBound : count }
        var result: [JSON] = []
        for run in SequenceMatch.runs(old.count, new.count, same: same) {
            let from = start(run.old.lowerBound, old, before.count), to = start(run.old.upperBound, old, before.count)
            let text = after[start(run.new.lowerBound, new, after.count)..<start(run.new.upperBound, new, after.count)]
            let range = TextRange(start: document.position(of: from, encoding), end: document.position(of: to, encoding))
            result.append(["range": range.json, "newText": .string(String(decoding: text, as: UTF8.self))])
        }
        return result
    }

    /// Each line's bytes with its line ending.
    private static func lines(_ bytes: [UInt8]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            result.append(start..<(index + 1))
            start = index + 1
        }
        if start < bytes.count { result.append(start..<bytes.count) }
        return result
    }
}
