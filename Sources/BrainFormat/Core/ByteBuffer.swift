/// Bytes in memory of their own, grown by doubling: the storage of `BinaryWriter` and of
/// `FileReader`, which write and read without `Array`'s checks on every byte. Not copyable, so
/// the memory has one owner and is freed with it.
package struct ByteBuffer: ~Copyable {
    package private(set) var base: UnsafeMutablePointer<UInt8>
    package private(set) var capacity: Int

    package init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Room for at least `size` bytes, the first `kept` of them as they were.
    package mutating func grow(to size: Int, keeping kept: Int) {
        guard size > capacity else { return }
        var larger = capacity * 2
        while larger < size { larger *= 2 }
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.update(from: base, count: min(kept, capacity))
        base.deallocate()
        base = moved
        capacity = larger
    }
}
