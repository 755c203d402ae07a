import Testing
@testable import BrainCLI

@Suite struct SmokeTests {
    @Test func hasVersion() { #expect(!BrainCLI.version.isEmpty) }
}
