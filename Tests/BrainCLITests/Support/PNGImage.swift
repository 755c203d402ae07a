import Foundation
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Just enough of PNG to read a browser's screenshot: 8-bit truecolour (RGB or RGBA), not
/// interlaced; the zlib stream is inflated with BrainKit's `Inflate`.
struct PNGImage {
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    let width: Int
    let height: Int
    /// Red, green, blue per pixel, row by row.
    private let pixels: [UInt8]

    init(contentsOf path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        guard bytes.count > 8, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw Problem(description: "\(path) is not a PNG file")
        }
        var offset = 8
        var width = 0, height = 0, colorType = 0
        var compressed: [UInt8] = []
        func word(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        while offset + 8 <= bytes.count {
            let length = word(offset)
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let data = offset + 8
            guard data + length <= bytes.count else { throw Problem(description: "truncated chunk \(type)") }
            switch type {
            case "IHDR":
                width = word(data)
                height = word(data + 4)
                colorType = Int(bytes[data + 9])
                guard bytes[data + 8] == 8, colorType == 2 || colorType == 6, bytes[data + 12] == 0 else {
                    throw Problem(description: "unsupported PNG: depth \(bytes[data + 8]), colour type \(colorType), interlace \(bytes[data + 12])")
                }
            case "IDAT": compressed += bytes[data..<data + length]
            default: break
            }
            if type == "IEND" { break }
            offset = data + length + 4
        }
        // zlib: a two-byte header, DEFLATE, an Adler-32.
        let raw = try Inflate.decompress(Array(compressed.dropFirst(2)))
        let channels = colorType == 6 ? 4 : 3
        let stride = width * channels
        guard raw.count >= height * (stride + 1) else { throw Problem(description: "short image data") }
        var previous = [UInt8](repeating: 0, count: stride)
        var rgb = [UInt8]()
        rgb.reserveCapacity(width * height * 3)
        for row in 0..<height {
            let start = row * (stride + 1)
            let filter = raw[start]
            var line = Array(raw[start + 1..<start + 1 + stride])
            for index in 0..<stride {
                let left = index >= channels ? Int(line[index - channels]) : 0
                let up = Int(previous[index])
                let upLeft = index >= channels ? Int(previous[index - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = left
                case 2: predictor = up
                case 3: predictor = (left + up) / 2
                case 4:
                    let p = left + up - upLeft
                    let (pa, pb, pc) = (abs(p - left), abs(p - up), abs(p - upLeft))
                    predictor = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft
                default: throw Problem(description: "unknown filter \(filter)")
                }
                line[index] = UInt8((Int(line[index]) + predictor) & 0xFF)
            }
            for pixel in 0..<width {
                rgb.append(contentsOf: line[pixel * channels..<pixel * channels + 3])
            }
            previous = line
        }
        self.width = width
        self.height = height
        pixels = rgb
    }

    func pixel(_ x: Int, _ y: Int) -> RGB {
        let at = (y * width + x) * 3
        return RGB(red: pixels[at], green: pixels[at + 1], blue: pixels[at + 2])
    }

    /// How many pixels have each colour.
    func histogram() -> [RGB: Int] {
        var counts: [RGB: Int] = [:]
        for at in stride(from: 0, to: pixels.count, by: 3) {
            counts[RGB(red: pixels[at], green: pixels[at + 1], blue: pixels[at + 2]), default: 0] += 1
        }
        return counts
    }

    /// Pixels of `color` in the rectangle `x..<x+w, y..<y+h`.
    func count(_ color: RGB, x: Int = 0, y: Int = 0, width w: Int? = nil, height h: Int? = nil) -> Int {
        var total = 0
        for row in y..<min(height, y + (h ?? height)) {
            for column in x..<min(width, x + (w ?? width)) where pixel(column, row) == color { total += 1 }
        }
        return total
    }
}
