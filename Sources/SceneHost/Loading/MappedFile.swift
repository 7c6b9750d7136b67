#if canImport(Glibc)
import Glibc
#endif

/// Which file the code at an address was mapped from, as /proc/self/maps tells: the confirmation,
/// after `dlopen`, that the entry point about to be called comes from the file that was checked.
enum MappedFile {
    /// The device and inode of the file mapped at `address`, or nil when no file is mapped there.
    static func identity(at address: UnsafeRawPointer, maps: String? = nil) -> (device: UInt64, inode: UInt64)? {
        guard let text = maps ?? readMaps() else { return nil }
        let target = UInt(bitPattern: address)
        for line in text.split(separator: "\n") {
            // start-end perms offset major:minor inode path
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 5 else { continue }
            let range = fields[0].split(separator: "-")
            guard range.count == 2, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16),
                  start <= target, target < end else { continue }
            let device = fields[3].split(separator: ":")
            guard device.count == 2, let major = UInt64(device[0], radix: 16), let minor = UInt64(device[1], radix: 16),
                  let inode = UInt64(fields[4]), inode != 0 else { return nil }
            return (makeDevice(major: major, minor: minor), inode)
        }
        return nil
    }

    /// glibc's `makedev`, which Swift cannot import (it is a macro).
    static func makeDevice(major: UInt64, minor: UInt64) -> UInt64 {
        (major & 0xFFF) << 8 | (major & ~0xFFF) << 32 | (minor & 0xFF) | (minor & ~0xFF) << 12
    }

    private static func readMaps() -> String? {
        let descriptor = open("/proc/self/maps", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
