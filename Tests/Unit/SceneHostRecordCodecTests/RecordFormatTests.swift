import Testing
@testable import SceneHostRecordCodec

/// The header every file and stored row of the record format starts with: its kind, then its
/// version; a reader tells another kind, a damaged header and another version apart.
@Suite("Record format header")
struct RecordFormatTests {
    @Test("a text-line header names the kind and version; only this version's body is given")
    func line() {
        let format = RecordFormat(.line("scene-host probe cache"), version: 8)
        #expect(format.head == Array("scene-host probe cache 8\n".utf8))
        let file = format.head + [1, 2, 3]
        #expect(format.open(file) == .version(8, body: format.head.count))
        #expect(format.body(of: file) == format.head.count)
        let older = Array("scene-host probe cache 7\n".utf8) + [1]
        #expect(format.open(older) == .version(7, body: 25))
        #expect(format.body(of: older) == nil, "another version is no file of this build")
        #expect(format.open(Array("scene-host start-up cache 3\n".utf8)) == .foreign)
        #expect(format.open(Array("{\"json\":1}".utf8)) == .foreign)
        #expect(format.open([]) == .foreign)
        for damaged in [
            "scene-host probe cache \n", "scene-host probe cache 8", "scene-host probe cache x8\n",
            "scene-host probe cache 99999999999999999999\n",
        ] {
            #expect(format.open(Array(damaged.utf8)) == .damaged, "\(damaged)")
        }
    }

    @Test("a magic header is the magic, then the version in LEB128")
    func magic() {
        let format = RecordFormat(.magic(Array("SHSB".utf8)), version: 300)
        #expect(format.head == Array("SHSB".utf8) + [0xac, 0x02])
        #expect(format.open(format.head + [9]) == .version(300, body: 6))
        #expect(format.open(Array("SHSB".utf8) + [2]) == .version(2, body: 5))
        #expect(format.body(of: Array("SHSB".utf8) + [2]) == nil)
        #expect(format.open(Array("SHSB".utf8)) == .foreign, "nothing after the magic: not even a version")
        #expect(format.open(Array("SHSB".utf8) + [0x80]) == .damaged)
        #expect(format.open(Array("SHSX".utf8) + [1]) == .foreign)
    }
}
