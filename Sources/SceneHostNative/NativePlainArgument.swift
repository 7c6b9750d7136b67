/// Writes an argument straight into its libffi slot when it already has its parameter's kind
/// (a `double` for `double`, an `int` in range for a signed type ...): the call's common case,
/// without making the converted `NativeValue` that `NativeArgumentConversion` returns.
///
/// The slot holds the same 8 bytes `NativeMemory.write` would write. Anything else (a conversion
/// between kinds, a value out of range, a wrong kind) answers false, and the caller converts
/// with `NativeArgumentConversion`, which converts or throws the typed error: the rules and
/// messages stay in one place.
enum NativePlainArgument {
    @inline(__always)
    package static func store(_ value: NativeValue, as type: NativeType, at slot: UnsafeMutableRawPointer) -> Bool {
        switch value {
        case .double(let number):
            guard type == .double else { return false }
            slot.storeBytes(of: number, as: Double.self)
        case .int(let number):
            switch type {
            case .int64: break
            case .int32: guard Int64(Int32.min) <= number, number <= Int64(Int32.max) else { return false }
            case .int16: guard Int64(Int16.min) <= number, number <= Int64(Int16.max) else { return false }
            case .int8: guard Int64(Int8.min) <= number, number <= Int64(Int8.max) else { return false }
            default: return false
            }
            slot.storeBytes(of: number, as: Int64.self)
        case .uint(let number):
            switch type {
            case .uint64: break
            case .uint32: guard number <= UInt64(UInt32.max) else { return false }
            case .uint16: guard number <= UInt64(UInt16.max) else { return false }
            case .uint8: guard number <= UInt64(UInt8.max) else { return false }
            default: return false
            }
            slot.storeBytes(of: number, as: UInt64.self)
        case .float(let number):
            guard type == .float else { return false }
            // Widened with zeros, as `NativeMemory.write` leaves the slot.
            slot.storeBytes(of: UInt64(number.bitPattern), as: UInt64.self)
        case .bool(let flag):
            guard type == .bool else { return false }
            slot.storeBytes(of: UInt64(flag ? 1 : 0), as: UInt64.self)
        case .pointer(let raw):
            guard type == .pointer else { return false }
            slot.storeBytes(of: UInt64(raw), as: UInt64.self)
        case .void, .string, .callback:
            return false
        }
        return true
    }
}
