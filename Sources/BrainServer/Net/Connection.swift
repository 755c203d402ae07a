/// One client connection of the loop: what it sent and not yet parsed, the answer still to
/// write, and the times its limits are measured from.
final class Connection {
    let descriptor: Int32
    /// Tells this connection from a later one on the same descriptor.
    let id: UInt64
    /// Received bytes not yet taken by a request.
    var input: [UInt8] = []
    /// The answer being written, and how much of it is out.
    var output: [UInt8] = []
    var written = 0
    /// Close once `output` is written.
    var closeAfterWrite = false
    /// When the current request's first byte came; nil between requests.
    var requestStarted: Double?
    /// When the last byte was read or written.
    var lastActivity: Double
    /// Whether `100 Continue` went out for the current request.
    var sentContinue = false
    /// Whether the current request's headers are complete (its body's time runs).
    var headersDone = false

    /// The request whose answer is being worked out on another thread; nil otherwise.
    var pending: Pending?

    /// What the loop keeps of a request until its answer comes.
    struct Pending {
        var method: String
        var path: String
        var keepAlive: Bool
        var started: Double
    }

    init(descriptor: Int32, id: UInt64, now: Double) {
        self.descriptor = descriptor
        self.id = id
        lastActivity = now
    }

    var isWriting: Bool { written < output.count }

    func queue(_ bytes: [UInt8]) {
        if written == output.count {
            output = bytes
            written = 0
        } else {
            output += bytes
        }
    }
}
