import BrainFormat
import BrainAnalytics
import BrainStore

/// Word lists and sentence makers for the made-up text of a demo vault.
package enum DemoText {
    package static let words: [String] = """
    the a of and to in that it with for on as at by from this but not or about more after before \
    habit morning evening week month day year plan idea note garden kitchen river window book chapter \
    letter city train station park bridge coffee tea bread table chair lamp desk project meeting \
    friend family neighbour teacher runner writer reader small quiet slow careful bright early late \
    simple honest strange useful patient better steady heavy light warm cold green blue long short \
    walk run read write cook listen think notice remember forget try start finish keep change build \
    learn practise repeat measure sleep rest wait return open close carry follow choose explain \
    question answer reason pattern rhythm routine energy focus attention time minute hour habit \
    progress streak pause list page draft version problem solution memory story voice music song
    """.split(separator: " ").map(String.init)

    package static let titleAdjectives = ["Small", "Quiet", "Slow", "Better", "Honest", "Early", "Late", "Simple", "Useful",
                                  "Strange", "Patient", "Steady", "Bright", "Careful", "Long", "Short", "Green", "Warm",
                                  "Second", "First", "Weekly", "Daily", "Hidden", "Open"]
    package static let titleNouns = ["habits", "mornings", "routines", "notes", "walks", "books", "gardens", "letters", "meetings",
                             "rivers", "kitchens", "drafts", "questions", "patterns", "streaks", "pauses", "projects",
                             "friends", "trains", "lists", "chapters", "rhythms", "stories", "songs", "maps", "tools"]
    package static let titleTopics = ["attention", "sleep", "running", "reading", "cooking", "money", "writing", "focus",
                              "memory", "music", "travel", "work", "rest", "energy", "learning", "friendship",
                              "the city", "the week", "the garden", "the desk", "winter", "summer", "mistakes", "change"]

    package static let tags = ["ideas", "books", "habits", "health/sleep", "health/running", "work/brain", "work/meetings",
                       "learning/spanish", "writing", "people", "money", "projects/garden", "projects/house",
                       "mind", "music", "travel", "cooking", "review", "questions", "quotes"]

    package static let sources = ["James Clear", "BJ Fogg", "Cal Newport", "Ursula K. Le Guin", "Annie Dillard", "a podcast",
                          "my sister", "a colleague", "Mary Oliver", "Oliver Burkeman", "the library", "a newsletter"]
    package static let sites = ["example.com", "example.org", "example.net"]

    package static let intentions = ["In bed by 23:00", "Cook something new", "Call the dentist", "Finish the report",
                             "Walk to the station", "No phone after dinner", "Tidy the desk", "Answer the letters",
                             "Plan the week", "Water the balcony", "Read before sleep", "Lunch away from the screen",
                             "Ask for help early", "One thing at a time"]
    package static let restReasons = ["flu", "travel", "migraine", "wedding", "moving house", "family visit"]
    package static let moodWords = ["tired", "calm", "restless", "cheerful", "flat", "focused", "scattered", "grateful"]

    /// A sentence of `count` words, capitalised, without a full stop.
    package static func phrase(_ random: inout DemoRandom, count: Int) -> String {
        var text = ""
        text.reserveCapacity(count * 7)
        for position in 0..<count {
            let word = random.pick(words)
            if position == 0 {
                text += word.prefix(1).uppercased() + word.dropFirst()
            } else {
                text += " " + word
            }
        }
        return text
    }

    /// A note title of three to five words: "Quiet mornings and sleep".
    package static func title(_ random: inout DemoRandom) -> String {
        switch random.index(4) {
        case 0: return "\(random.pick(titleAdjectives)) \(random.pick(titleNouns)) and \(random.pick(titleTopics))"
        case 1: return "On \(random.pick(titleTopics)) and \(random.pick(titleNouns))"
        case 2: return "\(random.pick(titleAdjectives)) \(random.pick(titleNouns)) for \(random.pick(titleTopics))"
        default: return "What \(random.pick(titleNouns)) teach about \(random.pick(titleTopics))"
        }
    }
}
