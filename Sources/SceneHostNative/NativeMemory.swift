/// Reads and writes C values of a `NativeType` at raw addresses (libffi's argument and return slots).
///
/// Integer return slots are `ffi_arg` wide (8 bytes): narrower results are written widened, as
/// libffi requires of a closure, and read back from the low bytes (little-endian).
enum NativeMemory {
    /// Bytes of one argument or return slot (`ffi_arg`): every supported type fits.
    static let slotSize = 8

    package static func read(_ type: NativeType, at address: UnsafeRawPointer) -> (value: NativeValue, badUTF8: Bool) {
        switch type {
        case .void: return (.void, false)
        case .bool: return (.bool(address.loadUnaligned(as: UInt8.self) != 0), false)
        case .int8: return (.int(Int64(address.loadUnaligned(as: Int8.self))), false)
        case .int16: return (.int(Int64(address.loadUnaligned(as: Int16.self))), false)
        case .int32: return (.int(Int64(address.loadUnaligned(as: Int32.self))), false)
        case .int64: return (.int(address.loadUnaligned(as: Int64.self)), false)
        case .uint8: return (.uint(UInt64(address.loadUnaligned(as: UInt8.self))), false)
        case .uint16: return (.uint(UInt64(address.loadUnaligned(as: UInt16.self))), false)
        case .uint32: return (.uint(UInt64(address.loadUnaligned(as: UInt32.self))), false)
        case .uint64: return (.uint(address.loadUnaligned(as: UInt64.self)), false)
        case .float: return (.float(address.loadUnaligned(as: Float.self)), false)
        case .double: return (.double(address.loadUnaligned(as: Double.self)), false)
        case .pointer: return (.pointer(address.loadUnaligned(as: UInt.self)), false)
        case .string:
            guard let text = address.loadUnaligned(as: UnsafePointer<CChar>?.self) else { return (.string(nil), false) }
            if let valid = String(validatingCString: text) { return (.string(valid), false) }
            return (
                .string(String(decoding: UnsafeRawBufferPointer(start: text, count: strlen(text)), as: UTF8.self)), true
            )
        }
    }

    /// Writes an already converted value (see `NativeArgumentConversion`) widened to a full slot.
    package static func write(_ value: NativeValue, as type: NativeType, at address: UnsafeMutableRawPointer) {
        guard type != .void else { return }
        address.initializeMemory(as: UInt8.self, repeating: 0, count: slotSize)
        switch (type, value) {
        case (.bool, .bool(let flag)): address.storeBytes(of: UInt64(flag ? 1 : 0), as: UInt64.self)
        case (_, .int(let number)) where type.signedRange != nil: address.storeBytes(of: number, as: Int64.self)
        case (_, .uint(let number)) where type.unsignedMaximum != nil: address.storeBytes(of: number, as: UInt64.self)
        case (.float, .float(let number)): address.storeBytes(of: number, as: Float.self)
        case (.double, .double(let number)): address.storeBytes(of: number, as: Double.self)
        case (.pointer, .pointer(let raw)): address.storeBytes(of: raw, as: UInt.self)
        default: break
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
