import Testing
@testable import SceneHostNative

/// Text arguments (`scene-host call`, a script's `call`) read by the parameter's type (issue 19,
/// item 7): one sign at most, every literal that reads back in the type, no silent underflow, and
/// command-line bytes that are not UTF-8 refused.
@Suite("NativeArgumentText")
struct NativeArgumentTextTests {
    static func value(_ text: String, _ type: NativeType) throws(NativeError) -> NativeValue {
        try NativeArgumentText(function: "T.f") { _ in }.value(text, for: .value(type), number: 1)
    }

    @Test(
        "a sign after a sign, or after 0x, is malformed",
        arguments: ["-+5", "+-5", "--5", "++5", "0x+1", "0x-1", "-0x-1", "+0x+1", "0X+f"])
    func signs(text: String) {
        #expect(
            throws: NativeError.wrongArgument(function: "T.f", parameter: 1, expected: "int32", given: "\"\(text)\"")
        ) { try Self.value(text, .int32) }
        #expect(
            throws: NativeError.wrongArgument(function: "T.f", parameter: 1, expected: "uint64", given: "\"\(text)\"")
        ) { try Self.value(text, .uint64) }
    }

    @Test("one sign, decimal or hexadecimal, is read")
    func integers() throws {
        #expect(try Self.value("-5", .int32) == .int(-5))
        #expect(try Self.value("+5", .int32) == .int(5))
        #expect(try Self.value("0x1F", .int32) == .int(31))
        #expect(try Self.value("-0x10", .int64) == .int(-16))
        #expect(
            throws: NativeError.argumentOutOfRange(
                function: "T.f", parameter: 1, expected: "int64", given: "99999999999999999999")
        ) {
            try Self.value("99999999999999999999", .int64)
        }
    }

    @Test("every literal that reads back in the parameter's type is accepted")
    func floats() throws {
        let cases: [(String, NativeType, NativeValue)] = [
            ("3.4028235e38", .float, .float(.greatestFiniteMagnitude)),
            ("-3.4028235e38", .float, .float(-.greatestFiniteMagnitude)),
            ("1e-45", .float, .float(.leastNonzeroMagnitude)),
            ("1.1754944e-38", .float, .float(.leastNormalMagnitude)),
            ("0x1p-149", .float, .float(.leastNonzeroMagnitude)),
            ("0", .float, .float(0)),
            ("-0.000", .float, .float(-0.0)),
            ("0e99", .float, .float(0)),
            ("inf", .float, .float(.infinity)),
            ("-infinity", .double, .double(-.infinity)),
            ("1.7976931348623157e308", .double, .double(.greatestFiniteMagnitude)),
            ("5e-324", .double, .double(.leastNonzeroMagnitude)),
            ("2.5", .double, .double(2.5)),
        ]
        for (text, type, expected) in cases {
            #expect(try Self.value(text, type) == expected, "\(text) as \(type.rawValue)")
        }
    }

    @Test(
        "a non-zero literal that would become zero is refused, naming the parameter, type and value",
        arguments: [
            ("1e-50", NativeType.float), ("-1e-46", .float), ("0x1p-200", .float),
            ("0.0000000000000000000000000000000000000000000001", .float),
            ("1e-400", .double), ("-2.5e-330", .double),
        ])
    func underflow(text: String, type: NativeType) {
        #expect(
            throws: NativeError.argumentUnderflows(function: "T.f", parameter: 1, expected: type.rawValue, given: text)
        ) { try Self.value(text, type) }
    }

    @Test(
        "a finite literal past the type's range is out of range",
        arguments: [("3.5e38", NativeType.float), ("1e39", .float), ("1e400", .double), ("-1e309", .double)])
    func overflow(text: String, type: NativeType) {
        #expect(
            throws: NativeError.argumentOutOfRange(function: "T.f", parameter: 1, expected: type.rawValue, given: text)
        ) { try Self.value(text, type) }
    }

    @Test("a command-line argument that is not UTF-8 is refused at its position; U+FFFD written in UTF-8 is text")
    func commandLineEncoding() throws {
        let raw: [[UInt8]] = [
            Array("scene-host".utf8), Array("call".utf8), Array("T.f".utf8), Array("ok".utf8), [0x61, 0xFF, 0x62],
        ]
        #expect(throws: NativeError.argumentNotUTF8(function: "T.f", parameter: 2, byte: 0xFF)) {
            try NativeArgumentText.checkCommandLine(raw: raw, arguments: ["ok", "a\u{FFFD}b"], function: "T.f")
        }
        let written = [Array("call".utf8), Array("a\u{FFFD}b".utf8)]
        try NativeArgumentText.checkCommandLine(raw: written, arguments: ["a\u{FFFD}b"], function: "T.f")
    }
}
