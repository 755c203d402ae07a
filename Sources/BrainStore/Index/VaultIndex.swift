#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import BrainFormat
import BrainAnalytics

/// The vault's index: one record per Markdown file, links resolved, kept in a cache under
/// `.brain/cache/` and brought up to date on open by re-reading only files whose size or
/// modification time changed.
public final class VaultIndex: @unchecked Sendable {
    /// Bumped whenever the cache layout or what parsing produces changes; an old cache is rebuilt.
    package static let formatVersion: UInt64 = 11
    /// The cache's manifest; the shards lie beside it (see `VaultIndex+Cache.swift`).
    package static let cachePath = ".brain/cache/index.bin"

    /// Which files an index covers.
    public enum Scope: Sendable {
        /// Every Markdown file of the vault (templates aside).
        case vault
        /// The files analytics reads: the habits, goals, areas and daily folders. Links are not
        /// resolved (`resolutions` is empty for every record): such an index answers lookups by
        /// name (`habitID(of:)`, `startsWithJournalLink`), never link queries. It has its own
        /// cache (`journal.bin` and `journal-NNNN.bin`), so a question about habits costs the
        /// files it needs, not the vault's 100,000 notes.
        case journal
        /// Every file outside the journal's folders, each kept as its path, stamp, title and
        /// `pinned` only: with the journal's index, the pinned notes `brain today` lists. A pin
        /// can be in any file, so every such file's stamp is checked, but nothing else of a note
        /// is decoded. Links are not resolved. Its own cache is `pins.bin` and `pins-NNNN.bin`.
        case pins

        /// The manifest's vault-relative path.
        package var cachePath: String {
            switch self {
            case .vault: return VaultIndex.cachePath
            case .journal: return ".brain/cache/journal.bin"
            case .pins: return ".brain/cache/pins.bin"
            }
        }

        /// The start of each shard's file name.
        package var shardPrefix: String {
            switch self {
            case .vault: return "shard-"
            case .journal: return "journal-"
            case .pins: return "pins-"
            }
        }
    }

    /// The files this index covers; set by `open`.
    public internal(set) var scope = Scope.vault
    /// Conflict copies a sync engine left among the files the index covers (`ConflictCopy`), by
    /// path: they are left out of `records`. Set by `open`.
    package internal(set) var conflictCopies: [ConflictCopy] = []

    /// What opening the index did.
    public struct Report: Hashable, Sendable, Codable {
        public var files = 0
        /// Files parsed this time (new or changed, or all on a rebuild).
        public var reread = 0
        public var added = 0
        public var changed = 0
        public var removed = 0
        public var rebuilt = false
        /// Whether a watcher said which files changed (`ChangeSource`): no walk was made.
        package var watched = false
        /// Why the cache was not used, when it was not (missing, old version, corrupt).
        public var warnings: [String] = []
    }

    public let vault: Vault
    /// Every file, sorted by path.
    package private(set) var records: [NoteRecord]
    /// For each record, for each of its links, where the link points.
    package private(set) var resolutions: [[Resolution]]
    public private(set) var report: Report
    /// Built on first use: queries that only read cached resolutions never pay for it. Threads
    /// may ask for it together (the vault's problems are listed on every core).
    package var resolver: LinkResolver {
        get {
            tableLock.withLock {
                if let resolverTable { return resolverTable }
                let built = LinkResolver(records: records)
                resolverTable = built
                return built
            }
        }
        set { tableLock.withLock { resolverTable = newValue } }
    }
    private var resolverTable: LinkResolver?
    /// Path → position; built on first use (a query such as `brain tags` never needs it).
    public var recordByPath: [String: Int] {
        tableLock.withLock {
            if let byPathTable { return byPathTable }
            var table: [String: Int] = [:]
            table.reserveCapacity(records.count)
            for index in records.indices { table[records[index].stamp.path] = index }
            byPathTable = table
            return table
        }
    }
    private var byPathTable: [String: Int]?
    private let tableLock = NSLock()
    /// Resolvers over the habit files alone, and over the habits, goals and areas, with each of
    /// their files' positions in `records`; built on first use (see `kindLookup`).
    private var habitLookup: KindLookup?
    private var journalLookup: KindLookup?

    package struct KindLookup {
        package let resolver: LinkResolver
        /// The record position of each of the resolver's files.
        package let positions: [Int]
    }

