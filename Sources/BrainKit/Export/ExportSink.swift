/// Where an export's text goes, piece by piece, so a ten-year vault is never held whole: a file
/// (`ExportFile`), standard output, or memory in tests.
public protocol ExportSink: AnyObject {
    func write(_ text: String) throws(ExportError)
}

/// Why an export could not be written.
public struct ExportError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
    public init(_ message: String) { self.message = message }
}

/// A sink that keeps the text (tests, previews).
public final class MemorySink: ExportSink {
    public private(set) var text = ""
    public init() {}
    public func write(_ text: String) throws(ExportError) { self.text += text }
}
