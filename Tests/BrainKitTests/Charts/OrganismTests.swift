import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct OrganismTests {
    static func leaves(_ count: Int, done: Bool = true, strength: Double? = 0.5) -> [Organism.LeafInput] {
        (0..<count).map { Organism.LeafInput(habit: "h\($0)", title: "Habit \($0)", done: done, strength: strength) }
    }

    static func branches(_ vitalities: [Double?]) -> [Organism.Branch] {
        vitalities.enumerated().map { index, v in
            Organism.Branch(area: "a\(index)", title: "Area \(index)", vitality: v, leaves: leaves(3))
        }
    }

    /// The plant of one area of vitality `v`, alone in the middle.
    static func limb(_ v: Double?, restDay: Bool = false, seed: UInt64 = 7) -> Organism.Limb {
        Organism(branches: branches([v]), restDay: restDay, seed: seed).limbs[0]
    }

    @Test func lengthGrowsWithVitality() {
        let values = stride(from: 0.0, through: 1.0, by: 0.05).map { Organism.length(vitality: $0, calm: false) }
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
        #expect(Organism.length(vitality: 1, calm: false) == Organism.maxLength)
        #expect(abs(Organism.length(vitality: 0, calm: false) - 0.38 * Organism.maxLength) < 1e-9)
        // The drawn curve is as long as the length says (within the jitter of ±4 %).
        for v in [0.1, 0.5, 0.9] {
            let limb = Self.limb(v)
            let drawn = Self.arcLength(limb.curves)
            #expect(abs(drawn - limb.length) / limb.length < 0.02, "v \(v): drawn \(drawn), length \(limb.length)")
            #expect(abs(limb.length / Organism.length(vitality: v, calm: false) - 1) <= 0.04 + 1e-9)
        }
        #expect(Self.limb(0.9).length > Self.limb(0.5).length)
        #expect(Self.limb(0.5).length > Self.limb(0.1).length)
    }

    @Test func onlyDormantLimbsCurlAndMoreSoTheLessAlive() {
        for v in [0.3, 0.5, 0.7, 1.0] { #expect(Organism.curl(vitality: v, calm: false) == 0) }
        #expect(Organism.curl(vitality: 0, calm: false) == 1)
        let curls = [0.25, 0.2, 0.1, 0.0].map { Organism.curl(vitality: $0, calm: false) }
        #expect(zip(curls, curls.dropFirst()).allSatisfy { $0 < $1 } && curls[0] > 0)
        #expect(Organism.curl(vitality: 0.05, calm: true) == 0)
        #expect(Organism.curl(vitality: nil, calm: false) == 0)
    }

    @Test func aCurledLimbTurnsBackTowardsTheStem() {
        // Two areas: the right one (fan angle +22.5°) alive, then dormant.
        let awake = Organism(branches: Self.branches([0.9, 0.5]), restDay: false, seed: 3).limbs[1]
        let dormant = Organism(branches: Self.branches([0.9, 0.05]), restDay: false, seed: 3).limbs[1]
        // The tip of a healthy right limb heads up and out (clockwise of straight up); a curled one
        // has turned past horizontal and back towards the stem (heading < 0 or beyond 90°).
        let awakeEnd = awake.curves.last!.heading(at: 1)
        let dormantEnd = dormant.curves.last!.heading(at: 1)
        #expect(awakeEnd > 0 && awakeEnd < .pi / 2)
        #expect(dormantEnd < awakeEnd - 100 * Organism.degree, "dormant tip heading \(dormantEnd / Organism.degree)°")
        // And it ends nearer the stem than it would uncurled.
        #expect(abs(dormant.tip.x - Organism.width / 2) < abs(awake.tip.x - Organism.width / 2))
    }

    @Test func thrivingIsUprightAndDormantDroops() {
        #expect(Organism.lean(vitality: 1, calm: false) < Organism.lean(vitality: 0.5, calm: false))
        #expect(Organism.lean(vitality: 0.5, calm: false) < Organism.lean(vitality: 0, calm: false))
        let thriving = Organism(branches: Self.branches([0.95, 0.95, 0.95]), restDay: false, seed: 9).limbs[2]
        let dormant = Organism(branches: Self.branches([0.95, 0.95, 0.1]), restDay: false, seed: 9).limbs[2]
        #expect(abs(thriving.heading) < abs(dormant.heading))
        // Its tip is higher on the page.
        #expect(thriving.tip.y < dormant.tip.y)
    }

    @Test func opacityFollowsTheLabel() {
        #expect(Organism.opacity(vitality: 0.7, calm: false) == 1)
        #expect(Organism.opacity(vitality: 1, calm: false) == 1)
        let fading = [0.3, 0.45, 0.69].map { Organism.opacity(vitality: $0, calm: false) }
        #expect(fading.allSatisfy { $0 >= 0.6 && $0 < 0.85 + 1e-9 } && fading == fading.sorted())
        let dormant = [0.0, 0.15, 0.29].map { Organism.opacity(vitality: $0, calm: false) }
        #expect(dormant.allSatisfy { $0 >= 0.35 && $0 < 0.6 } && dormant == dormant.sorted())
        #expect(Organism.opacity(vitality: 0.1, calm: true) == 0.8)
        #expect(Self.limb(0.9).opacity == 1 && Self.limb(0.1).opacity < Self.limb(0.5).opacity)
        #expect(Self.limb(0.9).leaves.allSatisfy { $0.opacity == 1 })
    }

    @Test func aRestDayIsCalmAndEven() {
        let rest = Organism(branches: Self.branches([0.95, 0.5, 0.05, nil, 0.8]), restDay: true, seed: 42)
        #expect(Set(rest.limbs.map(\.length)).count == 1)
        #expect(rest.limbs.allSatisfy { $0.curl == 0 && $0.opacity == 0.8 && $0.calm })
        // Even: the fan angles exactly, mirrored about the stem, and a straight stem.
        for (index, limb) in rest.limbs.enumerated() {
            #expect(abs(limb.heading - Organism.fanAngle(index, of: 5)) < 1e-12)
        }
        #expect(abs(rest.limbs[0].heading + rest.limbs[4].heading) < 1e-12)
        #expect(rest.stem.start.x == rest.stem.end.x)
        // Every leaf the same size.
        let sizes = Set(rest.limbs.flatMap(\.leaves).map { Int(($0.base.distance(to: $0.tip) * 1000).rounded()) })
        #expect(sizes.count == 1)
        // The seed plays no part on a rest day.
        let other = Organism(branches: Self.branches([0.95, 0.5, 0.05, nil, 0.8]), restDay: true, seed: 43)
        #expect(other.limbs.map(\.path) == rest.limbs.map(\.path))
    }

    @Test func aRestingAreaIsCalmOnAnyDay() {
        let limb = Self.limb(nil)
        #expect(limb.calm && limb.curl == 0 && limb.length == Organism.length(vitality: nil, calm: true))
        #expect(limb.label == .resting)
    }

    @Test func theSameVaultDrawsTheSamePlant() {
        let input = Self.branches([0.9, 0.4, 0.1, nil])
        let seed = Organism.seed(["health", "read", "run"])
        let first = Organism(branches: input, loose: Self.leaves(2), restDay: false, seed: seed)
        let second = Organism(branches: input, loose: Self.leaves(2), restDay: false, seed: Organism.seed(["health", "read", "run"]))
        #expect(first == second)
        #expect(first.limbs.map(\.path) == second.limbs.map(\.path))
        #expect(first.limbs.flatMap(\.leaves).map(\.path) == second.limbs.flatMap(\.leaves).map(\.path))
        // Another vault's names give other small irregularities, not another shape.
        let other = Organism(branches: input, loose: Self.leaves(2), restDay: false, seed: Organism.seed(["work", "write"]))
        #expect(other.limbs.map(\.path) != first.limbs.map(\.path))
        #expect(Organism.seed(["ab", "c"]) != Organism.seed(["a", "bc"]))
    }

    @Test func oneLeafPerHabitAlongItsLimb() {
        let plant = Organism(branches: Self.branches([0.9, 0.6]), loose: Self.leaves(2, done: false), restDay: false, seed: 5)
        #expect(plant.limbs.map { $0.leaves.map(\.habit) } == [["h0", "h1", "h2"], ["h0", "h1", "h2"]])
        #expect(plant.stemLeaves.count == 2 && plant.stemLeaves.allSatisfy { !$0.done })
        for limb in plant.limbs {
            for leaf in limb.leaves {
                // The base lies on the limb: close to some point of its curves.
                let near = limb.curves.flatMap { curve in stride(from: 0.0, through: 1.0, by: 0.01).map { curve.point(at: $0) } }
                    .map { $0.distance(to: leaf.base) }.min()!
                #expect(near < 2)
                #expect(leaf.curves.count == 2 && leaf.curves[0].start == leaf.base && leaf.curves[1].end == leaf.base)
                #expect(leaf.path.hasPrefix("M") && leaf.path.hasSuffix("Z"))
            }
        }
        // A stronger habit grows a larger leaf.
        #expect(Organism.leafLength(strength: 0.9, vitality: 0.9, calm: false) > Organism.leafLength(strength: 0.2, vitality: 0.9, calm: false))
    }

    @Test(arguments: [1, 2, 6, 9])
    func everythingFitsTheCanvas(_ count: Int) {
        for vitality in [0.0, 0.2, 0.5, 1.0] {
            let plant = Organism(branches: Self.branches(Array(repeating: vitality, count: count)),
                                 loose: Self.leaves(3), restDay: false, seed: UInt64(count))
            for point in plant.allPoints {
                #expect(point.x >= 0 && point.x <= Organism.width && point.y >= 0 && point.y <= Organism.height,
                        "\(count) limbs at \(vitality): \(point) outside")
            }
        }
    }

    /// 200 random sets of areas (1 to 9, any vitality, some resting, some with no habits, long
    /// and wide-lettered names): no two labels overlap, every label is inside the drawing.
    @Test func labelsNeverOverlap() {
        var random = DemoRandom(seed: 2026)
        for round in 0..<200 {
            let count = 1 + Int(random.unit() * 9)
            let branches = (0..<count).map { index -> Organism.Branch in
                let roll = random.unit()
                let vitality: Double? = roll < 0.1 ? nil : roll < 0.45 ? random.unit() * 0.3 : random.unit()
                let name = ["Health", "Creative work", "Mindfulness & calm", "WWWWWWWWWWWW", "家族", "Learning languages"][Int(random.unit() * 6)]
                return Organism.Branch(area: "a\(index)", title: "\(name) \(index)", vitality: vitality,
                                       leaves: random.unit() < 0.1 ? [] : Self.leaves(1 + Int(random.unit() * 4)))
            }
            let plant = Organism(branches: branches, restDay: random.unit() < 0.1, seed: UInt64(round))
            let captions = plant.limbs.map(\.caption)
            for (i, a) in captions.enumerated() {
                #expect(a.minX >= 0 && a.maxX <= Organism.width && a.minY >= 0 && a.maxY <= Organism.height, "round \(round): \(a) outside")
                for b in captions[(i + 1)...] {
                    #expect(!a.overlaps(b), "round \(round): \(a.text) and \(b.text) overlap")
                }
            }
        }
    }

    /// A limb never leans further from upright than a less alive one (the fan's places go to the
    /// most alive first), but for the jitter: up to 4° each way, times the lean (at most 1.15).
    @Test func theMoreAliveTheMoreUpright() {
        var random = DemoRandom(seed: 83)
        for round in 0..<200 {
            let count = 2 + Int(random.unit() * 8)
            let vitalities = (0..<count).map { _ in random.unit() }
            let plant = Organism(branches: Self.branches(vitalities), restDay: false, seed: UInt64(round))
            for (a, limbA) in plant.limbs.enumerated() {
                for (b, limbB) in plant.limbs.enumerated() where vitalities[a] > vitalities[b] {
                    #expect(abs(limbA.heading) <= abs(limbB.heading) + 2 * 4 * 1.15 * Organism.degree + 1e-9,
                            "round \(round): \(vitalities[a]) leans \(limbA.heading / Organism.degree)°, \(vitalities[b]) \(limbB.heading / Organism.degree)°")
                }
            }
        }
        // The case a person met: Creative at 83 % among less alive areas is not the most drooping.
        let plant = Organism(branches: Self.branches([0.4, 0.55, 0.83, 0.1, 0.35]), restDay: false, seed: 1)
        let mostDrooping = plant.limbs.max { abs($0.heading) < abs($1.heading) }!
        #expect(mostDrooping.vitality == 0.1)
        #expect(abs(plant.limbs[2].heading) == plant.limbs.map { abs($0.heading) }.min())
    }

    @Test func anAreaWithNoHabitsIsABud() {
        var branches = Self.branches([0.9, 0.6])
        branches.append(Organism.Branch(area: "new", title: "New area", vitality: nil, leaves: []))
        let plant = Organism(branches: branches, restDay: false, seed: 4)
        let bud = plant.limbs[2]
        #expect(bud.isBud && bud.leaves.isEmpty && bud.bud.count == 2)
        #expect(bud.length == Organism.budLength)
        #expect(plant.limbs[0...1].allSatisfy { !$0.isBud && $0.length > 3 * bud.length })
        // Outermost: no limb of the fan leans further.
        #expect(plant.limbs.allSatisfy { abs($0.heading) <= abs(bud.heading) + 1e-9 })
        #expect(bud.bud[0].start == bud.tip && bud.bud[1].end == bud.tip)
    }

    @Test func bezierBasics() {
        let curve = CubicBezier(start: Point(x: 0, y: 0), control1: Point(x: 0, y: -10), control2: Point(x: 10, y: -10),
                                end: Point(x: 10, y: 0))
        #expect(curve.point(at: 0) == curve.start && curve.point(at: 1) == curve.end)
        #expect(curve.point(at: 0.5) == Point(x: 5, y: -7.5))
        #expect(abs(curve.heading(at: 0)) < 1e-12)
        #expect(abs(curve.heading(at: 1) - .pi) < 1e-12)
        #expect(PathData.of([curve]) == "M0 0 C0 -10 10 -10 10 0")
        #expect(PathData.number(-0.04) == "0" && PathData.number(2.25) == "2.3" && PathData.number(-1.25) == "-1.3")
    }

    static func arcLength(_ curves: [CubicBezier]) -> Double {
        curves.reduce(0) { total, curve in
            var length = 0.0
            var previous = curve.start
            for step in 1...400 {
                let point = curve.point(at: Double(step) / 400)
                length += previous.distance(to: point)
                previous = point
            }
            return total + length
        }
    }
}