    /// The resolver over the habits (`habitsOnly`), or over the habits, goals and areas.
    package func kindLookup(habitsOnly: Bool) -> KindLookup {
        tableLock.withLock {
            if let known = habitsOnly ? habitLookup : journalLookup { return known }
            let positions = records.indices.filter { position in
                let kind = records[position].kind
                return kind == .habit || (!habitsOnly && (kind == .goal || kind == .area))
            }
            let lookup = KindLookup(resolver: LinkResolver(records: positions.map { records[$0] }), positions: positions)
            if habitsOnly { habitLookup = lookup } else { journalLookup = lookup }
            return lookup
        }
    }
    /// Lower-cased habit file stems → the stem as written.
    package let habitStems: [String: String]
    /// For each record whose path equals others' but for normalisation or case, those others;
    /// built on first use (see `nameTwins`).
    package var cachedNameTwins: [Int: [Int]]?
    /// The checksums of the cache's shards as loaded or last saved: a save then writes only the
    /// shards whose records changed.
    package var shardSums: [UInt64]?
    /// The summaries of the cache's shards as loaded or last saved, beside `shardSums`.
    package var shardSummaries: [ShardSummary]?
    /// The watcher's token taken before this index's files were read (`ChangeSource`): the
    /// cache records it, and the next open asks what changed since.
    package var watchToken: String?
    /// Whether `open` found every file as the cache had it (same paths, same stamps) and took
    /// the cached records as they were: then `shardSums` names this state of the files, and an
    /// answer kept from it (`KeptAnswer`) is still the answer.
    package internal(set) var unchangedSinceCache = false

    package convenience init(vault: Vault, records: [NoteRecord], resolutions: [[Resolution]], report: Report) {
        var habits: [String: String] = [:]
        for index in records.indices where records[index].kind == .habit {
            let stem = records[index].stem
            habits[stem.lowercased()] = stem
        }
        self.init(vault: vault, records: records, resolutions: resolutions, report: report,
                  recordByPath: nil, habitStems: habits)
    }

    /// An index over the same paths as another one, reusing its tables (see `updating`).
    package init(vault: Vault, records: [NoteRecord], resolutions: [[Resolution]], report: Report,
         recordByPath: [String: Int]?, habitStems: [String: String]) {
        self.vault = vault
        self.records = records
        self.resolutions = resolutions
        self.report = report
        byPathTable = recordByPath
        self.habitStems = habitStems
    }

    /// The Markdown files `scope` covers (templates aside), in walk order.
    /// `stamps: false` may leave sizes and times at 0 (see `FileSystem.markdownFiles`).
    package static func walk(_ vault: Vault, scope: Scope = .vault, stamps: Bool = true) -> [FileStamp] {
        switch scope {
        case .vault, .pins:
            // The pins' walk does not enter the journal's folders: the journal's index has their files.
            let skipped = scope == .pins ? Set(journalFolders(vault)) : []
            return vault.fileSystem.markdownFiles(under: vault.root, stamps: stamps, skipping: skipped)
                .filter { !vault.isTemplate($0.path) }
        case .journal:
            var files: [FileStamp] = []
            for folder in journalFolders(vault) {
                for var stamp in vault.fileSystem.markdownFiles(under: VaultPaths.join(vault.root, folder), stamps: stamps) {
                    stamp.path = folder + "/" + stamp.path
                    if !vault.isTemplate(stamp.path) { files.append(stamp) }
                }
            }
            return files
        }
    }

    /// The habits, goals, areas and daily folders that the walk of the whole vault enters, in the
    /// order it meets them, without one inside another (its files are listed with the outer one).
    /// A folder behind a symbolic link or a hidden name is left out, as the whole walk leaves it.
    package static func journalFolders(_ vault: Vault) -> [String] {
        let folders = vault.config.folders
        let all = Set([folders.habits, folders.goals, folders.areas, folders.daily])
        let outermost = all.filter { folder in !all.contains { folder.hasPrefix($0 + "/") } }
        let entered = outermost.filter { folder in
            var path = vault.root
            for part in folder.split(separator: "/") {
                if part.hasPrefix(".") { return false }
                path += "/" + part
                if vault.fileSystem.isSymbolicLink(path) { return false }
            }
            return true
        }
        // The walk sorts each folder's names by their bytes.
        return entered.sorted { left, right in
            let a = left.split(separator: "/"), b = right.split(separator: "/")
            for (x, y) in zip(a, b) where x != y { return x.utf8.lexicographicallyPrecedes(y.utf8) }
            return a.count < b.count
        }
    }

