internal import CZlib
import BrainFormat
import BrainAnalytics
import BrainStore

/// DEFLATE decoding (RFC 1951) through the system's zlib, in constant memory: the compressed
/// bytes are pulled in blocks from `read`, the output handed to `write` in blocks of a quarter of a
/// megabyte, so a member of a zip file is never unpacked whole unless its caller wants it whole
/// (`decompress(_:limit:)`). Every output is bounded: a stream that would unpack to more than its
/// `limit` stops with a `Failure` before the extra bytes are handed on.
package enum Inflate {
    /// Why compressed bytes could not be decoded.
    package struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        package var message: String
        package var description: String { message }
        package init(_ message: String) { self.message = message }
    }

    /// Fills a buffer with compressed bytes and returns how many; 0 at the end of the input.
    package typealias Read = (UnsafeMutableRawBufferPointer) throws -> Int
    /// Receives decoded bytes; the buffer is valid only during the call.
    package typealias Write = (UnsafeRawBufferPointer) throws -> Void

    private static let inputCapacity = 1 << 16
    private static let outputCapacity = 1 << 18

    /// Decodes a raw DEFLATE stream (no zlib or gzip header) from `read` to `write`, and returns
    /// the number of bytes written and their CRC-32. More than `limit` bytes of output is a
    /// `Failure`; bytes after the end of the stream are not read. Errors thrown by `read` or
    /// `write` pass through.
    @discardableResult
    package static func decompress(read: Read, write: Write, limit: Int64 = .max) throws -> (size: Int64, crc: UInt32) {
        var stream = z_stream()
        // -15: a raw stream with a window of 32 KiB, as zip files hold them.
        let started = inflateInit2_(&stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard started == Z_OK else { throw Failure("zlib could not start inflating (status \(started))") }
        defer { inflateEnd(&stream) }
        let input = UnsafeMutableRawBufferPointer.allocate(byteCount: inputCapacity, alignment: 16)
        defer { input.deallocate() }
        let output = UnsafeMutableRawBufferPointer.allocate(byteCount: outputCapacity, alignment: 16)
        defer { output.deallocate() }
        var produced: Int64 = 0
        var crc: UInt32 = 0
        var inputEnded = false
        while true {
            if stream.avail_in == 0 && !inputEnded {
                let got = try read(input)
                guard got >= 0, got <= input.count else { throw Failure("the compressed data could not be read") }
                if got == 0 {
                    inputEnded = true
                } else {
                    stream.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)
                    stream.avail_in = uInt(got)
                }
            }
            stream.next_out = output.baseAddress!.assumingMemoryBound(to: Bytef.self)
            stream.avail_out = uInt(output.count)
            let status = inflate(&stream, Z_NO_FLUSH)
            let count = output.count - Int(stream.avail_out)
            if count > 0 {
                guard Int64(count) <= limit - produced else { throw Failure("data unpacks to more than \(limit) bytes") }
                produced += Int64(count)
                let block = UnsafeRawBufferPointer(rebasing: output[..<count])
                crc = CRC32.update(crc, block)
                try write(block)
            }
            switch status {
            case Z_STREAM_END:
                return (produced, crc)
            case Z_OK:
                continue
            case Z_BUF_ERROR:
                // No progress was possible: more input is needed, and there is none.
                if inputEnded && stream.avail_in == 0 { throw Failure("compressed data ends too early") }
            case Z_DATA_ERROR:
                throw Failure(stream.msg.map { String(cString: $0) } ?? "invalid compressed data")
            case Z_MEM_ERROR:
                throw Failure("zlib ran out of memory")
            default:
                throw Failure("zlib stopped with status \(status)")
            }
        }
    }

    /// The decompressed bytes of a raw DEFLATE stream (no zlib or gzip header), at most `limit`.
    package static func decompress(_ input: [UInt8], limit: Int = 1 << 30) throws(Failure) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(min(limit, input.count * 4))
        var offset = 0
        do {
            try decompress(read: { buffer in
                let count = min(buffer.count, input.count - offset)
                input.withUnsafeBytes { source in
                    buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<(offset + count)]))
                }
                offset += count
                return count
            }, write: { output.append(contentsOf: $0) }, limit: Int64(limit))
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(String(describing: error))
        }
        return output
    }
}
