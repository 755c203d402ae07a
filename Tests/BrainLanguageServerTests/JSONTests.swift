import Foundation
import Testing
@testable import BrainLanguageServer
import BrainJSONRPC

@Suite struct JSONTests {
    @Test func keepsIntegersBooleansAndNulls() throws {
        let value = try #require(JSON.parse(Array(#"{"id":1,"ok":true,"n":null,"x":1.5,"s":"é","a":[2]}"#.utf8)))
        #expect(value["id"] == .int(1))
        #expect(value["ok"] == .bool(true))
        #expect(value["n"] == .null)
        #expect(value["x"] == .double(1.5))
        #expect(value["s"].string == "é")
        #expect(value["a"][0].int == 2)
        #expect(value["missing"] == .null)
        #expect(JSON.parse(value.encoded()) == value)
    }

    @Test func refusesWhatIsNotJSON() {
        #expect(JSON.parse(Array("{\"a\":".utf8)) == nil)
        #expect(JSON.parse(Array("nope".utf8)) == nil)
        for text in ["", "[1,]", "{\"a\" 1}", "01", "1.", "-", "1e", "\"tab\there\"", "\"\\x\"", "\"\\u12\"", "[1] 2", "{a:1}", "tru"] {
            let parsed = JSON.parse(Array(text.utf8))
            #expect(parsed == Optional<JSON>.none, "\(text) gave \(String(describing: parsed))")
        }
        // Invalid UTF-8 inside a string, plain or after an escape.
        #expect(JSON.parse([0x22, 0xFF, 0x22]) == nil)
        #expect(JSON.parse([0x22, 0x5C, 0x6E, 0xC3, 0x22]) == nil)
    }

    @Test func escapesNumbersAndNesting() throws {
        let value = try #require(JSON.parse(Array(#"{"s":"a\"b\\c\/d\n\r\t\b\f\u00e9\ud83d\ude00\ud800x","n":[-0,12,-3.5,1e2,2E-1,9223372036854775808]}"#.utf8)))
        #expect(value["s"].string == "a\"b\\c/d\n\r\t\u{8}\u{C}é😀\u{FFFD}x")
        #expect(value["n"] == [.int(0), .int(12), .double(-3.5), .double(100), .double(0.2), .double(9223372036854775808)])
        // Written back: keys in order, control characters escaped, the rest as it is.
        let written = String(decoding: JSON.object(["b": .string("é\n\u{1}\"/"), "a": .double(2), "c": .double(0.5)]).encoded(), as: UTF8.self)
        #expect(written == #"{"a":2,"b":"é\n\u0001\"/","c":0.5}"#)
        #expect(JSON.parse(value.encoded())?["s"] == value["s"])
        // Nesting past the limit is refused, not a stack overflow.
        let deep = String(repeating: "[", count: JSONReader.maximumDepth + 1) + String(repeating: "]", count: JSONReader.maximumDepth + 1)
        #expect(JSON.parse(Array(deep.utf8)) == nil)
        let allowed = String(repeating: "[", count: JSONReader.maximumDepth) + String(repeating: "]", count: JSONReader.maximumDepth)
        #expect(JSON.parse(Array(allowed.utf8)) != nil)
    }
}
