/// Why an `every:` value is not a frequency; `message` is the text shown to the person.
public struct FrequencyError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
