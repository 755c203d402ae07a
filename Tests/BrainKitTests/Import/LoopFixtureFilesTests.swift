import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// The committed Loop export (`Fixtures/loop/`) is the one `LoopFixture.smallFiles()` builds, and
/// its zip — made like Loop's, deflated with data descriptors — reads as the folder does.
@Suite struct LoopFixtureFilesTests {
    @Test func committedFolderIsTheFixture() throws {
        let folder = LoopFixture.fixtureFolder + "/export"
        if ProcessInfo.processInfo.environment["BRAIN_RECORD"] != nil {
            try? FileManager.default.removeItem(atPath: folder)
            for (name, bytes) in LoopFixture.smallFiles() {
                let path = folder + "/" + name
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(bytes).write(to: URL(fileURLWithPath: path))
            }
        }
        let onDisk = try LoopExport.read(at: folder, source: "export")
        let built = try LoopExport(files: LoopFixture.smallFiles(), source: "export")
        #expect(onDisk.habits == built.habits)
    }

    @Test func zipReadsAsTheFolder() throws {
        let zip = try LoopExport.read(at: LoopFixture.fixtureFolder + "/" + LoopFixture.zipName, source: "zip")
        let folder = try LoopExport.read(at: LoopFixture.fixtureFolder + "/export", source: "zip")
        #expect(zip.habits.count == 3)
        #expect(zip.habits == folder.habits)
        #expect(zip.habits.allSatisfy { !$0.entries.isEmpty && !$0.scores.isEmpty })
        #expect(zip.diagnostics.isEmpty)
    }
}
