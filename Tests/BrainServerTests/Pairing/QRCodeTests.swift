import BrainFormat
import Testing
@testable import BrainServer

/// The QR encoder against the standard's own tables, and the terminal drawing read back.
@Suite struct QRCodeTests {
    /// The byte-mode capacities at level M of ISO/IEC 18004 table 7.
    @Test func capacitiesAreTheStandardsTable() {
        let table = [14, 26, 42, 62, 84, 106, 122, 152, 180, 213]
        #expect((1...10).map { QRCode.capacity($0) } == table)
        #expect(QRCode.capacity(40) == 2331)
    }

    /// Generator polynomials as exponents of α, highest power first without the leading α⁰
    /// (ISO/IEC 18004 annex A).
    @Test(arguments: [
        (7, [87, 229, 146, 149, 238, 102, 21]),
        (10, [251, 67, 46, 61, 118, 70, 64, 94, 32, 45]),
    ])
    func generatorPolynomialsAreTheStandardsOnes(degree: Int, exponents: [Int]) {
        let generator = QRCode.ReedSolomon.generator(degree: degree)
        #expect(generator.map { QRCode.ReedSolomon.tables.log[Int($0)] } == exponents)
    }

    /// A message and its error correction codewords divide the generator exactly: the
    /// codeword polynomial has α⁰…αⁿ⁻¹ as roots.
    @Test func correctionCodewordsMakeTheGeneratorsRootsZeros() {
        let data: [UInt8] = Array("http://127.0.0.1:7420/pair?code=pair_0123".utf8)
        let degree = 18
        let codeword = data + QRCode.ReedSolomon.remainder(data, divisor: QRCode.ReedSolomon.generator(degree: degree))
        for power in 0..<degree {
            let root = QRCode.ReedSolomon.tables.exp[power]
            let value = codeword.reduce(UInt8(0)) { QRCode.ReedSolomon.multiply($0, root) ^ $1 }
            #expect(value == 0, "α^\(power) is no root")
        }
    }

    /// The format information of level M (ISO/IEC 18004 annex C, table C.1).
    @Test func formatBitsAreTheStandardsTable() {
        let table = [0b101010000010010, 0b101000100100101, 0b101111001111100, 0b101101101001011,
                     0b100010111111001, 0b100000011001110, 0b100111110010111, 0b100101010100000]
        #expect((0..<8).map { QRCode.Matrix.formatBits(mask: $0) } == table)
    }

    /// The version information (ISO/IEC 18004 annex D, table D.1).
    @Test func versionBitsAreTheStandardsTable() {
        #expect(QRCode.Matrix.versionBits(7) == 0b000111110010010100)
        #expect(QRCode.Matrix.versionBits(10) == 0b001010010011010011)
        #expect(QRCode.Matrix.versionBits(40) == 0b101000110001101001)
    }

    @Test func alignmentCentresAreTheStandardsTable() {
        #expect(QRCode.Matrix.alignmentCentres(1) == [])
        #expect(QRCode.Matrix.alignmentCentres(2) == [6, 18])
        #expect(QRCode.Matrix.alignmentCentres(7) == [6, 22, 38])
        #expect(QRCode.Matrix.alignmentCentres(10) == [6, 28, 50])
        #expect(QRCode.Matrix.alignmentCentres(32) == [6, 34, 60, 86, 112, 138])
        #expect(QRCode.Matrix.alignmentCentres(40) == [6, 30, 58, 86, 114, 142, 170])
    }

    @Test func thePairingLinkFitsASmallVersion() throws {
        let code = "pair_" + String(repeating: "0f", count: 32)
        #expect(try QRCode(text: "http://192.168.1.20:7420/pair?code=\(code)").version == 6)
        #expect(try QRCode(text: "http://127.0.0.1:7420/pair?code=\(code)").version == 6)
        #expect(try QRCode(text: "https://your-mac.tailnet-name.ts.net:7420/pair?code=\(code)").version <= 10)
    }

