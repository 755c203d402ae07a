import BrainCLI
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
// A run allocates in bursts and is short. glibc would give each large array a fresh mapping and
// hand freed memory back at once, so the kernel maps (and zeroes) new pages again and again; a
// page fault costs more than the work on the page. Large arrays now come from the heap, and
// freed memory stays for reuse (docs/PERFORMANCE.md, fifth pass: 7 % fewer page faults for
// `stats` and `tags`, 20 % fewer for a cold index).
// `mallopt` is not in the Glibc module; its options are fixed numbers of glibc's <malloc.h>.
if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
    let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    let trimThreshold: Int32 = -1, mmapThreshold: Int32 = -3
    _ = mallopt(mmapThreshold, 32 << 20)
    _ = mallopt(trimThreshold, 64 << 20)
}
#elseif canImport(Darwin)
// The system allocator keeps freed memory for reuse already.
#endif

exit(BrainCLI.run(Array(CommandLine.arguments.dropFirst()), context: .process()))
