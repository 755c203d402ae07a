import BrainKit
import BrainServer
import Foundation

/// ntfy (https://docs.ntfy.sh/publish/): a JSON publish to the server's root with the topic,
/// title, message and priority, and for a habit two `http` action buttons, Done and Skip, that
/// POST to `brain serve` links signed for that habit on that day (`ReminderAnswer`).
struct NtfyNotifier: Notifier {
    var name: String { "ntfy" }
    var settings: ReminderSettings.Ntfy

    struct Action: Encodable, Equatable {
        var action = "http"
        var label: String
        var url: String
        var method = "POST"
        var clear = true
    }

    struct Message: Encodable, Equatable {
        var topic: String
        var title: String
        var message: String
        var priority: Int
        var tags: [String]
        var actions: [Action]?
    }

    /// The JSON ntfy is sent for `note`.
    func message(_ note: ReminderNote) -> Message {
        var actions: [Action] = []
        if let done = note.doneURL { actions.append(Action(label: "Done", url: done)) }
        if let skip = note.skipURL { actions.append(Action(label: "Skip", url: skip)) }
        return Message(topic: settings.topic, title: note.title, message: note.body, priority: settings.priority,
                       tags: [note.habit == nil ? "spiral_calendar" : "white_check_mark"], actions: actions.isEmpty ? nil : actions)
    }

    func send(_ note: ReminderNote, answered: @escaping @Sendable (ReminderAnswer.Answer?) -> Void) throws -> Bool {
        guard URL(string: settings.server + "/") != nil else { throw NotifyFailure(description: "notify: ntfy server \(settings.server) is no URL") }
        var headers = ["Content-Type: application/json"]
        if let token = settings.token { headers.append("Authorization: Bearer " + token) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = try encoder.encode(message(note))
        switch HTTPPost.send(url: settings.server + "/", headers: headers, body: [UInt8](body), timeout: 20) {
        case .success(let status) where (200..<300).contains(status): return false
        case .success(let status): throw NotifyFailure(description: "ntfy at \(settings.server) answered HTTP \(status)")
        case .failure(let error): throw NotifyFailure(description: "ntfy at \(settings.server): \(error.description)")
        }
    }
}
