extension Vault {
    /// Edits one file safely: takes the vault lock, re-reads the file, applies `change`, and writes
    /// it back atomically only when the text changed. Returns the document as written.
    /// A missing file starts from `initial` (nil: an error).
    @discardableResult
    public func edit(_ relativePath: String, creatingWith initial: (() -> String)? = nil,
                     _ change: (inout Document) throws -> Void) throws -> Document {
        let absolute = try absolute(relativePath)
        let lock = try VaultLock(root: root)
        defer { withExtendedLifetime(lock) {} }
        var document: Document
        var existed = true
        if FileSystem.exists(absolute) {
            document = Document(bytes: try FileSystem.read(absolute))
        } else if let initial {
            document = Document(text: initial())
            existed = false
        } else {
            throw VaultError.io(path: relativePath, message: "no such file")
        }
        let before = document.text
        try change(&document)
        if document.text != before || !existed {
            try FileSystem.writeAtomically(Array(document.text.utf8), to: absolute)
        }
        return document
    }
}
