#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes read from a file descriptor (standard input), retrying interrupted reads.
package final class FileDescriptorSource: ByteSource {
    private let descriptor: Int32

    package init(descriptor: Int32 = 0) {
        self.descriptor = descriptor
    }

    package func read(maximum: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: maximum)
        while true {
            let count = bytes.withUnsafeMutableBytes { raw in
                #if canImport(Glibc)
                Glibc.read(descriptor, raw.baseAddress, maximum)
                #elseif canImport(Darwin)
                Darwin.read(descriptor, raw.baseAddress, maximum)
                #endif
            }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return [] }
            bytes.removeLast(maximum - count)
            return bytes
        }
    }

    package func waitForInput(seconds: Double) -> Bool {
        var descriptors = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptors, 1, Int32(seconds * 1000))
        return ready != 0
    }
}

/// Bytes written to a file descriptor (standard output), all of them or none once the reader
/// is gone. A closed pipe is an error return, never the signal that would end the process.
package final class FileDescriptorSink: ByteSink {
    private let descriptor: Int32

    package init(descriptor: Int32 = 1) {
        self.descriptor = descriptor
        signal(SIGPIPE, SIG_IGN)
    }

    package func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                #if canImport(Glibc)
                Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                #elseif canImport(Darwin)
                Darwin.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                #endif
            }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }
}
