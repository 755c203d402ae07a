/// The line ending a file uses; edits write new lines with the file's own ending.
package enum LineEnding: String, Sendable, Hashable, Codable {
    case lf = "\n"
    case crlf = "\r\n"
}
