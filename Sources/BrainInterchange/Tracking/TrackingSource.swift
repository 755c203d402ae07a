import Foundation
import BrainFormat
import BrainAnalytics
import BrainStore

/// A tracking source that reads files: the half of a source that `brain track` runs.
package protocol TrackingFileSource: TrackingSource {
    /// Reads `file`, adding a value for every record that answers one of `queries` (all of
    /// this source) to `collector`; a bad record is reported through the collector and skipped.
    /// Throws when the file cannot be read at all.
    static func read(_ file: TrackingFile, queries: [TrackingQuery], into collector: inout TrackingCollector,
                     context: TrackingContext) throws(TrackingError)
}

/// A file to read for a source.
package struct TrackingFile: Hashable, Sendable, Codable {
    package var source: String
    /// The absolute path read.
    package var path: String
    /// The path as the person gave it, for messages.
    package var shown: String

    package init(source: String, path: String, shown: String? = nil) {
        self.source = source
        self.path = path
        self.shown = shown ?? path
    }
}

/// How instants become days, which days are kept, and where progress goes.
package struct TrackingContext {
    package var timeZone: TimeZone
    /// Minutes after midnight at which a day starts (`day-starts-at`).
    package var dayStartsAt: Int
    /// Only values on these days are kept (nil: every day); a recurring event is expanded up to
    /// the last of them.
    package var days: ClosedRange<Day>?
    /// Called now and then with the bytes read and the bytes in all (for a progress line).
    package var progress: ((_ done: Int64, _ total: Int64) -> Void)?
    /// The owner's e-mail addresses (`me:` of the config): calendar events one of them declined do not count.
    package var owners: [String]

    package init(timeZone: TimeZone, dayStartsAt: Int = 0, days: ClosedRange<Day>? = nil, owners: [String] = [],
                progress: ((_ done: Int64, _ total: Int64) -> Void)? = nil) {
        self.timeZone = timeZone
        self.owners = owners
        self.dayStartsAt = dayStartsAt
        self.days = days
        self.progress = progress
    }
}

/// A file that could not be read at all (missing, not the expected format, damaged).
package struct TrackingError: Error, Hashable, Sendable, CustomStringConvertible {
    package var message: String
    package var description: String { message }

    package init(_ message: String) {
        self.message = message
    }
}

