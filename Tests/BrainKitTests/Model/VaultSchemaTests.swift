import Testing
@testable import BrainFormat
@testable import BrainStore

/// Issue 34 (Step 15), point 3: one schema table. What reads it agrees with it.
@Suite struct VaultSchemaTests {
    /// `brain new` takes an option for the kinds of file whose schema has its key, and refuses it
    /// for the others with the kinds that have it.
    @Test func newTakesAnOptionForTheKindsWhoseSchemaHasItsKey() {
        #expect(CreateNote.kinds(for: "cue") == [.habit])
        #expect(CreateNote.kinds(for: "area") == [.habit, .goal, .note, .reflection, .insight, .link])
        #expect(CreateNote.kinds(for: "template") == [.goal])
        let (vault, _) = MemoryVault.sample()
        func refusal(_ kind: CreateNote.Kind, _ set: (inout CreateNote) -> Void) -> String? {
            var action = CreateNote(kind: kind, title: "Something new", today: .sampleToday)
            set(&action)
            do { _ = try vault.perform(action); return nil } catch { return error.message }
        }
        #expect(refusal(.area) { $0.cue = "coffee" } == "--cue is for habits, not areas")
        #expect(refusal(.habit) { $0.url = "https://example.com" } == "--url is for notes, not habits")
        #expect(refusal(.area) { $0.unit = "km" } == "--unit is for goals and habits, not areas")
        #expect(refusal(.note) { $0.area = "health" } == nil, "a note has an area: key")
    }

    /// A link key names one kind of file; rename rewrites exactly the link keys.
    @Test func linkKeysAreWhatRenameRewrites() {
        #expect(Set(RenamePlan.referenceKeys) == Set(VaultSchema.keys.filter { $0.links != nil }.map(\.name)))
        #expect(Set(VaultSchema.linkKeys) == ["area", "goal", "after", "parent", "habits", "habit"])
    }

    /// The parser's messages for a bad value are the schema's.
    @Test func aBadValueIsToldAsTheSchemaSaysIt() {
        var reader = FieldReader(YAMLReader.parse("mood: 9\nrest: maybe\npinned: 3\n"[...], firstLine: 1).map)
        _ = reader.int("mood", range: 1...5)
        _ = reader.bool("rest")
        let messages = reader.issues.map(\.message)
        #expect(messages.contains("rest " + VaultSchema.ValueType.boolean.expectation))
        #expect(messages.contains { $0.hasPrefix("mood must be from 1 to 5") })
    }
}
