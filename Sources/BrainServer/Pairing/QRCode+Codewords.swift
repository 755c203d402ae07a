extension QRCode {
    /// Error correction codewords in each block at level M, by version (ISO/IEC 18004 table 9).
    static let correctionPerBlock = [
        0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
        26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
    ]

    /// Blocks the codewords are split into at level M, by version (ISO/IEC 18004 table 9).
    static let blockCount = [
        0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
        17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
    ]

    /// Modules left for codewords once the function patterns and the format and version
    /// information are drawn (a few may be remainder bits).
    static func dataModules(_ version: Int) -> Int {
        var modules = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignments = version / 7 + 2
            modules -= (25 * alignments - 10) * alignments - 55
            if version >= 7 { modules -= 36 }
        }
        return modules
    }

    /// All codewords of `version`, data and error correction.
    static func totalCodewords(_ version: Int) -> Int { dataModules(version) / 8 }

    /// The data codewords `version` holds at level M.
    static func dataCodewords(_ version: Int) -> Int {
        totalCodewords(version) - correctionPerBlock[version] * blockCount[version]
    }

    /// The final sequence of codewords for `bytes` (which fit `version`): the mode indicator,
    /// the count, the bytes, the terminator and padding, split into blocks, each followed by its
    /// Reed–Solomon codewords, then interleaved (ISO/IEC 18004 7.4 to 7.6).
    static func codewords(_ bytes: [UInt8], version: Int) -> [UInt8] {
        let capacity = dataCodewords(version)
        var bits = BitBuffer()
        bits.append(0b0100, count: 4)
        bits.append(bytes.count, count: version < 10 ? 8 : 16)
        for byte in bytes { bits.append(Int(byte), count: 8) }
        bits.append(0, count: min(4, capacity * 8 - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var data = bits.bytes
        var pad: UInt8 = 0xEC
        while data.count < capacity {
            data.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }

        // The later blocks are one data codeword longer when the codewords do not split evenly.
        let blocks = blockCount[version]
        let correction = correctionPerBlock[version]
        let shortBlocks = blocks - capacity % blocks
        let shortLength = capacity / blocks
        var dataBlocks: [ArraySlice<UInt8>] = []
        var start = 0
        for index in 0..<blocks {
            let length = shortLength + (index < shortBlocks ? 0 : 1)
            dataBlocks.append(data[start..<start + length])
            start += length
        }
        let divisor = ReedSolomon.generator(degree: correction)
        let correctionBlocks = dataBlocks.map { ReedSolomon.remainder(Array($0), divisor: divisor) }

        var result: [UInt8] = []
        result.reserveCapacity(totalCodewords(version))
        for column in 0...shortLength {
            for block in dataBlocks where column < block.count {
                result.append(block[block.startIndex + column])
            }
        }
        for column in 0..<correction {
            for block in correctionBlocks { result.append(block[column]) }
        }
        return result
    }

    /// Bits appended most significant first, read back as bytes.
    struct BitBuffer {
        private(set) var bytes: [UInt8] = []
        private(set) var count = 0

        mutating func append(_ value: Int, count length: Int) {
            for shift in stride(from: length - 1, through: 0, by: -1) {
                if count % 8 == 0 { bytes.append(0) }
                if (value >> shift) & 1 == 1 { bytes[count / 8] |= 0x80 >> UInt8(count % 8) }
                count += 1
            }
        }
    }
}
