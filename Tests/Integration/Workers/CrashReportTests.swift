import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import SceneHostProcesses
import TestSupport

/// The crash handler's record as the host reads it, and the table of plugin code the handler looks
/// addresses up in (the handler itself runs only in the end-to-end tests: `CrashBlameTests`).
@Suite("Crash report records and the plugin code table")
struct CrashReportTests {
    /// A record as the handler writes it (little-endian).
    private func record(
        magic: UInt32 = 0x5243_4853, version: UInt32 = 1, signal: Int32 = 11, plugin: UInt32, name: String
    ) -> [UInt8] {
        func word(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        let bytes = Array(name.utf8)
        var record =
            word(magic) + word(version) + word(UInt32(bitPattern: signal)) + word(1) + word(plugin)
            + word(UInt32(bytes.count)) + bytes
        record += [UInt8](repeating: 0, count: CrashReport.recordSize - record.count)
        return record
    }

    @Test("one record names the plugin and the signal; with no plugin frame it names none")
    func wellFormed() {
        #expect(CrashReport.recordSize == 256)
        #expect(CrashReport.parse(record(plugin: 2, name: "Saboteur")) == CrashReport(signal: 11, plugin: "Saboteur"))
        #expect(
            CrashReport.parse(record(signal: 6, plugin: 0xFFFF_FFFF, name: "")) == CrashReport(signal: 6, plugin: nil))
    }

    @Test(
        "anything but exactly one well-formed record is not believed: nothing, a record cut short, two records, another magic or version, a name on no plugin, a name that is not UTF-8"
    )
    func notBelieved() {
        let good = record(plugin: 0, name: "A")
        #expect(CrashReport.parse([]) == nil)
        #expect(CrashReport.parse(Array(good.prefix(100))) == nil)
        #expect(CrashReport.parse(good + good) == nil)
        #expect(CrashReport.parse(good + [0]) == nil)
        #expect(CrashReport.parse(record(magic: 0x1234, plugin: 0, name: "A")) == nil)
        #expect(CrashReport.parse(record(version: 2, plugin: 0, name: "A")) == nil)
        #expect(CrashReport.parse(record(plugin: 0xFFFF_FFFF, name: "B")) == nil)
        #expect(CrashReport.parse(record(plugin: 0, name: "")) == nil)
        var invalid = record(plugin: 0, name: "AB")
        invalid[24] = 0xFF
        #expect(CrashReport.parse(invalid) == nil)
        var long = record(plugin: 0, name: "A")
        long[20] = 233
        #expect(CrashReport.parse(long) == nil, "a name longer than the record holds")
    }

    @Test(
        "a library noted after dlopen owns the addresses of its code; the host's own code and data belong to no plugin")
    func table() throws {
        let path = BuildProducts.library("FixtureSaboteur")
        let handle = try #require(dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE))
        let before = CrashReporter.pluginIndex(at: try #require(dlsym(handle, "scene_plugin_entry")))
        #expect(CrashReporter.noteLibrary(handle, plugin: "Saboteur"))
        let entry = try #require(dlsym(handle, "scene_plugin_entry"))
        let index = try #require(CrashReporter.pluginIndex(at: entry))
        #expect(before == nil || before == index, "noted once before by another test at most")
        let own = try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "strlen"))
        #expect(CrashReporter.pluginIndex(at: own) == nil)
        var local = 0
        #expect(withUnsafePointer(to: &local) { CrashReporter.pluginIndex(at: UnsafeRawPointer($0)) } == nil)
    }
}
