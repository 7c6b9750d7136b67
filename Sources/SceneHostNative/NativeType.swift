import CFFI

/// A C type a native function's signature may name: the words of the signature grammar.
///
/// `bool` is C's `_Bool` (one byte), `string` is a `const char *` holding UTF-8 (NULL allowed),
/// `pointer` an opaque `void *`. `void` is only a return type.
package enum NativeType: String, CaseIterable, Sendable {
    case void, bool, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float, double, string, pointer

    /// libffi's description of the type.
    var ffiType: UnsafeMutablePointer<ffi_type> {
        switch self {
        case .void: return cffi_type_void()
        case .bool, .uint8: return cffi_type_uint8()
        case .int8: return cffi_type_sint8()
        case .int16: return cffi_type_sint16()
        case .uint16: return cffi_type_uint16()
        case .int32: return cffi_type_sint32()
        case .uint32: return cffi_type_uint32()
        case .int64: return cffi_type_sint64()
        case .uint64: return cffi_type_uint64()
        case .float: return cffi_type_float()
        case .double: return cffi_type_double()
        case .string, .pointer: return cffi_type_pointer()
        }
    }

    /// The range of a signed integer type, nil for other types.
    var signedRange: ClosedRange<Int64>? {
        switch self {
        case .int8: return Int64(Int8.min)...Int64(Int8.max)
        case .int16: return Int64(Int16.min)...Int64(Int16.max)
        case .int32: return Int64(Int32.min)...Int64(Int32.max)
        case .int64: return Int64.min...Int64.max
        default: return nil
        }
    }

    /// The largest value of an unsigned integer type, nil for other types.
    var unsignedMaximum: UInt64? {
        switch self {
        case .uint8: return UInt64(UInt8.max)
        case .uint16: return UInt64(UInt16.max)
        case .uint32: return UInt64(UInt32.max)
        case .uint64: return UInt64.max
        default: return nil
        }
    }
}
