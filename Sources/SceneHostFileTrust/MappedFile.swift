#if canImport(Glibc)
import Glibc
#endif

/// Which file the code at an address was mapped from, as /proc/self/maps tells: the confirmation,
/// after `dlopen`, that the entry point about to be called comes from the file that was checked.
package enum MappedFile {
    /// The device and inode of the file mapped at `address`, or nil when no file is mapped there.
    /// `maps` stands in for /proc/self/maps (tests).
    package static func identity(at address: UnsafeRawPointer, maps: String? = nil) -> (device: UInt64, inode: UInt64)?
    {
        let target = UInt(bitPattern: address)
        if let maps {
            guard case .found(let identity) = scan(Array(maps.utf8) + [UInt8(ascii: "\n")], for: target).outcome else {
                return nil
            }
            return identity
        }
        return readMaps(for: target)
    }

    /// What the lines scanned said about the address.
    enum Outcome {
        case found((device: UInt64, inode: UInt64)?)
        /// A line starts above it: the lines are in address order, so no later one holds it.
        case passed
        case notYet
    }

    /// Scans the whole lines in `bytes`; the outcome and where the unscanned rest starts.
    private static func scan(_ bytes: [UInt8], for target: UInt) -> (outcome: Outcome, rest: Int) {
        var index = 0
        while index < bytes.count {
            guard let lineEnd = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) else { return (.notYet, index) }
            // Only the range is read on every line, as bytes: with a thousand plugins loaded the
            // text has thousands of lines, and splitting each into Strings made `check` quadratic.
            if let (start, dash) = hexadecimal(bytes, from: index, to: lineEnd), dash < lineEnd,
                bytes[dash] == UInt8(ascii: "-"),
                let (end, _) = hexadecimal(bytes, from: dash + 1, to: lineEnd)
            {
                if start <= target, target < end {
                    return (
                        .found(identity(inLine: String(decoding: bytes[index..<lineEnd], as: UTF8.self))), lineEnd + 1
                    )
                }
                if start > target { return (.passed, lineEnd + 1) }
            }
            index = lineEnd + 1
        }
        return (.notYet, index)
    }

    /// The device and inode of one line of maps: start-end perms offset major:minor inode path.
    private static func identity(inLine line: String) -> (device: UInt64, inode: UInt64)? {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count >= 5 else { return nil }
        let device = fields[3].split(separator: ":")
        guard device.count == 2, let major = UInt64(device[0], radix: 16), let minor = UInt64(device[1], radix: 16),
            let inode = UInt64(fields[4]), inode != 0
        else { return nil }
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

    /// Reads /proc/self/maps a few kilobytes at a time and stops at the line that holds `target`
    /// (or passes it): the kernel writes the text as it is read, and a library just loaded is
    /// mapped low, near the start, so the thousands of lines after it are never made.
    private static func readMaps(for target: UInt) -> (device: UInt64, inode: UInt64)? {
        let descriptor = open("/proc/self/maps", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 8_192)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            // At the end, a last line without a newline is scanned as a whole line.
            if count <= 0 { bytes.append(UInt8(ascii: "\n")) } else { bytes.append(contentsOf: chunk[0..<count]) }
            let (outcome, rest) = scan(bytes, for: target)
            switch outcome {
            case .found(let identity): return identity
            case .passed: return nil
            case .notYet:
                guard count > 0 else { return nil }
                bytes.removeFirst(rest)
            }
        }
    }
}
