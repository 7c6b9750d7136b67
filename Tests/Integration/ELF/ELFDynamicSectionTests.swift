import Foundation
import Testing
@testable import SceneHostELF
import TestSupport

/// The dynamic-section reader against `readelf -d` (or `llvm-objdump -p`) on the real plugins,
/// and on malformed input.
@Suite("ELFDynamicSection")
struct ELFDynamicSectionTests {
    static let plugins = [
        "HomeScene", "DetailScene", "ListOrdersScene", "ShowOrderScene", "EditOrderScene", "FixtureCrash",
    ]

    /// NEEDED names and RUNPATH as binutils or LLVM print them.
    static func reference(_ path: String) throws -> (needed: [String], runpath: String?) {
        let tools =
            ["/usr/bin/readelf", "/bin/readelf"]
            + [
                CLibraries.clang.map {
                    URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent("llvm-objdump").path
                }
            ].compactMap { $0 }
        let tool = try #require(
            tools.first { FileManager.default.isExecutableFile(atPath: $0) }, "neither readelf nor llvm-objdump found")
        let isReadelf = tool.hasSuffix("readelf")
        let output = try CLibraries.run(tool, isReadelf ? ["-d", path] : ["-p", path]).output
        var needed: [String] = []
        var runpath: String?
        for line in output.split(separator: "\n") {
            if isReadelf {
                // 0x0000000000000001 (NEEDED)             Shared library: [libc.so.6]
                guard let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { continue }
                let value = String(line[line.index(after: open)..<close])
                if line.contains("(NEEDED)") { needed.append(value) }
                if line.contains("(RUNPATH)") { runpath = value }
            } else {
                let words = line.split(separator: " ", omittingEmptySubsequences: true)
                guard words.count == 2 else { continue }
                if words[0] == "NEEDED" { needed.append(String(words[1])) }
                if words[0] == "RUNPATH" { runpath = String(words[1]) }
            }
        }
        return (needed, runpath)
    }

    @Test("NEEDED and RUNPATH of the built plugins are what readelf shows", arguments: plugins)
    func realPlugins(name: String) throws {
        let path = BuildProducts.library(name)
        let file = try #require(ELFFile([UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))))
        let section = try ELFDynamicSection.read(from: file)
        let expected = try Self.reference(path)
        #expect(section.needed == expected.needed)
        #expect(section.runpath == expected.runpath)
        #expect(section.needed.contains("libSceneSDK.so"))
        #expect(section.rpath == nil)
    }

    @Test("a C library's RPATH (old tags) is read too")
    func rpath() throws {
        let folder = try TemporaryFolder()
        let library = folder.path("libOld.so")
        try CLibraries.build(
            "int old(void) { return 1; }", to: library,
            arguments: ["-Wl,--disable-new-dtags,-rpath,/opt/one:$ORIGIN/two"])
        let section = try ELFDynamicSection.read(
            from: try #require(ELFFile([UInt8](try Data(contentsOf: URL(fileURLWithPath: library))))))
        #expect(section.rpath == "/opt/one:$ORIGIN/two")
        #expect(section.runpath == nil)
        #expect(section.needed.contains("libc.so.6"))
    }

    /// The real plugin with the 8 bytes at `offset` set to `value`.
    private func mutated(_ change: (inout [UInt8], ELFFile, [ELFFile.ProgramHeader]) -> Void) throws -> ELFFile {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: BuildProducts.library("DetailScene"))))
        let file = try #require(ELFFile(bytes))
        let headers = try #require(file.programHeaders())
        change(&bytes, file, headers)
        return try #require(ELFFile(bytes))
    }

    private func write(_ value: UInt64, at offset: UInt64, in bytes: inout [UInt8]) {
        for index in 0..<8 { bytes[Int(offset) + index] = UInt8(truncatingIfNeeded: value >> UInt64(8 * index)) }
    }

    @Test("a dynamic segment far outside the file is a reason, not a trap")
    func dynamicOutside() throws {
        let file = try mutated { bytes, file, headers in
            let index = headers.firstIndex { $0.type == ELFFile.dynamicSegment } ?? 0
            write(UInt64.max - 4, at: file.header.programHeaderOffset + UInt64(index) * 56 + 8, in: &bytes)
        }
        #expect(throws: ELFDynamicSection.Problem.self) { try ELFDynamicSection.read(from: file) }
    }

    @Test("a string table address no segment maps, and one near 2^64, are reasons")
    func stringTableUnmapped() throws {
        for address in [UInt64.max - 3, 0x7FFF_FFFF_FFFF_FFF0] {
            let file = try mutated { bytes, _, headers in
                guard let dynamic = headers.first(where: { $0.type == ELFFile.dynamicSegment }) else { return }
                for entry in stride(from: dynamic.offset, to: dynamic.offset + dynamic.fileSize, by: 16) {
                    let tag = (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[Int(entry) + $1]) << UInt64(8 * $1) }
                    if tag == ELFDynamicSection.stringTableTag { write(address, at: entry + 8, in: &bytes) }
                }
            }
            #expect(
                throws: ELFDynamicSection.Problem(
                    reason: "its string table (address \(address)) is not mapped from the file")
            ) {
                try ELFDynamicSection.read(from: file)
            }
        }
    }

    @Test("a NEEDED offset past the string table is a reason")
    func neededOutside() throws {
        let file = try mutated { bytes, _, headers in
            guard let dynamic = headers.first(where: { $0.type == ELFFile.dynamicSegment }) else { return }
            for entry in stride(from: dynamic.offset, to: dynamic.offset + dynamic.fileSize, by: 16) {
                let tag = (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[Int(entry) + $1]) << UInt64(8 * $1) }
                if tag == ELFDynamicSection.neededTag { write(UInt64.max, at: entry + 8, in: &bytes) }
            }
        }
        #expect(
            throws: ELFDynamicSection.Problem(
                reason: "a name in its dynamic section (string offset \(UInt64.max)) is not inside its string table")
        ) {
            try ELFDynamicSection.read(from: file)
        }
    }
}