    /// Opens the index of `vault`, updating the cache. `rebuild` ignores the cache.
    /// `save: false` leaves the cache file untouched (read-only vaults). `scope: .journal` covers
    /// only the files analytics reads (see `Scope`).
    /// `changes`: where to learn what changed since the cache was written instead of walking
    /// (`ChangeSource`); by default the one `changeSources` gives, if any.
    public static func open(_ vault: Vault, scope: Scope = .vault, rebuild: Bool = false, save: Bool = true) -> VaultIndex {
        open(vault, scope: scope, rebuild: rebuild, save: save, changes: nil)
    }

    package static func open(_ vault: Vault, scope: Scope = .vault, rebuild: Bool = false, save: Bool = true,
                             changes: (any ChangeSource)?) -> VaultIndex {
        var report = Report()
        if vault.hasInterruptedChange {
            // A multi-file change was cut short (or is being written right now): wait for the
            // lock, then finish it, so the index never sees it half done.
            do {
                let lock = try VaultLock(vault: vault)
                defer { withExtendedLifetime(lock) {} }
                if let recovered = try vault.recoverInterruptedChange() { report.warnings.append(recovered) }
            } catch {
                report.warnings.append("an interrupted change could not be finished: \(error.description)")
            }
        }
        var cached: CachedIndex?
        var save = save
        var useCache = !rebuild
        do {
            // The folder must be the vault's own; a link in the cache file's place is only replaced.
            _ = try vault.internalPath(VaultPaths.directory(of: scope.cachePath))
        } catch {
            // `.brain` or its cache folder points elsewhere: the index lives in memory only.
            report.warnings.append("the index cache is not used: \(error.description)")
            save = false
            useCache = false
        }
        // With no cache to compare against (a first run, a rebuild), the walk makes no `stat`:
        // each file's read takes its size and times from the `fstat` it makes anyway. A cache
        // written meanwhile by another process is then not read: this run rebuilds it.
        let stampsFromReads = vault.fileSystem.disk != nil
            && (!useCache || !vault.fileSystem.exists(VaultPaths.join(vault.root, scope.cachePath)))
        if stampsFromReads { useCache = false }
        // A watcher (`brain watch`) is asked first, before any file is read: its token is the
        // one the cache records. When it can say what changed since the cache's token, only
        // those paths are looked at (`watchedFiles`); otherwise every file is, as without it.
        var answer: WatchAnswer?
        var watched: (cache: CachedIndex, files: [FileStamp])?
        if vault.fileSystem.disk != nil, let source = changes ?? changeSources?(vault) {
            let asked = useCache ? cachedToken(vault, scope: scope) : nil
            answer = source.changes(since: asked)
            if case .changed(_, let paths)? = answer, asked != nil,
               case .success(let cache) = loadCache(vault, scope: scope), cache.token == asked,
               let derived = watchedFiles(vault, scope: scope, cached: cache.records, paths: paths) {
                watched = (cache, derived)
            }
        }
        // The walk (mostly `stat` calls, time in the kernel) and the cache's decoding (time in
        // this process) need nothing from each other: on the disk they run side by side.
        let loaded: Result<CachedIndex, CacheProblem>?
        var files: [FileStamp]
        if let watched {
            report.watched = true
            files = watched.files
            loaded = .success(watched.cache)
        } else if stampsFromReads {
            files = walk(vault, scope: scope, stamps: false)
            loaded = nil
        } else if useCache, vault.fileSystem.disk != nil {
            let walked = SlotBuffer<[FileStamp]>(count: 1)
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) { walked.set(0, walk(vault, scope: scope)) }
            loaded = loadCache(vault, scope: scope)
            group.wait()
            files = walked.values()[0]
        } else {
            files = walk(vault, scope: scope)
            loaded = useCache ? loadCache(vault, scope: scope) : nil
        }
        // Conflict copies a sync engine left are not notes, days or habits of their own.
        let copies: [ConflictCopy]
        (files, copies) = ConflictCopy.split(files)
        report.files = files.count
        switch loaded {
        case nil: report.rebuilt = true
        case .success(let value)?: cached = value
        case .failure(let problem)?:
            report.rebuilt = true
            if let message = problem.message { report.warnings.append(message) }
        }
        // One pass over the stamps: the files that differ from the cached record in their place.
        // When only their contents differ (an edit, the common change), each record's place is
        // its file's: no table of every path, and no second pass.
        var differing: [Int] = []
        var samePlaces = false
        if let cached, cached.records.count == files.count {
            samePlaces = cached.records.withUnsafeBufferPointer { records in
                for index in files.indices where records[index].stamp != files[index] {
                    guard records[index].path == files[index].path else { return false }
                    differing.append(index)
                }
                return true
            }
            // Nothing changed: use the cached records as they are (no copying).
            if samePlaces && differing.isEmpty {
                let index = VaultIndex(vault: vault, records: cached.records, resolutions: cached.resolutions, report: report)
                index.shardSums = cached.shardSums
                index.shardSummaries = cached.summaries
                index.scope = scope
                index.conflictCopies = copies
                index.watchToken = answer?.token
                index.unchangedSinceCache = true
                // A new token (the files were all checked since the cache's): the manifest alone
                // is written again, so that the next open asks since now.
                if save, let token = answer?.token, token != cached.token { index.saveCache(shards: []) }
                return index
            }
        }
        var previous: [String: Int] = [:]
        if let cached, !samePlaces {
            previous.reserveCapacity(cached.records.count)
            for (index, record) in cached.records.enumerated() { previous[record.path] = index }
        }
        func cachedPlace(of index: Int) -> Int? { samePlaces ? index : previous[files[index].path] }
        // Decide what to re-read.
        var toParse: [Int] = []
        // For each file when places moved, the cached record it keeps (nil: read it again).
        var kept: [Int?] = []
        if samePlaces {
            toParse = differing
            report.changed = differing.count
        } else {
            kept = [Int?](repeating: nil, count: files.count)
            for (index, stamp) in files.enumerated() {
                let old = cachedPlace(of: index)
                if let cached, let old, cached.records[old].stamp == stamp {
                    kept[index] = old
                    continue
                }
                toParse.append(index)
                if old != nil { report.changed += 1 } else { report.added += 1 }
            }
        }
        if cached != nil {
            report.removed = (samePlaces ? files.count : previous.count) - (files.count - report.added)
        } else {
            report.added = 0
            report.changed = 0
        }
        report.reread = toParse.count
        // The records re-read, as the cache had them (names and links are compared below).
        let before = cached == nil ? [] : toParse.map { index in cachedPlace(of: index).map { cached!.records[$0] } }
        let parsed = parseAll(toParse.map { files[$0] }, vault: vault, stampsFromReads: stampsFromReads, compactFor: scope)
        var all: [NoteRecord]
        if cached == nil {
            // Every file was read, in walk order.
            all = parsed
        } else if samePlaces {
            // The same files in the same places: the cached records are updated in place
            // (taken out of `cached`, so that nothing is copied).
            all = cached!.records
            cached!.records = []
            for (slot, index) in toParse.enumerated() { all[index] = parsed[slot] }
        } else {
            var records = kept.map { old in old.map { cached!.records[$0] } }
            for (slot, index) in toParse.enumerated() { records[index] = parsed[slot] }
            all = records.map { $0! }
        }

