import Foundation
import Testing
import BrainTestSupport
@testable import BrainKit
@testable import BrainInterchange

/// Step 25, points 2 and 8, with real `brain` processes: a crafted zip is refused with a message
/// and exit status 1, never a crash, in little memory (the peak resident memory of the child
/// process, from its own `rusage`).
@Suite(.serialized) struct CraftedZipTests {
    /// The most memory a refusal may take.
    static let memoryBound = 256 << 20

    static let environment = ["BRAIN_NOW": "2026-11-22T09:00:00Z", "TZ": "UTC", "NO_COLOR": "1"]

    /// A folder for the crafted files, removed with the value.
    final class Folder {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("brain-crafted-\(UUID().uuidString)").path
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        func write(_ name: String, _ bytes: [UInt8]) throws -> String {
            try Data(bytes).write(to: URL(fileURLWithPath: path + "/" + name))
            return path + "/" + name
        }
    }

    /// Forty names (Habits.csv and 39 habits' Checkmarks.csv) for one DEFLATE stream that unpacks
    /// to 250 MB, its CRC-32 right: `brain import loop` unpacked each name in turn and held them
    /// all, past 4 GB, and crashed. Now the archive is refused before anything is unpacked.
    @Test func fortyNamesForOneQuarterGigabyteStreamAreRefusedInLittleMemory() throws {
        let size = 250 << 20
        let packed = ZipWriter.zeros(size)
        let crc = ZipWriter.crc32(zeros: size)
        var writer = ZipWriter()
        writer.add(.init(name: "Habits.csv", method: 8, crc: crc, compressedSize: packed.count, size: size), packed: packed)
        for number in 1..<40 {
            writer.list(.init(name: "\(LoopExport.format3(number)) Habit/Checkmarks.csv", method: 8, crc: crc,
                              compressedSize: packed.count, size: size, headerOffset: 0))
        }
        let folder = try Folder()
        let zip = try folder.write("Loop Habits CSV 2026-11-20.zip", writer.finish())
        let vault = try TestVault()
        let before = try Self.files(vault.root)
        let ending = try SpawnedProcess.run(ConcurrencyTests.executable().path, ["--vault", vault.root, "import", "loop", zip],
                                            environment: Self.environment)
        #expect(ending.signal == nil && ending.status == 1, "\(ending)")
        #expect(ending.stderr.hasPrefix("brain: \(zip): ") && ending.stderr.contains("not read"), "\(ending)")
        #expect(ending.peakMemory <= Self.memoryBound, "\(ending)")
        #expect(try Self.files(vault.root) == before)
    }

    /// Zip64 numbers past the file and past `Int64` in every field a zip64 archive has: an
    /// arithmetic overflow crashed `brain track`. Each is refused with a message, or read.
    @Test func craftedZip64NumbersNeverCrashTrack() throws {
        let xml = Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_GB">
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2026-11-20 09:00:00 +0000" endDate="2026-11-20 09:30:00 +0000" value="6100"/>
            </HealthData>

            """.utf8)
        let name = "apple_health_export/export.xml"
        let good = ZipWriter.zip64(name: name, data: xml)
        let folder = try Folder()
        let vault = try TestVault()
        let brain = try ConcurrencyTests.executable().path
        let plain = try SpawnedProcess.run(brain, ["--vault", vault.root, "track", "--source", "health=" + folder.write("good.zip", good), "--dry-run"],
                                           environment: Self.environment)
        #expect(plain.status == 0, "\(plain)")
        var refused = 0
        // The values that overflowed (the directory's place, the member's place) first.
        let fields = ZipWriter.zip64Fields(nameLength: name.utf8.count, size: xml.count)
        for (field, offset) in fields {
            for value in ZipWriter.hostileValues(fileSize: good.count) where value > UInt64(good.count) {
                let path = try folder.write("crafted.zip", ZipWriter.patch(good, at: offset, to: value))
                let ending = try SpawnedProcess.run(brain, ["--vault", vault.root, "track", "--source", "health=\(path)", "--dry-run"],
                                                    environment: Self.environment)
                #expect(ending.signal == nil && (ending.status == 0 || ending.status == 1), "\(field) = \(value): \(ending)")
                #expect(!ending.stderr.contains("Fatal error") && !ending.stderr.contains("crashed"), "\(field) = \(value): \(ending)")
                #expect(ending.peakMemory <= Self.memoryBound, "\(field) = \(value): \(ending)")
                if ending.status == 1 {
                    refused += 1
                    #expect(ending.stderr.hasPrefix("brain: \(path)"), "\(field) = \(value): \(ending)")
                }
            }
        }
        #expect(refused > 20)
    }

    /// Every file of a folder (its cache aside) with its bytes.
    static func files(_ root: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)!
        while let relative = enumerator.nextObject() as? String {
            if relative.hasPrefix(".brain/cache") { continue }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            files[relative] = FileManager.default.contents(atPath: root + "/" + relative)
        }
        return files
    }
}