    @Test func tooManyBytesAreAClearError() throws {
        #expect(try QRCode(bytes: Array(repeating: 65, count: 2331)).version == 40)
        #expect(throws: QRCode.Failure.tooLong(bytes: 2332, limit: 2331)) {
            try QRCode(bytes: Array(repeating: 65, count: 2332))
        }
        #expect(QRCode.Failure.tooLong(bytes: 2332, limit: 2331).description.contains("at most 2331"))
        #expect(throws: QRCode.Failure.badMask(8)) { try QRCode(text: "x", mask: 8) }
        #expect(throws: QRCode.Failure.badVersion(41)) { try QRCode(text: "x", minimumVersion: 41) }
    }

    /// The mask chosen is the one with the lowest penalty, the lowest number on a tie.
    @Test func theChosenMaskHasTheLowestPenalty() throws {
        for text in ["a", "http://127.0.0.1:7420/pair?code=pair_00", String(repeating: "ü", count: 90)] {
            let code = try QRCode(text: text)
            var matrix = QRCode.Matrix(version: code.version)
            matrix.place(QRCode.codewords(Array(text.utf8), version: code.version))
            let penalties = (0..<8).map { matrix.masked($0).penalty }
            #expect(code.mask == penalties.firstIndex(of: penalties.min()!))
            #expect(code.modules == matrix.masked(code.mask).dark)
        }
    }

    @Test func penaltyRulesCountAsTheStandardSays() {
        // Rule 1: runs of 5 cost 3, of 7 cost 5; the run of 4 costs nothing.
        #expect(QRCode.Matrix.runPenalty([true, true, true, true, true, false, false, false, false]) == 3)
        #expect(QRCode.Matrix.runPenalty(Array(repeating: false, count: 7)) == 5)
        // Rule 3: 1011101 with four light modules on a side; the symbol's edge counts as light.
        let finder = [true, false, true, true, true, false, true]
        #expect(QRCode.Matrix.finderLikePenalty(finder) == 40)
        #expect(QRCode.Matrix.finderLikePenalty([true, true, true, true] + finder + [true, true, true, true]) == 0)
        #expect(QRCode.Matrix.finderLikePenalty([true, true, true, true] + finder + [false, false, false, false, true]) == 40)
    }

    /// The text drawing parsed back gives the modules with a light quiet zone of four, plain and coloured.
    @Test(arguments: [ColorMode.none, .ansi16, .ansi256, .trueColor])
    func theTerminalDrawingReadsBackAsTheModules(colour: ColorMode) throws {
        for text in ["x", "http://192.168.1.20:7420/pair?code=pair_" + String(repeating: "a7", count: 32), String(repeating: "é", count: 100)] {
            let code = try QRCode(text: text)
            let lines = code.terminalLines(colour: colour)
            let read = try #require(QRCodeTests.readTerminal(lines, colour: colour))
            let side = code.size + 2 * QRCode.quietZone
            #expect(lines.count == (side + 1) / 2)
            #expect(read.count == side + 1, "two rows a line, the last row past the quiet zone")
            for y in 0..<read.count {
                for x in 0..<side {
                    #expect(read[y][x] == code[x - QRCode.quietZone, y - QRCode.quietZone], "module \(x), \(y) of \(text)")
                }
            }
        }
    }

    @Test func withoutColourTheDrawingIsDarkOnLightWithNoEscapes() throws {
        let lines = try QRCode(text: "brain").terminalLines(colour: .none)
        #expect(!lines.joined().contains("\u{1B}"))
        // The quiet zone is light: spaces in the plain drawing.
        #expect(lines[0].allSatisfy { $0 == " " })
        // Line 2 holds rows 0 and 1: the top-left finder's dark top row over its ring.
        #expect(lines[2].dropFirst(4).prefix(7) == "█▀▀▀▀▀█")
    }

    @Test func withColourTheLightModulesAreWhiteBlocksOnBlack() throws {
        let lines = try QRCode(text: "brain").terminalLines(colour: .ansi256)
        for line in lines {
            #expect(line.hasPrefix("\u{1B}[38;5;231;48;5;16m") && line.hasSuffix("\u{1B}[0m"))
        }
        #expect(lines[0].contains(String(repeating: "█", count: 29)))
    }

    /// Modules from a terminal drawing: one row a half block, `true` dark.
    static func readTerminal(_ lines: [String], colour: ColorMode) -> [[Bool]]? {
        var rows: [[Bool]] = []
        for line in lines {
            var text = Substring(line)
            // Drop the escape sequences (ESC [ … m).
            while let escape = text.firstIndex(of: "\u{1B}") {
                guard let end = text[escape...].firstIndex(of: "m") else { return nil }
                text = text[..<escape] + text[text.index(after: end)...]
            }
            var upper: [Bool] = [], lower: [Bool] = []
            for character in text {
                let ink: (Bool, Bool)
                switch character {
                case "█": ink = (true, true)
                case "▀": ink = (true, false)
                case "▄": ink = (false, true)
                case " ": ink = (false, false)
                default: return nil
                }
                // Without colour the blocks are the dark modules; with it, the light ones.
                upper.append(colour == .none ? ink.0 : !ink.0)
                lower.append(colour == .none ? ink.1 : !ink.1)
            }
            rows += [upper, lower]
        }
        return rows
    }
}
