import Foundation
import Testing
@testable import SceneHostFileTrust
import TestSupport

/// Which file the code at an address comes from: the check made after `dlopen`, before the entry point runs.
@Suite("MappedFile")
struct MappedFileTests {
    @Test("an address inside a mapping gives that mapping's device and inode; outside, nothing")
    func parsesMaps() throws {
        let maps = """
            7f0000000000-7f0000001000 r--p 00000000 08:01 1234 /lib/libA.so
            7f0000001000-7f0000003000 r-xp 00001000 fd:02 98765 /opt/libB.so
            7f0000003000-7f0000004000 rw-p 00000000 00:00 0
            """
        let inside = try #require(UnsafeRawPointer(bitPattern: 0x7f0000002000))
        let found = MappedFile.identity(at: inside, maps: maps)
        #expect(found?.inode == 98765)
        #expect(found?.device == MappedFile.makeDevice(major: 0xfd, minor: 0x02))
        #expect(MappedFile.identity(at: try #require(UnsafeRawPointer(bitPattern: 0x7f0000003800)), maps: maps) == nil)
        #expect(MappedFile.identity(at: try #require(UnsafeRawPointer(bitPattern: 0x10)), maps: maps) == nil)
    }

    @Test("the device number is put together as glibc's makedev does, so it equals what stat reports")
    func deviceOfTheSDK() throws {
        let path = BuildProducts.library("SceneSDK")
        var info = stat()
        #expect(stat(path, &info) == 0)
        // The SDK library this test process runs with is mapped from that file.
        let sdk = try #require(dlopen(path, RTLD_NOW | RTLD_NOLOAD))
        defer { dlclose(sdk) }
        let symbol = try #require(dlsym(sdk, "$s8SceneSDK6ScreenVMa"))
        let found = try #require(MappedFile.identity(at: UnsafeRawPointer(symbol)))
        #expect(found.inode == UInt64(info.st_ino))
        #expect(found.device == UInt64(info.st_dev))
    }
}
