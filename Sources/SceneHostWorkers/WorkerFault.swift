/// How a scene worker ended against the host's will.
package enum WorkerFault: Error, Equatable, Sendable {
    /// Killed by a signal (a crash: SIGSEGV, SIGILL from a Swift trap, SIGABRT, SIGBUS; or SIGKILL from outside).
    case signal(Int32)
    /// Exited by itself (plugin code called `exit`), with this status.
    case exited(Int32)
    /// No answer within the event time limit: the host ended it.
    case timedOut(milliseconds: Int64)
    /// It wrote something that is not a frame: the host ended it.
    case garbled
    /// It sent a frame of `bytes`, over the channel's `limit` (a 70 MB label): the host ended it.
    case tooLarge(bytes: Int, limit: Int)
    /// No worker could be started to take the request.
    case notStarted(reason: String)

    /// `SIGSEGV`, `exit status 3`, `no answer within 10 s`, `garbage on its channel`,
    /// `a message too large for its channel (70000000 bytes; limit 67108864)`.
    package var summary: String {
        switch self {
        case .signal(let number): return Self.signalName(number)
        case .exited(let status): return "exit status \(status)"
        case .timedOut(let milliseconds):
            let seconds = Double(milliseconds) / 1000
            let text = seconds == seconds.rounded() ? "\(Int(seconds))" : "\(seconds)"
            return "no answer within \(text) s"
        case .garbled: return "garbage on its channel"
        case .tooLarge(let bytes, let limit):
            return "a message too large for its channel (\(bytes) bytes; limit \(limit))"
        case .notStarted(let reason): return "no worker could be started: \(reason)"
        }
    }

    /// The usual name of a signal, else `signal N`.
    static func signalName(_ number: Int32) -> String {
        let names: [Int32: String] = [
            1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS",
            8: "SIGFPE", 9: "SIGKILL", 11: "SIGSEGV", 13: "SIGPIPE", 14: "SIGALRM", 15: "SIGTERM", 24: "SIGXCPU",
            25: "SIGXFSZ", 31: "SIGSYS",
        ]
        return names[number] ?? "signal \(number)"
    }
}
