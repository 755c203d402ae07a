import Foundation

/// Rebuilds a vault from `brain export json`: every file record's `text` written back at its
/// `path`, byte for byte, with `.brain/config.yml` from `config` and the templates. A file that
/// is already there with the same bytes is left alone (a second import changes nothing); one
/// with other bytes stops the import before anything is written, so nothing is lost.
public struct ImportVaultJSON: VaultAction {
    /// One file to write: its vault-relative path and text.
    public struct File: Sendable, Hashable {
        public var path: String
        public var text: String
    }

    public var source: String
    public var files: [File]
    public var config: String?

    public var name: String { "import-json" }

    public struct Outcome: Codable, Sendable, Hashable {
        public var source: String
        public var created: Int
        /// Files already there with the same bytes.
        public var unchanged: Int
    }

    /// Reads an export; a file that is not one (bad JSON, another schema, a record without a
    /// path or text) is refused with its place.
    public init(json bytes: [UInt8], source: String) throws(ActionError) {
        self.source = source
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: Data(bytes)) } catch {
            throw ActionError(.invalidArgument, "\(source): not valid JSON: \(ImportVaultJSON.describe(error))")
        }
        guard let root = object as? [String: Any] else {
            throw ActionError(.invalidArgument, "\(source): not a brain export (the JSON is not an object)")
        }
        guard let version = root["schemaVersion"] as? Int else {
            throw ActionError(.invalidArgument, "\(source): not a brain export (no schemaVersion); make one with brain export json")
        }
        guard version == JSONOutput.schemaVersion else {
            throw ActionError(.invalidArgument, "\(source): schemaVersion \(version) is not one this brain reads (\(JSONOutput.schemaVersion))")
        }
        var files: [File] = []
        var seen = Set<String>()
        for key in ["areas", "goals", "habits", "notes", "checkIns", "templates"] {
            guard let value = root[key] else { continue }
            guard let items = value as? [Any] else { throw ActionError(.invalidArgument, "\(source): \(key) is not a list") }
            for (number, item) in items.enumerated() {
                guard let record = item as? [String: Any], let path = record["path"] as? String, let text = record["text"] as? String else {
                    throw ActionError(.invalidArgument, "\(source): \(key)[\(number)] has no path and text; every file record needs both")
                }
                let normalized: String
                do { normalized = try VaultPaths.normalize(path) } catch {
                    throw ActionError(.invalidArgument, "\(source): \(key)[\(number)]: \(error.description)")
                }
                guard !normalized.isEmpty, !normalized.hasPrefix(".brain/") else {
                    throw ActionError(.invalidArgument, "\(source): \(key)[\(number)]: \"\(path)\" is not a place for a note")
                }
                guard seen.insert(normalized.lowercased()).inserted else {
                    throw ActionError(.invalidArgument, "\(source): \(key)[\(number)]: \(normalized) appears twice")
                }
                files.append(File(path: normalized, text: text))
            }
        }
        self.files = files
        if let config = root["config"], !(config is NSNull) {
            guard let text = config as? String else { throw ActionError(.invalidArgument, "\(source): config is not text") }
            self.config = text
        }
    }

    public func plan(_ transaction: VaultTransaction) throws(ActionError) -> Outcome {
        var outcome = Outcome(source: source, created: 0, unchanged: 0)
        var planned = files
        if let config { planned.insert(File(path: Vault.configPath, text: config), at: 0) }
        if !(try transaction.exists(".brain/.gitignore")) { planned.insert(File(path: ".brain/.gitignore", text: "cache/\n"), at: 0) }
        var conflicts: [String] = []
        var new: [File] = []
        for file in planned {
            if let existing = try transaction.document(ifExists: file.path) {
                if existing.text == file.text { outcome.unchanged += 1 } else { conflicts.append(file.path) }
            } else {
                new.append(file)
            }
        }
        if !conflicts.isEmpty {
            let shown = conflicts.prefix(10).map { "  " + $0 }.joined(separator: "\n")
            let more = conflicts.count > 10 ? "\n  … and \(conflicts.count - 10) more" : ""
            throw ActionError(.exists, "\(conflicts.count) file\(conflicts.count == 1 ? "" : "s") of the export already exist with other contents; nothing was imported:\n\(shown)\(more)\nimport into an empty folder (brain import json \(source) DIR) or move them away",
                              path: conflicts[0])
        }
        for file in new { try transaction.create(file.text, at: file.path) }
        outcome.created = new.count
        return outcome
    }

    /// A JSON parse error with its line and column when Foundation gives them.
    static func describe(_ error: Error) -> String {
        let text = "\(error)"
        if let range = text.range(of: "line \\d+, column \\d+", options: .regularExpression) { return String(text[range]) }
        return (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
    }
}
