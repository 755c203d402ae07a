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
        var prefix = 0
        while prefix < old.count && prefix < new.count && same(prefix, prefix) { prefix += 1 }
        var oldEnd = old.count, newEnd = new.count
        while oldEnd > prefix && newEnd > prefix && same(oldEnd - 1, newEnd - 1) {
            oldEnd -= 1
            newEnd -= 1
        }
        // Matching lines of the middle (a longest common subsequence), when it is small enough.
        var pairs: [(Int, Int)] = []
        let rows = oldEnd - prefix, columns = newEnd - prefix
        if rows > 0 && columns > 0 && rows * columns <= 4_000_000 {
            var table = [[Int32]](repeating: [Int32](repeating: 0, count: columns + 1), count: rows + 1)
            for i in stride(from: rows - 1, through: 0, by: -1) {
                for j in stride(from: columns - 1, through: 0, by: -1) {
                    table[i][j] = same(prefix + i, prefix + j) ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
                }
            }
            var i = 0, j = 0
            while i < rows && j < columns {
                if same(prefix + i, prefix + j) {
                    pairs.append((prefix + i, prefix + j))
                    i += 1
                    j += 1
                } else if table[i + 1][j] >= table[i][j + 1] {
                    i += 1
                } else {
                    j += 1
                }
            }
        }
        pairs.append((oldEnd, newEnd))
        let document = TextDocument(uri: "", version: 0, bytes: before)
        func start(_ line: Int, _ ranges: [Range<Int>], _ count: Int) -> Int { line < ranges.count ? ranges[line].lowerBound : count }
        var result: [JSON] = []
        var i = prefix, j = prefix
        for (matchI, matchJ) in pairs {
            if matchI > i || matchJ > j {
                let from = start(i, old, before.count), to = start(matchI, old, before.count)
                let text = after[start(j, new, after.count)..<start(matchJ, new, after.count)]
                let range = TextRange(start: document.position(of: from, encoding), end: document.position(of: to, encoding))
                result.append(["range": range.json, "newText": .string(String(decoding: text, as: UTF8.self))])
            }
            i = matchI + 1
            j = matchJ + 1
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
