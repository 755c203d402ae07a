/// Why an `every:` value is not a frequency; `message` is the text shown to the person.
package struct FrequencyError: Error, Hashable, Sendable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
