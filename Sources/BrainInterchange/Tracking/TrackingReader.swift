import BrainFormat
import BrainAnalytics
import BrainStore

/// Reads the files of several sources for the rules of a vault's habits: each file is read once,
/// for every query its source is asked (`TrackingSource.read`), before anything is written.
package enum TrackingReader {
    /// Reads `files` for `rules`. A file of a source no rule uses is not opened.
    package static func read(_ files: [TrackingFile], rules: [AutoRule], context: TrackingContext) throws(TrackingError) -> TrackingData {
        var collector = TrackingCollector()
        for file in files {
            guard let source = TrackingSources.named(file.source) as? any TrackingFileSource.Type else {
                throw TrackingError("unknown source \"\(file.source)\": expected \(TrackingSources.names.joined(separator: ", "))")
            }
            let queries = Set(rules.filter { $0.source == source.name }.map(\.query)).sorted()
            if queries.isEmpty {
                collector.finished(file, records: 0, problems: 0)
                continue
            }
            try source.read(file, queries: queries, into: &collector, context: context)
        }
        return collector.data
    }

    /// The rules of the habits that can still be tracked (not archived), by habit id.
    package static func rules(of journal: Journal) -> [AutoRule] {
        journal.habits.filter { $0.status != .archived }.compactMap(\.auto)
    }
}

extension TrackingFile {
    /// The files of `.brain/config.yml`'s `track:`, in source order: a path relative to the vault
    /// root, absolute, or under `~/` (the home folder `home`).
    package static func configured(_ config: VaultConfig, vaultRoot: String, home: String?) -> [TrackingFile] {
        TrackingSources.names.flatMap { name in
            (config.track[name] ?? []).map { path in
                TrackingFile(source: name, path: resolve(path, from: vaultRoot, home: home), shown: path)
            }
        }
    }

    /// `path` made absolute: `~/x` under `home`, a relative path under `base`.
    package static func resolve(_ path: String, from base: String, home: String?) -> String {
        if path == "~" || path.hasPrefix("~/"), let home { return VaultLocator.absolute(String(path.dropFirst(2)), from: home) }
        return VaultLocator.absolute(path, from: base)
    }

    /// `NAME=FILE` as `--source` takes it; nil when there is no `=` or the name is no source.
    package static func parse(_ text: String, from base: String, home: String?) -> TrackingFile? {
        guard let equals = text.firstIndex(of: "="), let source = TrackingSources.named(String(text[..<equals])) else { return nil }
        let path = String(text[text.index(after: equals)...])
        guard !path.isEmpty else { return nil }
        return TrackingFile(source: source.name, path: resolve(path, from: base, home: home), shown: path)
    }
}
