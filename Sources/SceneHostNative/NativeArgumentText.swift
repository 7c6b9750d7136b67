import SceneHostCore
/// Converts a command-line or script argument (text) to a parameter's value, by the signature.
///
/// Integers in decimal (`-5`) or hexadecimal (`0x1F`), `true`/`false` (or `1`/`0`) for bool,
/// decimal or exponent numbers for float and double, any text for string (`NULL` is not
/// expressible: a string argument is always a string), only `null` for pointer (text never names
/// an address), and `print` for a callback: the host's callback prints each call's arguments.
package struct NativeArgumentText {
    package let function: String
    /// Where a `print` callback writes one line per call.
    let printCallback: (String) -> Void

    package init(function: String, printCallback: @escaping (String) -> Void) {
        self.function = function
        self.printCallback = printCallback
    }

    package func value(
        _ text: String, for parameter: NativeSignature.Parameter, number: Int
    ) throws(NativeError) -> NativeValue {
        switch parameter {
        case .callback(let signature):
            guard text == "print" else {
                throw NativeError.wrongArgument(
                    function: function, parameter: number, expected: "callback(\(signature)) (write 'print')",
                    given: "\"\(text)\"")
            }
            let write = printCallback
            return .callback(
                NativeCallback { arguments in
                    write("callback(\(arguments.map(\.printed).joined(separator: ", ")))")
                    return Self.zero(signature.returns)
                })
        case .value(let type):
            return try value(text, type: type, number: number)
        }
    }

    private func value(_ text: String, type: NativeType, number: Int) throws(NativeError) -> NativeValue {
        let wrong = NativeError.wrongArgument(
            function: function, parameter: number, expected: type.rawValue, given: "\"\(text)\"")
        switch type {
        case .void:
            throw wrong
        case .bool:
            switch text {
            case "true", "1": return .bool(true)
            case "false", "0": return .bool(false)
            default: throw wrong
            }
        case .string:
            return .string(text)
        case .pointer:
            guard text == "null" else { throw wrong }
            return .pointer(0)
        case .float, .double:
            return try floatingPoint(text, type: type, wrong: wrong, number: number)
        default:
            return try NativeArgumentConversion(function: function).convert(
                try integer(text, type: type, wrong: wrong, number: number), to: type, parameter: number)
        }
    }

    /// A number read in the parameter's own type, so every literal Swift prints for it reads back
    /// (`3.4028235e38` is the largest float). Past the type's range (a literal that is not an
    /// infinity but reads as one) is out of range; a non-zero literal that reads as zero underflows.
    private func floatingPoint(
        _ text: String, type: NativeType, wrong: NativeError, number: Int
    ) throws(NativeError) -> NativeValue {
        let value: NativeValue, isInfinite: Bool, isZero: Bool
        if type == .float {
            guard let parsed = Float(text), !parsed.isNaN || text.lowercased() == "nan" else { throw wrong }
            (value, isInfinite, isZero) = (.float(parsed), parsed.isInfinite, parsed == 0)
        } else {
            guard let parsed = Double(text), !parsed.isNaN || text.lowercased() == "nan" else { throw wrong }
            (value, isInfinite, isZero) = (.double(parsed), parsed.isInfinite, parsed == 0)
        }
        if isInfinite, !NumberLiteral.namesInfinity(Substring(text)) {
            throw NativeError.argumentOutOfRange(
                function: function, parameter: number, expected: type.rawValue, given: text)
        }
        if isZero, NumberLiteral.hasNonZeroDigit(Substring(text)) {
            throw NativeError.argumentUnderflows(
                function: function, parameter: number, expected: type.rawValue, given: text)
        }
        return value
    }

    /// A whole number in decimal or `0x` hexadecimal, with at most one sign before it (`-+5` and
    /// `0x+1` are malformed); too large for 64 bits is out of range.
    private func integer(
        _ text: String, type: NativeType, wrong: NativeError, number: Int
    ) throws(NativeError) -> NativeValue {
        let negative = text.hasPrefix("-")
        let digits = negative || text.hasPrefix("+") ? String(text.dropFirst()) : text
        let hex = digits.lowercased().hasPrefix("0x")
        let body = hex ? digits.dropFirst(2) : Substring(digits)
        // `UInt64(_:radix:)` would take a sign of its own.
        guard body.allSatisfy({ $0.isASCII && (hex ? $0.isHexDigit : $0.isNumber) }) else { throw wrong }
        guard !digits.isEmpty, let magnitude = UInt64(hex ? String(digits.dropFirst(2)) : digits, radix: hex ? 16 : 10)
        else {
            let isNumeric = !body.isEmpty && body.allSatisfy { hex ? $0.isHexDigit : $0.isASCII && $0.isNumber }
            throw isNumeric
                ? NativeError.argumentOutOfRange(
                    function: function, parameter: number, expected: type.rawValue, given: text) : wrong
        }
        if !negative { return .uint(magnitude) }
        guard magnitude <= UInt64(Int64.max) + 1 else {
            throw NativeError.argumentOutOfRange(
                function: function, parameter: number, expected: type.rawValue, given: text)
        }
        return .int(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
    }

    /// Refuses a command-line argument whose bytes are not UTF-8: the process reads it with each
    /// bad byte made U+FFFD, which is not what was written (a script with those bytes is refused
    /// too). `raw` is the process's argument bytes, `arguments` the function's arguments as read.
    package static func checkCommandLine(raw: [[UInt8]], arguments: [String], function: String) throws(NativeError) {
        for bytes in raw {
            guard let bad = UTF8Check.firstInvalidByte(bytes) else { continue }
            let repaired = String(decoding: bytes, as: UTF8.self)
            guard let index = arguments.firstIndex(of: repaired) else { continue }
            throw NativeError.argumentNotUTF8(function: function, parameter: index + 1, byte: bytes[bad])
        }
    }

    /// What a printing callback returns: zero of its return type.
    package static func zero(_ type: NativeType) -> NativeValue {
        switch type {
        case .void: return .void
        case .bool: return .bool(false)
        case .float: return .float(0)
        case .double: return .double(0)
        case .string: return .string(nil)
        case .pointer: return .pointer(0)
        default: return type.signedRange != nil ? .int(0) : .uint(0)
        }
    }
}
