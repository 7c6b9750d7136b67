import Foundation
import Testing
@testable import SceneHostELF
@testable import SceneHostCore
@testable import SceneHostLoading
import TestSupport
@testable import SceneHostNative

/// The native function table read from plugin files: the real C libraries, and C libraries
/// built here with a table that is wrong on purpose (each refused with its typed error).
@Suite("NativeTableReader")
struct NativeTableReaderTests {
    static let plugin = PluginReference(
        name: "P", path: "/p/libP.so", location: SourceLocation(file: "s.conf", line: 3, column: 1))

    static func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// A C library exporting `table` as `scene_native_functions` and the function `f`.
    static func library(table: String, in folder: TemporaryFolder) throws -> [UInt8] {
        let output = folder.path("libT\(UUID().uuidString.prefix(8)).so")
        try CLibraries.build(
            """
            __attribute__((visibility("default"))) const char scene_native_functions[] = \(table);
            __attribute__((visibility("default"))) int f(int x) { return x; }
            __attribute__((visibility("default"))) int data_not_function = 1;
            """, to: output)
        return try bytes(output)
    }

    @Test("reads the tables of the built C libraries, in order")
    func builtLibraries() throws {
        let pricing = try #require(
            try NativeTableReader.read(Self.bytes(BuildProducts.library("NativePricing")), plugin: Self.plugin))
        #expect(pricing.map(\.name) == ["unit_price", "order_discount", "order_total", "format_price", "price_rules"])
        #expect(pricing.last?.signatureText == "int32(callback(void(string, double)))")
        let types = try #require(
            try NativeTableReader.read(Self.bytes(BuildProducts.library("FixtureNativeTypes")), plugin: Self.plugin))
        #expect(types.count == 20)
        #expect(types.last?.name == "poke")
    }

    @Test("a library without a table has none")
    func noTable() throws {
        #expect(try NativeTableReader.read(Self.bytes(BuildProducts.library("HomeScene")), plugin: Self.plugin) == nil)
    }

    @Test(
        "refuses malformed tables, naming the function and the column",
        arguments: [
            (
                #""f\tint32(int65)\0""#,
                PluginLoadError.pluginNativeSignatureInvalid(
                    plugin, function: "f", signature: "int32(int65)", column: 7,
                    reason:
                        "unknown type 'int65'; expected one of void, bool, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float, double, string, pointer, callback(...)"
                )
            ),
            (
                #""f\tint32(int32\0""#,
                .pluginNativeSignatureInvalid(
                    plugin, function: "f", signature: "int32(int32", column: 12,
                    reason: "the parameter list is not closed; expected ',' or ')'")
            ),
            (#""missing\tvoid()\0""#, .pluginNativeFunctionNotExported(plugin, function: "missing")),
            (
                #""data_not_function\tvoid()\0""#,
                .pluginNativeFunctionNotExported(plugin, function: "data_not_function")
            ),
            (
                #"{'f', '\t', 'v', 'o', 'i', 'd', '(', ')'}"#,
                .pluginNativeTableInvalid(
                    plugin, reason: "it does not end with an empty record (two NUL bytes) within its 8 bytes")
            ),
            (
                #""f int32()\0""#,
                .pluginNativeTableInvalid(plugin, reason: "record 1 (\"f int32()\") is not NAME<TAB>SIGNATURE")
            ),
            (
                #""f\tint32(int32)\0\xff\tvoid()\0""#,
                .pluginNativeTableInvalid(plugin, reason: "record 2 is not valid UTF-8")
            ),
            (
                #""1f\tvoid()\0""#,
                .pluginNativeTableInvalid(
                    plugin, reason: "record 1 names '1f', which is not a C identifier of at most 128 characters")
            ),
            (
                #""f\tint32(int32)\0f\tdouble(double)\0""#,
                .pluginNativeFunctionDuplicate(
                    plugin, function: "f", first: 1, firstSignature: "int32(int32)",
                    second: 2, secondSignature: "double(double)")
            ),
        ])
    func refuses(table: String, error: PluginLoadError) throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let bytes = try Self.library(table: table, in: folder)
        #expect(throws: error) { try NativeTableReader.read(bytes, plugin: Self.plugin) }
    }

    @Test("a table whose end record was overwritten is refused, never read past its size")
    func unterminated() throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        var bytes = try Self.library(table: #""f\tint32(int32)\0""#, in: folder)
        // Overwrite the table in the file: no NUL left within the symbol's size.
        let file = try #require(ELFFile(bytes))
        let symbols = try ELFDynamicSymbols.read(from: file)
        let table = try #require(symbols.symbols[NativeTableReader.symbol])
        let headers = try #require(file.programHeaders())
        let offset = try #require(file.fileOffset(ofAddress: table.address, in: headers))
        for index in Int(offset)..<Int(offset + table.size) { bytes[index] = 0x41 }
        #expect(
            throws: PluginLoadError.pluginNativeTableInvalid(
                Self.plugin, reason: "it does not end with an empty record (two NUL bytes) within its 16 bytes")
        ) {
            try NativeTableReader.read(bytes, plugin: Self.plugin)
        }
    }

    @Test("mutated files are refused or read, never a trap (section headers, symbols, the table)")
    func mutations() throws {
        let original = try Self.bytes(BuildProducts.library("NativePricing"))
        let file = try #require(ELFFile(original))
        // Mutate the section header table, and the rest of the file, with a fixed generator.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407; return state >> 33
        }
        var outcomes: Set<String> = []
        for round in 0..<400 {
            var bytes = original
            for _ in 0..<8 {
                let inHeaders = round % 2 == 0 && file.header.sectionHeaderOffset < UInt64(bytes.count)
                let base = inHeaders ? Int(file.header.sectionHeaderOffset) : 0
                let index = base + Int(next() % UInt64(bytes.count - base))
                bytes[index] = UInt8(truncatingIfNeeded: next())
            }
            do {
                let declarations = try NativeTableReader.read(bytes, plugin: Self.plugin)
                outcomes.insert(declarations == nil ? "none" : "read")
            } catch {
                outcomes.insert("refused")
            }
        }
        #expect(outcomes.contains("read"))
        #expect(outcomes.count >= 2)
    }
}
