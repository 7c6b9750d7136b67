import Testing
@testable import SceneHostNative

/// The signature grammar: what parses, its canonical text, and the column of every refusal.
@Suite("NativeSignatureParser")
struct NativeSignatureParserTests {
    @Test(
        "parses every type, spaces and callbacks",
        arguments: [
            ("double(int64, double, string)", "double(int64, double, string)"),
            ("void()", "void()"),
            (" void ( ) ", "void()"),
            (
                "bool(bool,int8,int16,int32,int64,uint8,uint16,uint32,uint64,float,double,string,pointer)",
                "bool(bool, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float, double, string, pointer)"
            ),
            ("void(callback(void(string, double)), pointer)", "void(callback(void(string, double)), pointer)"),
            ("int32(callback( int64 ( int64 ) ),int32)", "int32(callback(int64(int64)), int32)"),
        ])
    func parses(text: String, canonical: String) throws {
        #expect(try NativeSignature(parsing: text).description == canonical)
    }

    @Test("a callback parameter holds its own signature")
    func callbackStructure() throws {
        let signature = try NativeSignature(parsing: "void(callback(void(string, double)), pointer)")
        #expect(signature.returns == .void)
        #expect(
            signature.parameters == [
                .callback(NativeSignature(returns: .void, parameters: [.value(.string), .value(.double)])),
                .value(.pointer),
            ])
    }

    @Test(
        "refuses with the column and the reason",
        arguments: [
            ("", 1, "expected a type, found the end of the signature"),
            ("double", 7, "expected '(', found the end of the signature"),
            ("double(int64", 13, "the parameter list is not closed; expected ',' or ')'"),
            ("double(int64 double)", 14, "expected ',' or ')' after a parameter, found 'd'"),
            ("double(int64,)", 14, "expected a type, found ')'"),
            (
                "double(int65)", 8,
                "unknown type 'int65'; expected one of void, bool, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float, double, string, pointer, callback(...)"
            ),
            ("void(void)", 6, "'void' is only a return type; write '()' for no parameters"),
            ("void(callback(void(callback(void()))))", 20, "a callback's parameters cannot be callbacks"),
            ("void() x", 8, "unexpected 'x' after the closing ')'"),
            ("void(#)", 6, "expected a type, found '#'"),
        ])
    func refuses(text: String, column: Int, reason: String) {
        #expect(throws: NativeError.signatureSyntax(signature: text, column: column, reason: reason)) {
            try NativeSignature(parsing: text)
        }
    }

    @Test("limits length and parameter count")
    func limits() {
        let long = "void(" + String(repeating: " ", count: 2000) + ")"
        #expect(
            throws: NativeError.signatureSyntax(
                signature: long, column: 1025, reason: "the signature is longer than 1024 characters")
        ) {
            try NativeSignature(parsing: long)
        }
        let many = "void(" + Array(repeating: "int8", count: 33).joined(separator: ",") + ")"
        #expect(throws: NativeError.self) { try NativeSignature(parsing: many) }
        let most = "void(" + Array(repeating: "int8", count: 32).joined(separator: ",") + ")"
        #expect((try? NativeSignature(parsing: most))?.parameters.count == 32)
    }
}
