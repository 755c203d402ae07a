/// SplitMix64: a small, fast, seedable generator, so a demo vault is the same on every machine.
package struct DemoRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    /// A generator for one item of a stream (`stream` names the kind of file, `index` the file),
    /// independent of every other item, so files can be generated in any order.
    package init(seed: UInt64, stream: UInt64, index: Int) {
        var mixer = DemoRandom(seed: seed ^ (stream &* 0x9E37_79B9_7F4A_7C15))
        state = mixer.next() ^ (UInt64(bitPattern: Int64(index)) &* 0xBF58_476D_1CE4_E5B9)
        _ = next()
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<1.
    package mutating func unit() -> Double {
        Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// True with probability `p`.
    package mutating func chance(_ p: Double) -> Bool {
        unit() < p
    }

    /// A whole number in `range`, without the bias of a plain modulo worth caring about here.
    package mutating func int(_ range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound + 1)
        return range.lowerBound + Int(next() % width)
    }

    /// An index in 0..<count.
    package mutating func index(_ count: Int) -> Int {
        Int(next() % UInt64(max(count, 1)))
    }

    /// One element of a non-empty array.
    package mutating func pick<T>(_ items: [T]) -> T {
        items[index(items.count)]
    }
}
