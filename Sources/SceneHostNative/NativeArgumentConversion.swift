/// Checks a value against a parameter's C type and normalizes it (signed types take `int`,
/// unsigned `uint`, `float` a `float`), or throws the typed error naming the parameter.
///
/// Integers convert between signedness when the value fits; a `double` passes as `float` when it
/// is finite and in range; nothing else converts (no number to string, no bool to number).
struct NativeArgumentConversion {
    package let function: String

    package func convert(_ value: NativeValue, to type: NativeType, parameter: Int) throws(NativeError) -> NativeValue {
        switch (type, value) {
        case (.bool, .bool), (.double, .double), (.float, .float), (.pointer, .pointer):
            return value
        case (.double, .float(let number)):
            return .double(Double(number))
        case (.float, .double(let number)):
            guard !number.isFinite || abs(number) <= Double(Float.greatestFiniteMagnitude) else {
                throw NativeError.argumentOutOfRange(
                    function: function, parameter: parameter, expected: "float", given: value.description)
            }
            return .float(Float(number))
        case (.string, .string(let text)):
            if let text, text.utf8.contains(0) {
                throw NativeError.argumentNotEncodable(
                    function: function, parameter: parameter,
                    reason: "it holds a NUL character, which a C string cannot carry")
            }
            return value
        case (_, .int(let number)):
            if let range = type.signedRange {
                guard range.contains(number) else { throw outOfRange(type, value, parameter) }
                return .int(number)
            }
            if let maximum = type.unsignedMaximum {
                guard number >= 0, UInt64(number) <= maximum else { throw outOfRange(type, value, parameter) }
                return .uint(UInt64(number))
            }
        case (_, .uint(let number)):
            if let maximum = type.unsignedMaximum {
                guard number <= maximum else { throw outOfRange(type, value, parameter) }
                return .uint(number)
            }
            if let range = type.signedRange {
                guard number <= UInt64(range.upperBound) else { throw outOfRange(type, value, parameter) }
                return .int(Int64(number))
            }
        default:
            break
        }
        throw NativeError.wrongArgument(
            function: function, parameter: parameter, expected: type.rawValue, given: value.description)
    }

    private func outOfRange(_ type: NativeType, _ value: NativeValue, _ parameter: Int) -> NativeError {
        .argumentOutOfRange(function: function, parameter: parameter, expected: type.rawValue, given: value.description)
    }
}
