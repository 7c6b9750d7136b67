#if canImport(Glibc)
import Glibc
#endif
import CSyscalls
import SceneHostProcesses

/// The scene worker's main thread: one `poll` on the host's channel and on the main queue's
/// wake-up handle, in place of `dispatchMain()` and a dispatch read source on the channel.
///
/// Why: with a read source, every request crossed threads three times (libdispatch's event thread
/// saw the socket readable, a queue thread ran the handler, the event thread armed the source
/// again), so an event paid several wake-ups on top of the socket round trip: the worker hop was
/// five raw socket round trips (docs/performance.md). Here the thread the host's frame wakes is the
/// thread that answers it. The main queue (the main actor's executor: the scenes' background work,
/// `ScreenWatch`'s ticks, timers) runs from the same loop, the way Foundation's run loop runs it on
/// Linux: libdispatch writes the handle (an eventfd) whenever work is put on the main queue.
@MainActor
package enum WorkerMainThread {
    /// Serves `loop` on this thread (the main thread) until its `end` ends the process.
    package static func run(_ loop: SceneWorkerLoop) -> Never {
        let wake = _dispatch_get_main_queue_handle_4CF()
        // Work put on the main queue before the handle existed.
        _dispatch_main_queue_callback_4CF(nil)
        while true {
            // A negative descriptor is skipped by poll: the channel is not read while a `settle` is answered.
            var entries = [
                pollfd(fd: loop.isReading ? loop.channel.descriptor : -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&entries, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                // Nothing to wait on is left: end as when the host closes the channel.
                loop.stop()
                continue
            }
            if entries[1].revents != 0 {
                // Cleared before the queue runs: work added meanwhile writes it again.
                var count: UInt64 = 0
                _ = read(wake, &count, MemoryLayout<UInt64>.size)
                _dispatch_main_queue_callback_4CF(nil)
            }
            if entries[0].revents != 0, loop.isReading {
                loop.readRequest()
            }
            // Idle from here until the next wake-up: a crash now must find no stale frames of a
            // plugin's code (a request's, or its background work's from the main queue).
            CrashReporter.clearStackBeforeWaiting()
        }
    }
}