        // Resolve links: everything when the set of names changed, else only the re-read files.
        var resolver: LinkResolver?
        var resolutions: [[Resolution]]
        let namesChanged = cached == nil || report.added > 0 || report.removed > 0
            || toParse.indices.contains { slot in
                !sameNames(before[slot]!, all[toParse[slot]])
            }
        if scope != .vault {
            // Lookups by name, or pins, only: no link is resolved.
            resolutions = all.map { _ in [] }
        } else if namesChanged {
            let built = LinkResolver(records: all)
            resolver = built
            resolutions = resolveAll(all, resolver: built)
        } else {
            // No name changed and no file came or went: a link resolves as before unless its
            // target or kind changed, so an edit that leaves the links alone (most edits) needs
            // no resolver, whose tables cost more than the rest of opening a large vault.
            resolutions = cached!.resolutions
            let relinked = toParse.indices.filter { slot in !sameLinks(before[slot]!, all[toParse[slot]]) }.map { toParse[$0] }
            if !relinked.isEmpty {
                let built = LinkResolver(records: all)
                resolver = built
                for index in relinked {
                    resolutions[index] = all[index].links.map { built.resolve($0, from: index) }
                }
            }
        }
        let index = VaultIndex(vault: vault, records: all, resolutions: resolutions, report: report)
        index.scope = scope
        index.conflictCopies = copies
        if let resolver { index.resolver = resolver }
        index.watchToken = answer?.token
        if save && (toParse.count > 0 || report.removed > 0 || cached == nil) {
            // Records keep their places when no file came or went: only the shards holding a
            // re-read file, or a link that now resolves elsewhere, are written again.
            var dirty: Set<Int>?
            if let cached, report.added == 0, report.removed == 0 {
                let size = shardSize(for: all.count)
                var shards = Set(toParse.map { $0 / size })
                if namesChanged {
                    for position in all.indices where resolutions[position] != cached.resolutions[position] {
                        shards.insert(position / size)
                    }
                }
                dirty = shards
                index.shardSums = cached.shardSums
                index.shardSummaries = cached.summaries
            }
            index.saveCache(shards: dirty)
        } else if save, let cached, let token = answer?.token, token != cached.token {
            index.shardSums = cached.shardSums
            index.shardSummaries = cached.summaries
            index.saveCache(shards: [])
        }
        return index
    }

    /// Whether a file read again keeps the names links find it by (title, aliases): else links
    /// anywhere may resolve elsewhere.
    static func sameNames(_ old: NoteRecord, _ new: NoteRecord) -> Bool {
        old.title == new.title && old.aliases == new.aliases
    }

    /// Whether a file read again has the same links, by kind and target: else its own links
    /// resolve again.
    static func sameLinks(_ old: NoteRecord, _ new: NoteRecord) -> Bool {
        let before = old.links, after = new.links
        return before.count == after.count && !zip(before, after).contains { $0.kind != $1.kind || $0.target != $1.target }
    }

    /// An index of only the files at `paths` (vault-relative), parsed now, without the cache: for a
    /// question that needs a few files of a large vault (`brain status` reads the habits and the
    /// recent days). Links resolve among these files only.
    package static func partial(_ vault: Vault, paths: [String]) -> VaultIndex {
        partial(vault, records: parse(vault, paths: paths))
    }

    /// The records of the files at `paths`, parsed now, in the order given.
    package static func parse(_ vault: Vault, paths: [String]) -> [NoteRecord] {
        parseAll(paths.map { FileStamp(path: $0, size: 0, modified: 0) }, vault: vault)
    }

    /// An index of records already parsed (sorted here by path). `resolveLinks: false` leaves
    /// `resolutions` empty for an index that only answers lookups by name (`habitID(of:)`,
    /// `resolve(target:)`, `note(named:)`), never link queries.
    package static func partial(_ vault: Vault, records: [NoteRecord], resolveLinks: Bool = true) -> VaultIndex {
        let records = records.sorted { $0.path < $1.path }
        var report = Report()
        report.files = records.count
        report.reread = records.count
        guard resolveLinks else {
            return VaultIndex(vault: vault, records: records, resolutions: records.map { _ in [] }, report: report)
        }
        let resolver = LinkResolver(records: records)
        let index = VaultIndex(vault: vault, records: records, resolutions: resolveAll(records, resolver: resolver), report: report)
        index.resolver = resolver
        return index
    }

    /// Threads for `count` items (`Workers.count`).
    package static func workers(for count: Int, atLeast minimum: Int) -> Int {
        Workers.count(for: count, atLeast: minimum)
    }

    /// Parses files on every core; the result is in input order whatever the thread timing.
    /// `stampsFromReads`: the walk made no `stat`, so each record's size and times are those
    /// its read found (on the disk; elsewhere the walk's stamps are kept). `compactFor`: the
    /// records are kept as the cache of that scope holds them (see `NoteRecord.compacted`).
    package static func parseAll(_ stamps: [FileStamp], vault: Vault, stampsFromReads: Bool = false, compactFor scope: Scope? = nil) -> [NoteRecord] {
        if stamps.isEmpty { return [] }
        let posix = stampsFromReads ? vault.fileSystem.disk : nil
        // Files are opened by their path from the vault's folder, held open meanwhile.
        let root = posix?.openFolder(vault.root)
        defer { if let root { posix?.closeFolder(root) } }
        @Sendable func parse(_ stamp: FileStamp) -> NoteRecord {
            let kind = vault.kind(of: stamp.path)
            do {
                // The walk of this run has just listed the file as a regular one: read it
                // with fewer calls, and through `read` (its error) only when that fails.
                var fresh = stamp
                let bytes: [UInt8]
                if let posix, let root, let read = posix.readListed(stamp.path, at: root, stamp: &fresh) {
                    bytes = read
                } else {
                    let absolute = VaultPaths.join(vault.root, stamp.path)
                    bytes = try vault.fileSystem.readListed(absolute) ?? vault.fileSystem.read(absolute)
                }
                fresh.size = bytes.count
                let record = NoteParser.parse(bytes, stamp: fresh, kind: kind)
                return scope == .pins ? record.pinsOnly : record
            } catch {
                var record = NoteRecord(stamp: stamp, kind: kind, title: VaultPaths.stem(of: stamp.path))
                let reason: String
                if case VaultError.io(_, let message)? = error as? VaultError { reason = message } else { reason = "\(error)" }
                record.diagnostics = [Diagnostic(path: stamp.path, line: 1, column: 1, message: "cannot read: \(reason)")]
                return record
            }
        }
        // Each worker writes the records it parses in place: no second array of every record
        // (at 100,000 notes each copy is 27 MB). Workers take runs of files as they free up,
        // not one fixed share each: a worker the system stops for a while (another process on
        // the core) no longer leaves the other idle at the end, waiting for its share.
        return [NoteRecord](unsafeUninitializedCapacity: stamps.count) { buffer, initialized in
            let target = RecordSlots(base: buffer.baseAddress!)
            let run = NoteRecord.compactionBatch
            let runs = ChunkCounter()
            DispatchQueue.concurrentPerform(iterations: workers(for: stamps.count, atLeast: 16)) { _ in
                var batch: [NoteRecord] = []
                while true {
                    let first = runs.take() * run
                    if first >= stamps.count { break }
                    let range = first..<min(stamps.count, first + run)
                    guard let scope else {
                        for index in range { (target.base + index).initialize(to: parse(stamps[index])) }
                        continue
                    }
                    for index in range { batch.append(parse(stamps[index])) }
                    NoteRecord.compact(&batch, vault: vault, manifest: scope.cachePath)
                    for (offset, record) in batch.enumerated() {
                        (target.base + first + offset).initialize(to: record)
                    }
                    batch.removeAll(keepingCapacity: true)
                }
            }
            initialized = stamps.count
        }
    }

    /// `body` on every core, once for each of `workers(for: count, atLeast: minimum)` contiguous
    /// ranges that split `0..<count` (some may be empty); the results in range order, whatever
    /// the thread timing.
    package static func concurrentRanges<T>(_ count: Int, atLeast minimum: Int, _ body: @Sendable (Range<Int>) -> T) -> [T] {
        let workers = VaultIndex.workers(for: count, atLeast: minimum)
        let chunk = (count + workers - 1) / workers
        let slots = SlotBuffer<T>(count: workers)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            slots.set(worker, body(min(count, worker * chunk)..<min(count, (worker + 1) * chunk)))
        }
        return slots.values()
    }

    package static func resolveAll(_ records: [NoteRecord], resolver: LinkResolver) -> [[Resolution]] {
        // Both cores, each on a contiguous half (the resolver is only read); the result does not
        // depend on the split.
        concurrentRanges(records.count, atLeast: 2_000) { range in
            range.isEmpty ? [] : resolve(records, range, resolver: resolver)
        }.flatMap { $0 }
    }

    private static func resolve(_ records: [NoteRecord], _ range: Range<Int>, resolver: LinkResolver) -> [[Resolution]] {
        // A link's resolution depends only on its kind, its target and the linking note's folder
        // (an empty target aside), so each distinct target is resolved once per folder. Targets
        // are looked up by their bytes: a link kept in its cache encoding is never made.
        var result = [[Resolution]](repeating: [], count: range.count)
        var memo: [String: TargetMemo] = [:]
        var currentFolder = ""
        var known = TargetMemo()
        // Wikilinks that resolve alike from every folder (most: a name one file has, or none
        // has), kept once for all folders: a vault of 100,000 notes in several folders resolved
        // each target once per folder.
        var everywhere = TargetMemo()
        var targets: [EncodedLinkTarget] = []
        for index in range {
            let encoded = records[index].cachedLinks
            if encoded == nil && records[index].links.isEmpty { continue }
            let folder = VaultPaths.directory(of: records[index].path)
            if folder != currentFolder {
                // Move the tables rather than copy them.
                memo[currentFolder] = known
                known = memo.removeValue(forKey: folder) ?? TargetMemo()
                currentFolder = folder
            }
            var resolved: [Resolution] = []
            if let encoded, encoded.linkTargets(into: &targets) {
                resolved.reserveCapacity(targets.count)
                // The buffer owns the bytes: kept alive while they are read.
                withExtendedLifetime(encoded.buffer) { buffer in
                    for target in targets {
                        add(target.kind, UnsafeBufferPointer(rebasing: buffer.bytes[target.bytes]), from: index,
                            resolver: resolver, known: &known, everywhere: &everywhere, into: &resolved)
                    }
                }
            } else {
                // Parsed links, or a bad part (read again from the file by `links`).
                let links = records[index].links
                resolved.reserveCapacity(links.count)
                for link in links {
                    var target = link.target
                    target.withUTF8 {
                        add(link.kind, $0, from: index, resolver: resolver, known: &known, everywhere: &everywhere, into: &resolved)
                    }
                }
            }
            result[index - range.lowerBound] = resolved
        }
        return result
    }

    /// Appends the resolution of one link of record `index` to `resolved`, from the memos when
    /// they know its target. The memos are passed in place: a nested function capturing them
    /// copied both tables (ten array references) for every one of the 189,000 links of the
    /// 10k corpus.
    private static func add(_ kind: Link.Kind, _ target: UnsafeBufferPointer<UInt8>, from index: Int, resolver: LinkResolver,
                            known: inout TargetMemo, everywhere: inout TargetMemo, into resolved: inout [Resolution]) {
        // A pattern, not `==`: the kind is another module's enum, whose `==` is a call.
        let markdown: Bool
        var kind = kind
        switch kind {
        case .markdown, .url:
            markdown = true
        case .optionalReference:
            // Resolved as a reference (the memo holds those); naming no note, it is text.
            kind = .reference
            let before = resolved.count
            add(kind, target, from: index, resolver: resolver, known: &known, everywhere: &everywhere, into: &resolved)
            if resolved[before] == .missing { resolved[before] = .external }
            return
        default:
            markdown = false
        }
        if !target.isEmpty {
            if !markdown, let hit = everywhere.resolution(of: target, markdown: false) {
                resolved.append(hit)
                return
            }
            if let hit = known.resolution(of: target, markdown: markdown) {
                resolved.append(hit)
                return
            }
        }
        let link = Link(kind: kind, target: String(decoding: target, as: UTF8.self), line: 1, column: 1, byteRange: 0..<0)
        let (resolution, alike) = resolver.resolveNoting(link, from: index)
        if !target.isEmpty {
            if alike {
                everywhere.insert(resolution, for: target, markdown: false)
            } else {
                known.insert(resolution, for: target, markdown: markdown)
            }
        }
        resolved.append(resolution)
    }

    /// Resolutions already found from one folder, by a link's target bytes, Markdown links (paths
    /// relative to the folder) apart: the 189,000 links of 10,000 notes make a string only for
    /// each new target.
    package struct TargetMemo {
        private var wikilinks = ByteKeyTable<Resolution>()
        private var markdown = ByteKeyTable<Resolution>()

        /// The resolution found before for this target, if any.
        package func resolution(of target: UnsafeBufferPointer<UInt8>, markdown isMarkdown: Bool) -> Resolution? {
            // Each table read in place: `isMarkdown ? markdown : wikilinks` copied one.
            if isMarkdown { return markdown.entry(of: target).map { markdown[$0] } }
            return wikilinks.entry(of: target).map { wikilinks[$0] }
        }

        /// Keeps the resolution of a target `resolution(of:markdown:)` did not know.
        package mutating func insert(_ value: Resolution, for target: UnsafeBufferPointer<UInt8>, markdown isMarkdown: Bool) {
            if isMarkdown { markdown.insert(target, value) } else { wikilinks.insert(target, value) }
        }
    }

    // MARK: Lookups

    package func record(atPath path: String) -> NoteRecord? {
        recordByPath[path].map { records[$0] }
    }

    public func index(ofPath path: String) -> Int? {
        recordByPath[path]
    }

    /// Resolves a link target written by a person (`read`, `habits/read.md`, a title or alias).
    package func resolve(target: String, from source: Int? = nil) -> Resolution {
        resolver.resolve(target: target, from: source)
    }

    /// Resolves a link of `source` the way the index does.
    package func resolve(_ link: Link, from source: Int) -> Resolution {
        resolver.resolve(link, from: source)
    }
}
