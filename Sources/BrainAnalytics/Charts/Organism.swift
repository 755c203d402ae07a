import Foundation
import BrainFormat

/// The person's life drawn as a plant (after the Forge app): a stem, one limb per life area and a
/// leaf per habit. Pure geometry from cubic Bézier curves; the renderer only colours it.
///
/// A limb's shape encodes its area's vitality `v` (the 7-day consistency, `AreaVitality`):
/// - thriving (v ≥ 0.70): long, upright, full colour;
/// - fading (0.30 ≤ v < 0.70): as long as v says, dimmer;
/// - dormant (v < 0.30): short and curled inward, dim: resting, not dying;
/// - calm, on a rest day (every limb) or for an area with nothing due (that limb): the same
///   middle length, no curl, even spacing and no jitter;
/// - a bud, for an area with no habits at all: a short shoot with a closed bud, no leaves.
///
/// Where a limb grows follows its vitality too: the most alive limbs take the places nearest
/// upright in the middle of the fan, the least alive the outer places low on the stem, so a
/// limb never leans further than a less alive one (beyond a few degrees of jitter). On a rest
/// day the limbs keep the areas' order, left to right. Each limb's label gets a box of its own:
/// no two labels overlap, and all stay inside the drawing.
///
/// The little irregularities that keep it from looking ruled (a few degrees of angle, a few per
/// cent of length) come from a generator seeded by the vault's own names (`seed(_:)`), so the same
/// vault always draws the same plant.
package struct Organism: Hashable, Sendable {
    /// One habit, to become a leaf.
    package struct LeafInput: Hashable, Sendable {
        package var habit: String
        package var title: String
        /// Done on the day drawn.
        package var done: Bool
        /// Loop's score on the day, 0–1 (`HabitStrength`): a stronger habit grows a larger leaf.
        package var strength: Double?

        package init(habit: String, title: String, done: Bool, strength: Double?) {
            self.habit = habit
            self.title = title
            self.done = done
            self.strength = strength
        }
    }

    /// One life area, to become a limb.
    package struct Branch: Hashable, Sendable {
        package var area: String
        package var title: String
        /// The area's consistency; nil when it is resting (nothing due in the window).
        package var vitality: Double?
        package var leaves: [LeafInput]

        package init(area: String, title: String, vitality: Double?, leaves: [LeafInput]) {
            self.area = area
            self.title = title
            self.vitality = vitality
            self.leaves = leaves
        }

        /// The area's label, as `AreaVitality` gives it.
        package var label: AreaVitality.Label { AreaVitality(area: area, consistency: vitality).label }
    }

    package struct Leaf: Hashable, Sendable {
        package var habit: String
        package var title: String
        package var done: Bool
        /// Where it grows from the limb, and its tip.
        package var base: Point
        package var tip: Point
        /// Two curves, base to tip and back: the outline.
        package var curves: [CubicBezier]
        package var opacity: Double

        package var path: String { PathData.of(curves, close: true) }
    }

    package struct Limb: Hashable, Sendable {
        package var area: String
        package var title: String
        package var label: AreaVitality.Label
        package var vitality: Double?
        /// Drawn calm: a rest day, or an area with nothing due.
        package var calm: Bool
        /// Length along the curve, in drawing units.
        package var length: Double
        /// 0 (none) to 1 (the tip turned 160° back towards the stem).
        package var curl: Double
        package var opacity: Double
        /// The heading it leaves the stem at (radians from straight up, clockwise).
        package var heading: Double
        /// Two curves, stem to tip.
        package var curves: [CubicBezier]
        package var leaves: [Leaf]
        /// An area with no habits: the closed outline of its bud at the tip (empty otherwise).
        package var bud: [CubicBezier] = []
        /// Where its name is written.
        package var caption = Caption(text: "", x: 0, baseline: 0, anchor: .middle, width: 0)

        package var path: String { PathData.of(curves) }
        package var tip: Point { curves.last!.end }
        package var isBud: Bool { !bud.isEmpty }
    }

    /// A limb's name as drawn: text anchored at `x` on `baseline`, and the box it takes.
    package struct Caption: Hashable, Sendable {
        package enum Anchor: String, Hashable, Sendable {
            case start, middle, end
        }

        package var text: String
        package var x: Double
        package var baseline: Double
        package var anchor: Anchor
        /// The text's width, as `width(of:)` reckons it.
        package var width: Double
        /// The font size the report draws labels in, and the box's height around the baseline.
        package static let fontSize = 12.0
        package static let ascent = 11.0
        package static let descent = 3.0

        package var minX: Double {
            switch anchor {
            case .start: return x
            case .middle: return x - width / 2
            case .end: return x - width
            }
        }
        package var maxX: Double { minX + width }
        package var minY: Double { baseline - Caption.ascent }
        package var maxY: Double { baseline + Caption.descent }

        /// Whether the two boxes overlap (touching is not overlapping).
        package func overlaps(_ other: Caption) -> Bool {
            minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
        }

        /// A generous width for `text` at the label size: 0.6 em a Latin letter, 1 em a wide
        /// character (CJK, emoji), so a label's box is never smaller than its text.
        package static func width(of text: String) -> Double {
            text.unicodeScalars.reduce(0) { sum, scalar in
                sum + (scalar.value < 0x2E80 ? (scalar.properties.isUppercase || "mwMW".unicodeScalars.contains(scalar) ? 0.75 : 0.6) : 1.0)
            } * fontSize
        }
    }

    package static let width = 560.0
    package static let height = 400.0
    /// The longest a limb grows (v = 1).
    package static let maxLength = 210.0
    package static let stemHeight = 118.0
    package static let degree = Double.pi / 180

    package var restDay: Bool
    package var seed: UInt64
    package var stem: CubicBezier
    /// Leaves of habits that belong to no area, on the stem.
    package var stemLeaves: [Leaf]
    package var limbs: [Limb]

    /// The stem's path data.
    package var stemPath: String { PathData.of([stem]) }

    // MARK: vitality → shape

    /// A limb's length: from 38 % of `maxLength` at v = 0 to all of it at v = 1; calm, 62 %.
    package static func length(vitality: Double?, calm: Bool) -> Double {
        guard !calm, let v = vitality else { return maxLength * 0.62 }
        return maxLength * (0.38 + 0.62 * clamp(v))
    }

    /// How far the tip curls inward: 0 from v = 0.30 up, rising to 1 at v = 0; none when calm.
    package static func curl(vitality: Double?, calm: Bool) -> Double {
        guard !calm, let v = vitality, v < 0.30 else { return 0 }
        return (0.30 - clamp(v)) / 0.30
    }

    /// Thriving 1; fading from 0.60 (v = 0.30) to 0.85 (just under 0.70); dormant from 0.35 (v = 0)
    /// to 0.55; calm 0.80.
    package static func opacity(vitality: Double?, calm: Bool) -> Double {
        guard !calm, let v = vitality.map(clamp) else { return 0.80 }
        if v >= 0.70 { return 1 }
        if v >= 0.30 { return 0.60 + 0.25 * (v - 0.30) / 0.40 }
        return 0.35 + 0.20 * v / 0.30
    }

    /// How far a limb leans from upright, as a factor of its place in the fan: 0.80 at v = 1
    /// (upright), 1.15 at v = 0 (drooping); 1 when calm.
    package static func lean(vitality: Double?, calm: Bool) -> Double {
        guard !calm, let v = vitality else { return 1 }
        return 1.15 - 0.35 * clamp(v)
    }

    /// A leaf's length: 16 plus 18 for full strength; smaller on a dormant limb; 24 when calm.
    package static func leafLength(strength: Double?, vitality: Double?, calm: Bool) -> Double {
        guard !calm else { return 24 }
        let size = 16 + 18 * clamp(strength ?? 0)
        return (vitality ?? 1) < 0.30 ? size * 0.8 : size
    }

    /// The fan: limb i of n leaves the stem at an even share of ±(22.5° × (n − 1)), at most ±75°.
    package static func fanAngle(_ index: Int, of count: Int) -> Double {
        guard count > 1 else { return 0 }
        let spread = min(75, 22.5 * Double(count - 1)) * degree
        return -spread + 2 * spread * Double(index) / Double(count - 1)
    }

    package static func clamp(_ value: Double) -> Double { max(0, min(1, value)) }

    /// A seed from the vault's own text (area and habit ids): FNV-1a, 64 bits.
    package static func seed(_ parts: [String]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in parts {
            for byte in part.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
            hash ^= 0xFF
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    // MARK: drawing

    /// The places in the fan for `count` limbs, nearest upright first (left before right).
    package static func placesByUprightness(_ count: Int) -> [Int] {
        (0..<count).sorted { a, b in
            let (fa, fb) = (abs(fanAngle(a, of: count)), abs(fanAngle(b, of: count)))
            return abs(fa - fb) > 1e-9 ? fa < fb : a < b
        }
    }

    /// The place in the fan of each branch: in order on a rest day; else the most alive nearest
    /// upright, a resting area (nothing due) as if half alive, buds outermost.
    package static func places(_ branches: [Branch], restDay: Bool) -> [Int] {
        guard !restDay else { return Array(branches.indices) }
        func rank(_ branch: Branch) -> Double { branch.leaves.isEmpty ? -1 : branch.vitality.map(clamp) ?? 0.5 }
        let ranked = branches.indices.sorted { a, b in
            let (ra, rb) = (rank(branches[a]), rank(branches[b]))
            return ra != rb ? ra > rb : a < b
        }
        let places = placesByUprightness(branches.count)
        var place = Array(repeating: 0, count: branches.count)
        for (order, branch) in ranked.enumerated() { place[branch] = places[order] }
        return place
    }

    /// The plant of `branches` (`limbs` in the same order), with the habits of no area as leaves
    /// on the stem. `restDay` draws every limb calm.
    package init(branches: [Branch], loose: [LeafInput] = [], restDay: Bool, seed: UInt64) {
        self.restDay = restDay
        self.seed = seed
        var random = DemoRandom(seed: seed)
        /// A value in −1…1, or 0 on a rest day (calm and even).
        func jitter() -> Double { restDay ? 0 : random.unit() * 2 - 1 }

        let base = Point(x: Organism.width / 2, y: Organism.height - 14)
        let lean = jitter() * 0.06
        let top = base.moved(Organism.stemHeight, heading: lean)
        stem = CubicBezier.between(base, heading: 0, top, heading: lean * 2)

        var limbs: [Limb] = []
        let places = Organism.places(branches, restDay: restDay)
        for (index, branch) in branches.enumerated() {
            let bud = branch.leaves.isEmpty
            let calm = restDay || branch.vitality == nil || bud
            let angleJitter = jitter() * 4 * Organism.degree
            let lengthJitter = 1 + jitter() * 0.04
            let place = places[index]
            let fan = Organism.fanAngle(place, of: branches.count)
            let side: Double = fan > 0 || (fan == 0 && place % 2 == 0) ? 1 : -1
            // Outer limbs spring from lower on the stem.
            let origin = stem.point(at: 1 - 0.3 * abs(fan) / (75 * Organism.degree))
            let heading = (fan + (calm ? 0 : angleJitter)) * Organism.lean(vitality: branch.vitality, calm: calm)
            let length = bud ? Organism.budLength : Organism.length(vitality: branch.vitality, calm: calm) * (calm ? 1 : lengthJitter)
            let curl = Organism.curl(vitality: branch.vitality, calm: calm)
            let opacity = Organism.opacity(vitality: branch.vitality, calm: calm)
            // A limb arcs gently outwards; a curled one turns back towards the stem near its tip.
            let bend = side * (calm ? 8 : 12) * Organism.degree
            let curlTurn = -side * curl * 160 * Organism.degree
            let turns = [bend / 2 + curlTurn * 0.2, bend / 2 + curlTurn * 0.8]
            var curves: [CubicBezier] = []
            var point = origin
            var direction = heading
            for turn in turns {
                let arc = length / 2
                let chord = abs(turn) < 1e-9 ? arc : arc * sin(turn / 2) / (turn / 2)
                let end = point.moved(chord, heading: direction + turn / 2)
                curves.append(CubicBezier.between(point, heading: direction, end, heading: direction + turn))
                point = end
                direction += turn
            }
            let leaves = Organism.leaves(branch.leaves, along: curves, vitality: branch.vitality, calm: calm,
                                         opacity: opacity, from: 0.35, to: 0.95, jitter: jitter)
            var limb = Limb(area: branch.area, title: branch.title, label: branch.label, vitality: branch.vitality,
                            calm: calm, length: length, curl: curl, opacity: opacity, heading: heading,
                            curves: curves, leaves: leaves)
            if bud { limb.bud = Organism.bud(at: point, heading: direction) }
            limbs.append(limb)
        }
        self.limbs = Organism.captioned(limbs)
        stemLeaves = Organism.leaves(loose, along: [stem], vitality: nil, calm: restDay, opacity: restDay ? 0.8 : 1,
                                     from: 0.2, to: 0.7, jitter: jitter)
    }

    /// How long the shoot of a bud grows.
    package static let budLength = 26.0

    /// A closed bud at `tip`, pointing along `heading`.
    package static func bud(at tip: Point, heading: Double) -> [CubicBezier] {
        let length = 13.0, width = 5.5
        func at(_ along: Double, _ across: Double) -> Point {
            tip.moved(length * along, heading: heading).moved(across, heading: heading + .pi / 2)
        }
        let end = tip.moved(length, heading: heading)
        return [
            CubicBezier(start: tip, control1: at(0.1, width), control2: at(0.75, width), end: end),
            CubicBezier(start: end, control1: at(0.75, -width), control2: at(0.1, -width), end: tip),
        ]
    }

    /// The limbs with their labels placed: each name just beyond its tip, moved up or down (and
    /// in from the edges) until it overlaps no other name and stays inside the drawing.
    package static func captioned(_ limbs: [Limb]) -> [Limb] {
        var limbs = limbs
        let middle = width / 2
        var placed: [Caption] = []
        let order = limbs.indices.sorted { limbs[$0].tip.y != limbs[$1].tip.y ? limbs[$0].tip.y < limbs[$1].tip.y : $0 < $1 }
        for index in order {
            let limb = limbs[index]
            let text = limb.title.count > 32 ? String(limb.title.prefix(31)) + "…" : limb.title
            let tip = limb.isBud ? limb.bud[0].end : limb.tip
            let anchor: Caption.Anchor = tip.x < middle - 20 ? .end : tip.x > middle + 20 ? .start : .middle
            let dx = anchor == .end ? -6.0 : anchor == .start ? 6.0 : 0
            var label = Caption(text: text, x: tip.x + dx, baseline: tip.y - 6, anchor: anchor, width: Caption.width(of: text))
            // Inside the drawing, left and right.
            if label.minX < 2 { label.x += 2 - label.minX }
            if label.maxX > width - 2 { label.x -= label.maxX - (width - 2) }
            let start = label.baseline
            // The nearest free line: the tip's own, then one line further down, up, down …
            let line = Caption.ascent + Caption.descent + 1
            for step in 0..<(2 * Int(height / line) + 2) {
                let offset = Double((step + 1) / 2) * line * (step % 2 == 1 ? 1 : -1)
                label.baseline = start + offset
                guard label.minY >= 2, label.maxY <= height - 2 else { continue }
                if !placed.contains(where: label.overlaps) { break }
            }
            placed.append(label)
            limbs[index].caption = label
        }
        return limbs
    }

    /// Leaves spaced evenly over `from…to` of the curves, alternating sides.
    package static func leaves(_ inputs: [LeafInput], along curves: [CubicBezier], vitality: Double?, calm: Bool, opacity: Double,
                       from: Double, to: Double, jitter: () -> Double) -> [Leaf] {
        inputs.enumerated().map { index, input in
            let t = from + (to - from) * (Double(index) + 0.5) / Double(inputs.count)
            let scaled = t * Double(curves.count)
            let segment = min(curves.count - 1, Int(scaled))
            let local = scaled - Double(segment)
            let base = curves[segment].point(at: local)
            let side: Double = index % 2 == 0 ? 1 : -1
            let heading = curves[segment].heading(at: local) + side * (calm ? 45 : 50 + jitter() * 8) * degree
            let length = leafLength(strength: input.strength, vitality: vitality, calm: calm)
            let width = length * 0.4
            func at(_ along: Double, _ across: Double) -> Point {
                base.moved(length * along, heading: heading).moved(across, heading: heading + .pi / 2)
            }
            let tip = base.moved(length, heading: heading)
            let outline = [
                CubicBezier(start: base, control1: at(0.3, width), control2: at(0.8, width * 0.6), end: tip),
                CubicBezier(start: tip, control1: at(0.8, -width * 0.6), control2: at(0.3, -width), end: base),
            ]
            return Leaf(habit: input.habit, title: input.title, done: input.done, base: base, tip: tip,
                        curves: outline, opacity: opacity)
        }
    }

    /// Every point of the drawing (curve ends and control points), for bounds.
    package var allPoints: [Point] {
        stem.points + stemLeaves.flatMap { $0.curves.flatMap(\.points) }
            + limbs.flatMap { $0.curves.flatMap(\.points) + $0.leaves.flatMap { $0.curves.flatMap(\.points) } }
    }
}
