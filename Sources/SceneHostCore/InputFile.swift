#if canImport(Glibc)
import Glibc
#endif

/// Why an input file named on the command line (config, script) cannot be read as text.
package enum UnreadableFile: Error, Equatable, Sendable {
    case notFound
    case folder
    /// A named pipe: reading could wait forever for a writer.
    case fifo
    case device
    case socket
    case symlinkLoop
    case permissionDenied
    /// Anything else the system reports, as its text.
    case other(String)
}

/// Opens the config or a script for reading, without ever blocking on what it finds.
///
/// The file is opened non-blocking (a FIFO would otherwise wait for a writer) and checked with
/// `fstat` on the open descriptor, so what is checked is what is read: only regular files pass.
package enum InputFile {
    /// A blocking descriptor of the regular file at `path`; the caller closes it.
    package static func open(_ path: String) -> Result<Int32, UnreadableFile> {
        let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(problem(errno: errno)) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let problem = problem(errno: errno)
            close(descriptor)
            return .failure(problem)
        }
        let kind: UnreadableFile?
        switch status.st_mode & S_IFMT {
        case S_IFREG: kind = nil
        case S_IFDIR: kind = .folder
        case S_IFIFO: kind = .fifo
        case S_IFCHR, S_IFBLK: kind = .device
        case S_IFSOCK: kind = .socket
        default: kind = .other("it is not a regular file")
        }
        if let kind {
            close(descriptor)
            return .failure(kind)
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return .success(descriptor)
    }

    /// Reads at most `limit` bytes from the start of `descriptor`.
    package static func read(_ descriptor: Int32, limit: Int) -> Result<[UInt8], UnreadableFile> {
        // First the size `fstat` gives and a byte more (to see the end), straight into the array:
        // a config of a thousand plugins is read without growing and copying it on the way.
        let first = min(limit, size(descriptor) + 1)
        var failure: Int32?
        var bytes = [UInt8](unsafeUninitializedCapacity: first) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            while initialized < first {
                let count = Glibc.read(descriptor, base + initialized, first - initialized)
                if count < 0, errno == EINTR { continue }
                if count < 0 { failure = errno }
                guard count > 0 else { return }
                initialized += count
            }
        }
        if let failure { return .failure(problem(errno: failure)) }
        // A file that grew since `fstat` (or reports no size) is read on in pieces, up to `limit`.
        guard bytes.count == first else { return .success(bytes) }
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while bytes.count < limit {
            let wanted = min(chunk.count, limit - bytes.count)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { return .failure(problem(errno: errno)) }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return .success(bytes)
    }

    /// The size `fstat` reports for `descriptor`.
    package static func size(_ descriptor: Int32) -> Int {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
    }

    package static func problem(errno code: Int32) -> UnreadableFile {
        switch code {
        case ENOENT, ENOTDIR: return .notFound
        case ELOOP: return .symlinkLoop
        case EACCES, EPERM: return .permissionDenied
        case EISDIR: return .folder
        default: return .other(String(cString: strerror(code)))
        }
    }
}
