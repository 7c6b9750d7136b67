/// Bounds-checked little-endian reads from a file's bytes.
///
/// Every offset and size in an ELF file comes from the file itself, so every read here returns nil
/// instead of trapping when it would leave the bytes or overflow: a crafted file can make the reader
/// say "no", never crash the host.
package struct ELFReader {
    package let bytes: [UInt8]

    package var count: UInt64 { UInt64(bytes.count) }

    /// The unsigned little-endian integer of `size` bytes (at most 8) at `offset`, or nil outside the bytes.
    package func integer(at offset: UInt64, size: UInt64) -> UInt64? {
        guard size <= 8, contains(offset: offset, length: size) else { return nil }
        let start = Int(offset)
        var value: UInt64 = 0
        for index in 0..<Int(size) {
            value |= UInt64(bytes[start + index]) << UInt64(8 * index)
        }
        return value
    }

    func u16(at offset: UInt64) -> UInt16? { integer(at: offset, size: 2).map { UInt16(truncatingIfNeeded: $0) } }
    func u32(at offset: UInt64) -> UInt32? { integer(at: offset, size: 4).map { UInt32(truncatingIfNeeded: $0) } }
    func u64(at offset: UInt64) -> UInt64? { integer(at: offset, size: 8) }

    /// Whether `offset ..< offset + length` lies inside the bytes (false when the end overflows).
    package func contains(offset: UInt64, length: UInt64) -> Bool {
        guard let end = Self.sum(offset, length) else { return false }
        return end <= count
    }

    /// The NUL-terminated string at `offset`, not reading at or past `limit` (nor the end of the bytes).
    package func string(at offset: UInt64, limit: UInt64) -> String? {
        let end = min(limit, count)
        guard offset < end else { return nil }
        var index = Int(offset)
        let stop = Int(end)
        while index < stop, bytes[index] != 0 { index += 1 }
        guard index < stop else { return nil }
        return String(decoding: bytes[Int(offset)..<index], as: UTF8.self)
    }

    /// `a + b`, or nil when it overflows.
    static func sum(_ a: UInt64, _ b: UInt64) -> UInt64? {
        let (value, overflow) = a.addingReportingOverflow(b)
        return overflow ? nil : value
    }

    /// `a * b`, or nil when it overflows.
    package static func product(_ a: UInt64, _ b: UInt64) -> UInt64? {
        let (value, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? nil : value
    }
}
