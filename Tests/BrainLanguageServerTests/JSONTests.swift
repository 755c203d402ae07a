import Foundation
import Testing
@testable import BrainLanguageServer

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
    }
}
