#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import SceneHostCore
@testable import SceneHostNative
@testable import SceneHostLoading
import TestSupport

/// Calls through libffi into the C fixture (Tests/Fixtures/NativeTypes): every type round-trips,
/// arguments are checked before native code runs, callbacks are libffi closures of Swift closures.
@Suite("NativeFunction")
struct NativeFunctionTests {
    /// The fixture (`dlopen` hands out the same handle each time; it is never closed).
    static func function(_ name: String, _ signature: String) throws -> NativeFunction {
        let library = try #require(dlopen(BuildProducts.library("FixtureNativeTypes"), RTLD_NOW | RTLD_LOCAL))
        let address = try #require(dlsym(library, name))
        return try NativeFunction(
            qualifiedName: "Types.\(name)", signature: NativeSignature(parsing: signature), address: address)
    }

    /// Per function: its signature and the values that must come back unchanged (limits included).
    static var roundTrips: [(name: String, signature: String, values: [NativeValue])] {
        [
            ("echo_bool", "bool(bool)", [NativeValue.bool(true), .bool(false)]),
            ("echo_int8", "int8(int8)", [.int(-128), .int(127), .int(0)]),
            ("echo_int16", "int16(int16)", [.int(-32768), .int(32767)]),
            ("echo_int32", "int32(int32)", [.int(Int64(Int32.min)), .int(Int64(Int32.max))]),
            ("echo_int64", "int64(int64)", [.int(.min), .int(.max)]),
            ("echo_uint8", "uint8(uint8)", [.uint(0), .uint(255)]),
            ("echo_uint16", "uint16(uint16)", [.uint(65535)]),
            ("echo_uint32", "uint32(uint32)", [.uint(UInt64(UInt32.max))]),
            ("echo_uint64", "uint64(uint64)", [.uint(.max)]),
            ("echo_float", "float(float)", [.float(1.5), .float(-Float.greatestFiniteMagnitude)]),
            ("echo_double", "double(double)", [.double(3.25), .double(-.infinity)]),
            ("echo_string", "string(string)", [.string("héllo"), .string(""), .string(nil)]),
            ("echo_pointer", "pointer(pointer)", [.pointer(0), .pointer(0xdead_beef)]),
        ]
    }

    @Test("every type round-trips")
    func roundTrip() throws {
        for (name, signature, values) in Self.roundTrips {
            let function = try Self.function(name, signature)
            for value in values {
                #expect(try function.call([value]) == value, "\(name)")
            }
        }
    }

    @Test("void and mixed arguments land in the right registers")
    func mixed() throws {
        #expect(try Self.function("nothing", "void()").call([]) == .void)
        let mixed = try Self.function("mixed", "double(int8, uint16, float, double, int64, bool)")
        #expect(
            try mixed.call([.int(-1), .uint(2), .float(0.5), .double(0.25), .int(100), .bool(true)]) == .double(1101.75)
        )
        // Integers convert between signedness when they fit; a double passes as a float.
        #expect(
            try mixed.call([.uint(1), .int(2), .double(0.5), .float(0.25), .uint(100), .bool(false)]) == .double(103.75)
        )
    }

    @Test("wrong arity, type, range and encoding throw before the call")
    func refusals() throws {
        let echo = try Self.function("echo_int8", "int8(int8)")
        #expect(
            throws: NativeError.wrongArity(function: "Types.echo_int8", signature: "int8(int8)", expected: 1, given: 2)
        ) {
            try echo.call([.int(1), .int(2)])
        }
        #expect(
            throws: NativeError.argumentOutOfRange(
                function: "Types.echo_int8", parameter: 1, expected: "int8", given: "integer 300")
        ) {
            try echo.call([.int(300)])
        }
        #expect(
            throws: NativeError.wrongArgument(
                function: "Types.echo_int8", parameter: 1, expected: "int8", given: "string \"1\"")
        ) {
            try echo.call([.string("1")])
        }
        #expect(
            throws: NativeError.argumentOutOfRange(
                function: "Types.echo_uint8", parameter: 1, expected: "uint8", given: "integer -1")
        ) {
            try Self.function("echo_uint8", "uint8(uint8)").call([.int(-1)])
        }
        #expect(
            throws: NativeError.argumentNotEncodable(
                function: "Types.echo_string", parameter: 1,
                reason: "it holds a NUL character, which a C string cannot carry")
        ) {
            try Self.function("echo_string", "string(string)").call([.string("a\u{0}b")])
        }
        #expect(throws: NativeError.returnNotUTF8(function: "Types.bad_string")) {
            try Self.function("bad_string", "string()").call([])
        }
        #expect(
            throws: NativeError.wrongArgument(
                function: "Types.call_back", parameter: 1, expected: "callback(void(int32, string))", given: "integer 1"
            )
        ) {
            try Self.function("call_back", "int32(callback(void(int32, string)), int32)").call([.int(1), .int(1)])
        }
    }

    @Test("a callback is called many times, with its arguments, and returns values")
    func callbacks() throws {
        let callBack = try Self.function("call_back", "int32(callback(void(int32, string)), int32)")
        var seen: [NativeValue] = []
        let count = try callBack.call([
            .callback(
                NativeCallback { arguments in
                    seen.append(contentsOf: arguments)
                    return .void
                }), .int(10_000),
        ])
        #expect(count == .int(10_000))
        #expect(seen.count == 20_000)
        #expect(seen.suffix(2) == [.int(9_999), .string("row")])
        let sum = try Self.function("sum_with", "int64(callback(int64(int64)), int64)")
        #expect(
            try sum.call([
                .callback(
                    NativeCallback { arguments in
                        guard case .int(let value) = arguments.first else { return .int(0) }
                        return .int(value * 2)
                    }), .int(100),
            ]) == .int(9_900))
        // A callback returning the wrong kind gives the C side zero, never garbage.
        #expect(try sum.call([.callback(NativeCallback { _ in .string("no") }), .int(5)]) == .int(0))
    }
}

/// Resolving declared functions in an opened library: a symbol that is missing there is the
/// plugin's error, naming the function.
@Suite("NativeFunctionResolver")
struct NativeFunctionResolverTests {
    @Test("resolves declared functions by symbol; a missing symbol refuses the plugin")
    func resolves() throws {
        let plugin = PluginReference(
            name: "Types", path: "/p/lib.so", location: SourceLocation(file: "s.conf", line: 1, column: 1))
        let library = try #require(dlopen(BuildProducts.library("FixtureNativeTypes"), RTLD_NOW | RTLD_LOCAL))
        let resolver = NativeFunctionResolver(plugin: plugin)
        let functions = try resolver.resolve(
            [NativeDeclaration(name: "echo_int16", signatureText: "int16( int16 )")], in: library)
        #expect(functions.map(\.qualifiedName) == ["Types.echo_int16"])
        #expect(functions.first?.signature.description == "int16(int16)")
        #expect(try functions.first?.call([.int(-300)]) == .int(-300))
        #expect(throws: PluginLoadError.pluginNativeFunctionNotExported(plugin, function: "no_such_function")) {
            try resolver.resolve([NativeDeclaration(name: "no_such_function", signatureText: "void()")], in: library)
        }
    }
}
