import Foundation
import BrainFormat

/// A point of a drawing, in SVG's coordinates (y grows downwards).
package struct Point: Hashable, Sendable, Codable {
    package var x: Double
    package var y: Double

    package init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The point `distance` away in the direction `heading` (radians from straight up, clockwise).
    package func moved(_ distance: Double, heading: Double) -> Point {
        Point(x: x + distance * sin(heading), y: y - distance * cos(heading))
    }

    package func distance(to other: Point) -> Double {
        ((other.x - x) * (other.x - x) + (other.y - y) * (other.y - y)).squareRoot()
    }
}

/// One cubic Bézier curve: from `start` to `end`, pulled towards the two control points.
package struct CubicBezier: Hashable, Sendable, Codable {
    package var start: Point
    package var control1: Point
    package var control2: Point
    package var end: Point

    package init(start: Point, control1: Point, control2: Point, end: Point) {
        self.start = start
        self.control1 = control1
        self.control2 = control2
        self.end = end
    }

    /// The point at `t` in 0…1 (Bernstein form).
    package func point(at t: Double) -> Point {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Point(x: a * start.x + b * control1.x + c * control2.x + d * end.x,
                     y: a * start.y + b * control1.y + c * control2.y + d * end.y)
    }

    /// The direction of travel at `t`, as a heading (radians from straight up, clockwise).
    package func heading(at t: Double) -> Double {
        let u = 1 - t
        let dx = 3 * u * u * (control1.x - start.x) + 6 * u * t * (control2.x - control1.x) + 3 * t * t * (end.x - control2.x)
        let dy = 3 * u * u * (control1.y - start.y) + 6 * u * t * (control2.y - control1.y) + 3 * t * t * (end.y - control2.y)
        return atan2(dx, -dy)
    }

    /// The four points, for bounds.
    package var points: [Point] { [start, control1, control2, end] }

    /// A curve that leaves `start` heading `startHeading` and arrives at `end` heading `endHeading`,
    /// its control points a third of the way along each tangent (a Hermite curve as a Bézier).
    package static func between(_ start: Point, heading startHeading: Double, _ end: Point, heading endHeading: Double) -> CubicBezier {
        let reach = start.distance(to: end) / 3
        return CubicBezier(start: start, control1: start.moved(reach, heading: startHeading),
                           control2: end.moved(-reach, heading: endHeading), end: end)
    }
}

/// SVG path data from curves: `M x y C x1 y1 x2 y2 x y …`, numbers to one decimal, the same
/// text on every machine (no locale, no float printing).
package enum PathData {
    /// Curves joined end to start; a gap starts a new `M`. `close` appends `Z`.
    package static func of(_ curves: [CubicBezier], close: Bool = false) -> String {
        var text = ""
        var pen: Point?
        for curve in curves {
            if pen != curve.start {
                text += (text.isEmpty ? "" : " ") + "M" + number(curve.start.x) + " " + number(curve.start.y)
            }
            text += " C" + [curve.control1, curve.control2, curve.end].map { number($0.x) + " " + number($0.y) }.joined(separator: " ")
            pen = curve.end
        }
        if close { text += " Z" }
        return text
    }

    /// `12.3`, `-0.5`, `7` (tenths, half away from zero, no trailing `.0`).
    package static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let magnitude = abs(tenths)
        return magnitude % 10 == 0 ? sign + String(magnitude / 10) : sign + "\(magnitude / 10).\(magnitude % 10)"
    }
}
