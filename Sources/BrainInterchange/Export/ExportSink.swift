import BrainFormat
import BrainAnalytics
import BrainStore

/// Where an export's text goes, piece by piece, so a ten-year vault is never held whole: a file
/// (`ExportFile`), standard output, or memory in tests.
package protocol ExportSink: AnyObject {
    func write(_ text: String) throws(ExportError)
}

/// Why an export could not be written.
package struct ExportError: Error, Hashable, Sendable, CustomStringConvertible {
    package var message: String
    package var description: String { message }
    package init(_ message: String) { self.message = message }
}

/// A sink that keeps the text (tests, previews).
package final class MemorySink: ExportSink {
    package private(set) var text = ""
    package init() {}
    package func write(_ text: String) throws(ExportError) { self.text += text }
}
