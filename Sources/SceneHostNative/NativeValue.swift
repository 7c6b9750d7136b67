/// A value passed to or returned from a native function, before conversion to its C type.
///
/// Integers are kept wide (`int`, `uint`) and checked against the parameter's range when passed;
/// `string(nil)` is a NULL `const char *`; `pointer` is an opaque address the host never reads.
package enum NativeValue: Equatable, CustomStringConvertible {
    case void
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case float(Float)
    case double(Double)
    case string(String?)
    case pointer(UInt)
    case callback(NativeCallback)

    /// The kind and value, for messages: `int 300`, `string "abc"`.
    package var description: String {
        switch self {
        case .void: return "void"
        case .bool(let value): return "bool \(value)"
        case .int(let value): return "integer \(value)"
        case .uint(let value): return "integer \(value)"
        case .float(let value): return "float \(value)"
        case .double(let value): return "double \(value)"
        case .string(let value): return value.map { "string \"\($0)\"" } ?? "string NULL"
        case .pointer(let value): return "pointer 0x\(String(value, radix: 16))"
        case .callback: return "a callback"
        }
    }

    /// The text `scene-host call` prints for a returned value.
    package var printed: String {
        switch self {
        case .void: return "(void)"
        case .bool(let value): return String(value)
        case .int(let value): return String(value)
        case .uint(let value): return String(value)
        case .float(let value): return String(value)
        case .double(let value): return String(value)
        case .string(let value): return value ?? "NULL"
        case .pointer(let value): return "0x" + String(value, radix: 16)
        case .callback: return "(callback)"
        }
    }
}

/// A Swift closure a native function calls back through a libffi closure, with the callback's arguments.
///
/// It runs synchronously, on the calling thread, while the native function runs; the libffi
/// closure is freed when the call returns, so a native function must not keep the pointer.
package final class NativeCallback: Equatable {
    package let body: ([NativeValue]) -> NativeValue

    package init(_ body: @escaping ([NativeValue]) -> NativeValue) {
        self.body = body
    }

    package static func == (lhs: NativeCallback, rhs: NativeCallback) -> Bool { lhs === rhs }
}
