#if canImport(Glibc)
import Glibc
#endif

/// Which file the code at an address was mapped from, as /proc/self/maps tells: the confirmation,
/// after `dlopen`, that the entry point about to be called comes from the file that was checked.
enum MappedFile {
    /// The device and inode of the file mapped at `address`, or nil when no file is mapped there.
    static func identity(at address: UnsafeRawPointer, maps: String? = nil) -> (device: UInt64, inode: UInt64)? {
        guard let bytes = maps.map({ Array($0.utf8) }) ?? readMaps() else { return nil }
        let target = UInt(bitPattern: address)
        var index = 0
        while index < bytes.count {
            let lineEnd = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            // Only the range is read on every line, as bytes: with a thousand plugins loaded the
            // text has thousands of lines, and splitting each into Strings made `check` quadratic.
            if let (start, dash) = hexadecimal(bytes, from: index, to: lineEnd), dash < lineEnd, bytes[dash] == UInt8(ascii: "-"),
               let (end, _) = hexadecimal(bytes, from: dash + 1, to: lineEnd), start <= target, target < end {
                return identity(inLine: String(decoding: bytes[index..<lineEnd], as: UTF8.self))
            }
            index = lineEnd + 1
        }
        return nil
    }

    /// The device and inode of one line of maps: start-end perms offset major:minor inode path.
    private static func identity(inLine line: String) -> (device: UInt64, inode: UInt64)? {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count >= 5 else { return nil }
        let device = fields[3].split(separator: ":")
        guard device.count == 2, let major = UInt64(device[0], radix: 16), let minor = UInt64(device[1], radix: 16),
              let inode = UInt64(fields[4]), inode != 0 else { return nil }
        return (makeDevice(major: major, minor: minor), inode)
    }

    /// The hexadecimal number starting at `start`, and where it ends; nil when there is none.
    private static func hexadecimal(_ bytes: [UInt8], from start: Int, to limit: Int) -> (UInt, Int)? {
        var value: UInt = 0
        var index = start
        while index < limit, index - start < 16 {
            let byte = bytes[index]
            let digit: UInt
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt(byte - UInt8(ascii: "A") + 10)
            default: return index > start ? (value, index) : nil
            }
            value = value << 4 | digit
            index += 1
        }
        return index > start ? (value, index) : nil
    }

    /// glibc's `makedev`, which Swift cannot import (it is a macro).
    static func makeDevice(major: UInt64, minor: UInt64) -> UInt64 {
        (major & 0xFFF) << 8 | (major & ~0xFFF) << 32 | (minor & 0xFF) | (minor & ~0xFF) << 12
    }

    private static func readMaps() -> [UInt8]? {
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
        return bytes
    }
}
