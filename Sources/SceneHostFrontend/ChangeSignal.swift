#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A descriptor that becomes readable when a scene worker changed a session unasked or met a fault
/// between requests: `run`'s terminal waits on it with its input (`AppSession.changeDescriptor`).
/// Raised from the worker link's thread; the pipe holds at most one byte.
package final class ChangeSignal: Sendable {
    private let ends: (read: Int32, write: Int32)?
    private let pending = Atomic<Bool>(false)

    package init() {
        var pair: [Int32] = [0, 0]
        guard pipe(&pair) == 0 else {
            ends = nil
            return
        }
        for end in pair {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        ends = (pair[0], pair[1])
    }

    deinit {
        if let ends {
            close(ends.read)
            close(ends.write)
        }
    }

    /// The end to wait on; nil when no pipe could be made (the terminal then sees changes at its next command).
    package var descriptor: Int32? { ends?.read }

    /// Makes `descriptor` readable, once until `take`.
    package func raise() {
        guard let ends, !pending.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var byte: UInt8 = 1
        _ = write(ends.write, &byte, 1)
    }

    /// Whether it was raised since the last call; empties the pipe.
    package func take() -> Bool {
        guard let ends, pending.exchange(false, ordering: .acquiringAndReleasing) else { return false }
        var bytes = [UInt8](repeating: 0, count: 16)
        while read(ends.read, &bytes, bytes.count) > 0 {}
        return true
    }
}
