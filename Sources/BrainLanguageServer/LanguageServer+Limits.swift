import BrainFormat

/// What the server bounds, so that no document and no vault makes it slow or large: a document
/// over `documentLimit` gets diagnostics only, and every list sent has a most
/// (docs/EDITORS.md#limits). Each answer then costs memory in proportion to what it shows, never
/// to what the vault holds.
extension LanguageServer {
    /// Documents larger than this, in bytes, get diagnostics only: no completion, hover, links,
    /// references, symbols, rename or code actions in them.
    package static let documentLimit = 8 << 20
    /// At most this many diagnostics for one file, then one saying how many more there are.
    package static let diagnosticLimit = 1_000
    /// At most this many references; a message says when there are more.
    package static let referenceLimit = 10_000
    /// At most this many symbols of one document.
    package static let symbolLimit = 10_000

    /// Whether a document of `size` bytes gets diagnostics only.
    static func isLarge(_ size: Int) -> Bool {
        size > documentLimit
    }

    /// Why a document gets diagnostics only.
    static func largeMessage(_ path: String, size: Int) -> String {
        "\(path) is \(megabytes(size)), over brain lsp's limit of \(megabytes(documentLimit)): diagnostics only "
            + "(no completion, hover, links, references, symbols, rename or code actions in it)"
    }

    /// `24.0 MB`: sizes in mebibytes with one decimal, as the limit is set.
    static func megabytes(_ size: Int) -> String {
        let tenths = (size * 10 + (1 << 19)) >> 20
        return "\(tenths / 10).\(tenths % 10) MB"
    }

    /// Says once, when a document is opened over the limit or grows past it, that it gets
    /// diagnostics only; again if it shrinks and grows past it once more.
    func noteSize(of path: String, _ document: TextDocument) {
        let large = LanguageServer.isLarge(document.bytes.count)
        if large && !announcedLarge.contains(path) {
            announcedLarge.insert(path)
            let message = LanguageServer.largeMessage(path, size: document.bytes.count)
            options.log("brain lsp: \(message)")
            showMessage(.warning, "brain: \(message)")
        } else if !large {
            announcedLarge.remove(path)
        }
    }
}
