#if canImport(Glibc)
import Glibc
#endif

/// A file without a name (`memfd_create`), for what a probe child writes: its result, its
/// standard output and error. Nothing is left on disk whatever happens to the host, a bad
/// `TMPDIR` does not matter, and a grandchild that keeps one open cannot block the reader the way
/// it would block a pipe.
package enum UnnamedFile {
    /// `memfd_create` is a GNU extension the Swift Glibc module does not import: found by name.
    private typealias MemfdCreate = @convention(c) (UnsafePointer<CChar>, UInt32) -> Int32
    private static let memfdCreate: MemfdCreate? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "memfd_create")
        .map { unsafeBitCast($0, to: MemfdCreate.self) }
    /// MFD_CLOEXEC from <linux/memfd.h>: only the descriptors a probe hands over reach the child.
    private static let closeOnExec: UInt32 = 1

    /// A new empty unnamed file open for reading and writing, close-on-exec; nil and errno on failure.
    package static func create(_ name: String) -> Int32? {
        guard let memfdCreate else {
            errno = ENOSYS
            return nil
        }
        let descriptor = memfdCreate(name, closeOnExec)
        return descriptor >= 0 ? descriptor : nil
    }

    /// Everything in the file, read from `start` (default: its start), at most `limit` bytes.
    package static func contents(of descriptor: Int32, from start: Int = 0, limit: Int = 1 << 20) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while bytes.count < limit {
            let count = buffer.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress, $0.count, off_t(start + bytes.count))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return Array(bytes.prefix(limit))
    }

    /// Writes all of `data` at the file's start; false when it could not.
    package static func write(_ data: [UInt8], to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                guard let base = bytes.baseAddress else { return false }
                let written = pwrite(descriptor, base + offset, bytes.count - offset, off_t(offset))
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }
}
