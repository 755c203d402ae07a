import BrainFormat
import BrainAnalytics

/// What `brain today` printed from a kept day, kept in `.brain/cache/today-output.bin` beside it:
/// the same question asked again, with the same pins and in the same form (text in one style, or
/// JSON), is those bytes again, without the overview decoded or laid out. The kept day's rule
/// holds for it: an output printed from the journal as it was at a watcher's token is still the
/// answer while the watcher names no path that may change what the journal reads since that
/// token, for the same key (rules version, folders, settings, day, clock's day). The pins outside
/// the journal's folders are found again each time; an output printed with other pins is not
/// used.
extension KeptDay {
    package static let outputPath = ".brain/cache/today-output.bin"
    static let outputMagic: [UInt8] = Array("BRAINOUT".utf8)
    /// The most forms kept (a terminal's colours, piped text, JSON).
    static let outputLimit = 4

    /// One printed output: its form (JSON, or text in a style, as the caller names it), the
    /// pinned notes it shows, and its bytes.
    package struct Output: Sendable, Equatable {
        package var form: String
        package var pinned: [DayOverview.PinnedNote]
        package var bytes: [UInt8]

        package init(form: String, pinned: [DayOverview.PinnedNote], bytes: [UInt8]) {
            self.form = form
            self.pinned = pinned
            self.bytes = bytes
        }
    }

    /// The outputs kept for `day` on the clock's day `now`, with the journal's pins and warnings
    /// they were printed with, when a watcher says nothing the journal reads changed since; else nil.
    package static func watchedOutputs(_ vault: Vault, day: Day, now: Day?, changes: (any ChangeSource)? = nil)
        -> (journalPins: [DayOverview.PinnedNote], warnings: [String], outputs: [Output])? {
        guard let (token, kept) = readOutputs(vault, key: key(vault, day: day, now: now)),
              unchanged(vault, since: token, changes: changes) else { return nil }
        return kept
    }

    /// Keeps `output`, printed from a day worked out from files read after the watcher gave
    /// `token`, beside the other forms kept for the same key and token; a failure to write only
    /// costs the next run the work.
    package static func keepOutput(_ output: Output, journalPins: [DayOverview.PinnedNote], warnings: [String],
                                   _ vault: Vault, day: Day, now: Day?, token: String) {
        guard VaultIndex.cacheFolder(vault) != nil, let file = try? vault.internalPath(outputPath) else { return }
        let key = key(vault, day: day, now: now)
        var outputs = [output]
        if let (kept, earlier) = readOutputs(vault, key: key), kept == token,
           earlier.journalPins == journalPins, earlier.warnings == warnings {
            outputs += earlier.outputs.filter { $0.form != output.form }.prefix(outputLimit - 1)
        }
        var writer = BinaryWriter(capacity: outputs.reduce(1024) { $0 + $1.bytes.count + 256 })
        writer.string(key)
        writer.string(token)
        write(journalPins, into: &writer)
        writer.strings(warnings)
        writer.uint(UInt64(outputs.count))
        for output in outputs {
            writer.string(output.form)
            write(output.pinned, into: &writer)
            writer.data(output.bytes)
        }
        _ = try? vault.fileSystem.writeAtomically(VaultIndex.sealed(outputMagic, payload: writer).bytes, to: file, durable: false)
    }

    /// Whether a watcher says that no path that may change what the journal reads changed since `token`.
    static func unchanged(_ vault: Vault, since token: String, changes: (any ChangeSource)?) -> Bool {
        guard let source = changes ?? VaultIndex.changeSources?(vault),
              case .changed(_, let paths)? = source.changes(since: token) else { return false }
        return !paths.contains(where: { touchesJournal($0, vault) })
    }

    static func readOutputs(_ vault: Vault, key: String)
        -> (token: String, (journalPins: [DayOverview.PinnedNote], warnings: [String], outputs: [Output]))? {
        guard let bytes = keptBytes(vault, outputPath) else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            guard case .success = VaultIndex.unseal(buffer, magic: outputMagic) else { return nil }
            var reader = BinaryReader(buffer, offset: VaultIndex.headerSize)
            do throws(BinaryReader.Corrupt) {
                guard try reader.string() == key else { return nil }
                let token = try reader.string()
                let journalPins = try pins(from: &reader)
                let warnings = try reader.strings()
                var outputs: [Output] = []
                for _ in 0..<(try reader.count()) {
                    outputs.append(Output(form: try reader.string(), pinned: try pins(from: &reader), bytes: try reader.data()))
                }
                guard reader.isAtEnd else { return nil }
                return (token, (journalPins, warnings, outputs))
            } catch {
                return nil
            }
        }
    }

    private static func write(_ pins: [DayOverview.PinnedNote], into writer: inout BinaryWriter) {
        writer.uint(UInt64(pins.count))
        for pin in pins {
            writer.string(pin.path)
            writer.string(pin.title)
        }
    }

    private static func pins(from reader: inout BinaryReader) throws(BinaryReader.Corrupt) -> [DayOverview.PinnedNote] {
        var pins: [DayOverview.PinnedNote] = []
        for _ in 0..<(try reader.count()) {
            pins.append(DayOverview.PinnedNote(path: try reader.string(), title: try reader.string()))
        }
        return pins
    }
}
