import Testing
@testable import SceneHostNative

/// The fast reader of common signatures: it reads what the parser reads, the same way, and
/// leaves everything else (callbacks, non-ASCII, every mistake) to the parser.
@Suite("NativeSignatureScanner")
struct NativeSignatureScannerTests {
    @Test("each packed constant is its type's name")
    func packedNames() {
        for type in NativeType.allCases {
            let code = type.rawValue.utf8.enumerated().reduce(UInt64(0)) {
                $0 | UInt64($1.element) << (8 * UInt64($1.offset))
            }
            #expect(NativeSignatureScanner.type(packed: code) == type, "\(type)")
        }
        #expect(NativeSignatureScanner.type(packed: 0) == nil)
    }

    @Test(
        "reads the common case as the parser does",
        arguments: [
            "double(int64, double, double)", "void()", " void ( ) ", "\tint32(\tint32 ,int32 )\t",
            "bool(bool,int8,int16,int32,int64,uint8,uint16,uint32,uint64,float,double,string,pointer)",
            "pointer(string)", "void(" + Array(repeating: "int8", count: 32).joined(separator: ",") + ")",
        ])
    func agrees(text: String) throws {
        var parser = NativeSignatureParser(text)
        let parsed = try parser.parse()
        #expect(NativeSignatureScanner.scan(text) == parsed)
    }

    @Test(
        "leaves callbacks, non-ASCII and mistakes to the parser",
        arguments: [
            "void(callback(void(string, double)), pointer)", "void(int8é)", "vöid()", "", "double", "double(int64",
            "double(int64 double)", "double(int64,)", "double(int65)", "void(void)", "void() x", "void(#)", "(int8)",
            "void(" + Array(repeating: "int8", count: 33).joined(separator: ",") + ")",
            "void(" + String(repeating: " ", count: 2000) + ")", "int64x()", "pointers()", "void(,)",
        ])
    func declines(text: String) {
        #expect(NativeSignatureScanner.scan(text) == nil)
    }
}
