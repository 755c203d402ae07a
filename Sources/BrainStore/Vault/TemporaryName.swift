import BrainFormat
import BrainAnalytics

/// Names of the temporary files a write makes beside its target before renaming it into place:
/// `.NAME.brain-PID-RANDOM.tmp`. The writer's process id in the name tells, after a crash, which
/// temporary files nobody will ever finish: those whose process is gone.
package enum TemporaryName {
    /// A fresh temporary name for a file called `name`, written by process `pid`.
    package static func make(for name: String, pid: Int32) -> String {
        ".\(name).brain-\(pid)-\(UInt32.random(in: 0...UInt32.max)).tmp"
    }

    /// The writer's process id when `name` is a temporary name, else nil.
    package static func owner(of name: some StringProtocol) -> Int32? {
        let bytes = Array(name.utf8)
        guard bytes.first == UInt8(ascii: "."), bytes.count > 12, bytes.suffix(4).elementsEqual(".tmp".utf8) else { return nil }
        // Backwards from ".tmp": the random digits, "-", the pid digits, then "brain-".
        var end = bytes.count - 4
        func digits() -> Range<Int>? {
            var start = end
            while start > 0, bytes[start - 1] >= 0x30, bytes[start - 1] <= 0x39 { start -= 1 }
            return start < end ? start..<end : nil
        }
        guard let random = digits(), random.lowerBound > 0, bytes[random.lowerBound - 1] == UInt8(ascii: "-") else { return nil }
        end = random.lowerBound - 1
        guard let pid = digits(), pid.count <= 10 else { return nil }
        let marker = Array(".brain-".utf8)
        guard pid.lowerBound >= marker.count, Array(bytes[(pid.lowerBound - marker.count)..<pid.lowerBound]) == marker,
              let value = Int32(String(decoding: bytes[pid], as: UTF8.self)), value > 0 else { return nil }
        return value
    }
}
