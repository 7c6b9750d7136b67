#if canImport(Glibc)
import Glibc
#endif

/// Which thread runs a C plugin's call now: a thread-specific mark set while `CCall.run` calls into
/// the plugin, on the thread that calls it.
///
/// The host's C functions read it before anything else, so a call from a thread the plugin started
/// (or from no call at all) is refused without touching the host's state. The thread that runs a
/// role is the main actor's at that moment, which is not always the process's main thread (under
/// an async `main`, libdispatch drains the main queue on a thread of its own), so the mark, not the
/// thread's identity, tells.
enum CCallThread {
    /// The key of the mark; made once per process, never deleted (one key, whatever the calls).
    static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Marks this thread as running a call; returns the mark it had, for `leave`.
    static func enter() -> UnsafeMutableRawPointer? {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1))
        return previous
    }

    /// Puts back the mark `enter` returned.
    static func leave(_ previous: UnsafeMutableRawPointer?) {
        pthread_setspecific(key, previous)
    }

    /// Whether this thread runs a call of a plugin now.
    static var isInCall: Bool { pthread_getspecific(key) != nil }
}
