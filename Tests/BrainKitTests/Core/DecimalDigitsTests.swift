import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct DecimalDigitsTests {
    /// Written digits read back, and equal `String(value)` for every width up to `Int.max`.
    @Test(arguments: [0, 7, 9, 10, 99, 100, 12_501, 20_261_123, Int.max])
    func appendWritesWhatStringDoes(value: Int) {
        var bytes = Array("line ".utf8)
        DecimalDigits.append(value, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "line \(value)")
        let digits = bytes.count - 5
        if digits < 19 { #expect(DecimalDigits.value(bytes, from: 5, length: digits) == value) }
    }
}
