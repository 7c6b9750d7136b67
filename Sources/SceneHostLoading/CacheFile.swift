#if canImport(Glibc)
import Glibc
#endif
import SceneHostFileTrust
import SceneHostCore

/// The file operations of the host's cache files (the probe cache and the start-up cache beside
/// it), with the rules both keep: the file and every folder above it must be trusted like a plugin
/// file (`FileTrust`) before it is read or written; folders are created 0700 and files written
/// 0600 whatever the umask, through an unpredictable temporary name (`mkstemp`) in the same folder,
/// renamed into place; reads never follow a last link and read at most `maximumSize` bytes.
package struct CacheFile {
    package let path: String
    package let maximumSize: Int

    package init(path: String, maximumSize: Int) {
        self.path = path
        self.maximumSize = maximumSize
    }

    /// The folder that holds the file.
    package var folder: String {
        SettingsCheck.folder(of: path)
    }

    /// Creates the folder (0700) if needed, then applies the plugin-file rules to it and to the
    /// file (when it exists); the first problem, or nil when both may be used.
    package func trustProblem() -> FileTrust.Problem? {
        Self.makeFolder(folder)
        let trust = FileTrust()
        return trust.problem(forFileAt: folder) ?? (access(path, F_OK) == 0 ? trust.problem(forFileAt: path) : nil)
    }

    /// `mkdir -p` with mode 0700 for every folder it creates, whatever the umask.
    private static func makeFolder(_ folder: String) {
        guard access(folder, F_OK) != 0 else { return }
        let parent = SettingsCheck.folder(of: folder)
        if parent != folder { makeFolder(parent) }
        if mkdir(folder, 0o700) == 0 { chmod(folder, 0o700) }
    }

    /// The file's bytes now (not following a link), or nil: no regular file, unreadable, or
    /// larger than `maximumSize`.
    package func read() -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= maximumSize else {
            return nil
        }
        // Read straight into the array (no zero-filled chunk, no copy): the size `fstat` gave, and one
        // byte more to see whether the file grew since; a file that grew past it is read again.
        let capacity = Int(info.st_size) + 1
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            while initialized < capacity {
                let count = Glibc.read(descriptor, base + initialized, capacity - initialized)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else {
                    failed = count < 0
                    return
                }
                initialized += count
            }
        }
        guard !failed else { return nil }
        return bytes.count < capacity ? bytes : readGrowing(descriptor, from: bytes)
    }

    /// The rest of a file that grew while it was read, after `start`; nil past `maximumSize`.
    private func readGrowing(_ descriptor: Int32, from start: [UInt8]) -> [UInt8]? {
        var bytes = start
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= maximumSize {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return bytes.count <= maximumSize ? bytes : nil
    }

    /// Writes `data` to a fresh temporary file (0600, named from `temporaryPrefix`) in the folder
    /// and renames it into place; a file that cannot be written is left as it was.
    package func replace(with data: [UInt8], temporaryPrefix: String) {
        var template = Array((folder + "/" + temporaryPrefix + ".XXXXXX").utf8CString)
        let temporary = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard temporary >= 0 else { return }
        let temporaryPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        fchmod(temporary, 0o600)
        let complete = data.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                guard let base = bytes.baseAddress else { return false }
                let written = Glibc.write(temporary, base + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
        close(temporary)
        if !complete || rename(temporaryPath, path) != 0 { unlink(temporaryPath) }
    }
}
