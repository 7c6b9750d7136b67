import Dispatch

/// Work of a start that runs beside it on another thread: the plugin-file walk and the start-up
/// file's checksum (`PluginFilesCheck`, `BackgroundChecksum`).
///
/// At the usual priority: the start waits for this work before it uses what it read, and a thread
/// of the lowest priority would wait behind every other process of a busy machine (tried: a test
/// run on two busy cores took twice as long). On an idle machine the priority made no difference
/// to the first screen that could be measured.
enum SideWork {
    static func start(_ work: @escaping @Sendable () -> Void) {
        DispatchQueue.global(qos: .userInitiated).async(execute: work)
    }
}
