import Dispatch
import SceneHostRecordCodec
import Synchronization

/// The seal check of a start-up cache file (`CacheSeal.verifies` of `file[..<end]` against the
/// bytes after `end`), computed on another thread while the file is decoded: a thousand plugins'
/// start-up file is about half a megabyte, and the scene worker reading it is what the first
/// screen waits for.
final class BackgroundSealCheck: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let result = Mutex<Bool>(false)

    init(_ file: [UInt8], end: Int, seal: CacheSeal) {
        SideWork.start { [self] in
            let matches = seal.verifies(file, end: end)
            result.withLock { $0 = matches }
            done.signal()
        }
    }

    /// Whether the seal verified (waits for it). A decoder that gives up early does not ask:
    /// the check then ends on its own.
    func matches() -> Bool {
        done.wait()
        done.signal()
        return result.withLock { $0 }
    }
}
