extension QRCode.Matrix {
    /// The penalty of the whole symbol, the four rules of ISO/IEC 18004 7.8.3: the mask with the
    /// lowest is the one a reader has the easiest time with.
    var penalty: Int {
        let columns = (0..<size).map { x in dark.map { $0[x] } }
        var score = 0
        for line in dark + columns {
            score += Self.runPenalty(line) + Self.finderLikePenalty(line)
        }
        // Rule 2: 3 for each 2 × 2 block of one colour (blocks may overlap).
        for y in 0..<size - 1 {
            for x in 0..<size - 1 {
                let colour = dark[y][x]
                if dark[y][x + 1] == colour && dark[y + 1][x] == colour && dark[y + 1][x + 1] == colour { score += 3 }
            }
        }
        // Rule 4: 10 for each full 5% the share of dark modules is away from half.
        let total = size * size
        let darkCount = dark.reduce(0) { $0 + $1.count { $0 } }
        score += 10 * (abs(darkCount * 20 - total * 10) / total)
        return score
    }

    /// Rule 1: a run of five or more modules of one colour costs 3, and 1 more for each module past five.
    static func runPenalty(_ line: [Bool]) -> Int {
        var score = 0
        var run = 1
        for index in 1...line.count {
            if index < line.count && line[index] == line[index - 1] {
                run += 1
                continue
            }
            if run >= 5 { score += 3 + run - 5 }
            run = 1
        }
        return score
    }

    /// Rule 3: 40 for each dark-light-dark-dark-dark-light-dark (1:1:3:1:1) with four light
    /// modules before or after it; outside the symbol is the light quiet zone.
    static func finderLikePenalty(_ line: [Bool]) -> Int {
        let pattern = [true, false, true, true, true, false, true]
        let padded = [Bool](repeating: false, count: 4) + line + [Bool](repeating: false, count: 4)
        var score = 0
        for start in 4..<(padded.count - 4 - pattern.count + 1) where padded[start] {
            guard padded[start..<start + 7].elementsEqual(pattern) else { continue }
            let before = !padded[start - 4..<start].contains(true)
            let after = !padded[start + 7..<start + 11].contains(true)
            if before || after { score += 40 }
        }
        return score
    }
}
