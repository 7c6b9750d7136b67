#if canImport(Glibc)
import Glibc
#endif

/// Work of a start that runs beside it on another thread: the plugin-file walk and the start-up
/// file's seal (`PluginFilesCheck`, `BackgroundSealCheck`).
///
/// A thread of its own, not a Dispatch queue: the first use of Dispatch's global queues starts
/// its thread pool, which cost every process about a millisecond (measured paired with 40 warm
/// starts of each: 3-5% of the first screen, with one plugin and with a thousand). Should no
/// thread be started, the work runs here, before the start goes on: the same result, later.
///
/// At the usual priority: the start waits for this work before it uses what it read, and a thread
/// of the lowest priority would wait behind every other process of a busy machine (tried: a test
/// run on two busy cores took twice as long). On an idle machine the priority made no difference
/// to the first screen that could be measured.
enum SideWork {
    private final class Work: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    static func start(_ work: @escaping @Sendable () -> Void) {
        let argument = Unmanaged.passRetained(Work(work)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { argument in
                argument.map { Unmanaged<Work>.fromOpaque($0).takeRetainedValue().run() }
                return nil
            }, argument)
        guard started == 0 else {
            Unmanaged<Work>.fromOpaque(argument).release()
            work()
            return
        }
        pthread_detach(thread)
    }
}
