import Testing
@testable import BrainFormat
@testable import BrainStore

/// Issue 34 (Step 15), point 3: one schema table. What reads it agrees with it.
@Suite struct VaultSchemaTests {
    /// `brain new` writes an option's key only into kinds of file the schema gives that key.
    @Test func newWritesOnlyKeysTheKindHas() {
        func noteKind(_ kind: CreateNote.Kind) -> NoteKind {
            switch kind {
            case .habit: .habit
            case .goal: .goal
            case .area: .area
            case .note, .reflection, .insight, .link: .note
            }
        }
        for (field, kinds) in CreateNote.fieldKinds where VaultSchema.key(field, in: nil) != nil {
            for kind in kinds {
                #expect(VaultSchema.keys(of: noteKind(kind)).contains(field), "brain new \(kind.rawValue) --\(field) writes a key a \(kind.rawValue) does not have")
            }
        }
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
