import SceneSDK

/// Converts between the SDK's Swift values (`NativeConvertible`) and `NativeValue`.
///
/// The signature was checked against the Swift types first, so every value here has the type
/// its parameter declares; a NULL string result becomes the empty string.
package enum NativeSwiftValue {
    package static func native(_ value: any NativeConvertible) -> NativeValue {
        switch value {
        case let value as Bool: return .bool(value)
        case let value as Int8: return .int(Int64(value))
        case let value as Int16: return .int(Int64(value))
        case let value as Int32: return .int(Int64(value))
        case let value as Int64: return .int(value)
        case let value as UInt8: return .uint(UInt64(value))
        case let value as UInt16: return .uint(UInt64(value))
        case let value as UInt32: return .uint(UInt64(value))
        case let value as UInt64: return .uint(value)
        case let value as Float: return .float(value)
        case let value as Double: return .double(value)
        case let value as String: return .string(value)
        default: return .void
        }
    }

    package static func swift(_ value: NativeValue, as type: NativeType) -> any NativeConvertible {
        switch (type, value) {
        case (.bool, .bool(let flag)): return flag
        case (.int8, .int(let number)): return Int8(truncatingIfNeeded: number)
        case (.int16, .int(let number)): return Int16(truncatingIfNeeded: number)
        case (.int32, .int(let number)): return Int32(truncatingIfNeeded: number)
        case (.int64, .int(let number)): return number
        case (.uint8, .uint(let number)): return UInt8(truncatingIfNeeded: number)
        case (.uint16, .uint(let number)): return UInt16(truncatingIfNeeded: number)
        case (.uint32, .uint(let number)): return UInt32(truncatingIfNeeded: number)
        case (.uint64, .uint(let number)): return number
        case (.float, .float(let number)): return number
        case (.double, .double(let number)): return number
        case (.string, .string(let text)): return text ?? ""
        default: return false
        }
    }
}
