import Testing
@testable import SceneHostRecordCodec
import TestSupport

/// The byte layer under the probe cache and the worker frames, alone: what `RecordWriter` writes,
/// `RecordReader` reads back, and bytes it did not write are `Malformed`, never a trap.
@Suite("Cache codec")
struct RecordCodecTests {
    @Test("integers, signed integers and strings read back as written, strings through one table")
    func roundTrip() throws {
        var writer = RecordWriter()
        let unsigned: [UInt64] = [0, 1, 127, 128, 300, 1 << 35, .max]
        let signed: [Int64] = [0, -1, 1, -64, 64, .min, .max]
        for value in unsigned { writer.unsigned(value) }
        for value in signed { writer.signed(value) }
        for text in ["scene", "é", "", "scene"] { writer.string(text) }
        writer.optionalString(nil)
        writer.optionalString("scene")
        #expect(writer.strings == ["scene", "é", ""], "a repeated string is written once")
        let header = Array("codec\n".utf8)
        var reader = RecordReader(writer.finished(header: header), from: header.count)
        try reader.readStringTable()
        #expect(try unsigned.map { _ in try reader.unsigned() } == unsigned)
        #expect(try signed.map { _ in try reader.signed() } == signed)
        #expect(try (0..<4).map { _ in try reader.string() } == ["scene", "é", "", "scene"])
        #expect(try reader.optionalString() == nil)
        #expect(try reader.optionalString() == "scene")
        #expect(reader.isAtEnd)
    }

    @Test("recorded bytes equal the expected ones only when every byte and the length match, at any length and offset")
    func bytesEqual() throws {
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 1000] {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            var writer = RecordWriter()
            writer.unsigned(3)  // an odd offset before the bytes, so the words read are unaligned
            writer.bytes(bytes)
            writer.unsigned(9)
            let header = Array("codec\n".utf8)
            let file = writer.finished(header: header)
            func read(_ expected: [UInt8]) throws -> Bool {
                var reader = RecordReader(file, from: header.count)
                try reader.readStringTable()
                #expect(try reader.unsigned() == 3)
                let equal = try reader.bytesEqual(expected)
                #expect(try reader.unsigned() == 9, "the bytes are read past either way")
                return equal
            }
            #expect(try read(bytes), "length \(length)")
            #expect(try !read(bytes + [0]), "longer, length \(length)")
            for position in Set([0, length / 2, length - 1]) where length > 0 {
                var changed = bytes
                changed[position] ^= 0x40
                #expect(try !read(changed), "byte \(position) of \(length) changed")
            }
        }
    }

    @Test("a truncated integer, a count past the end, an index past the table or a value too large is malformed")
    func malformed() {
        var truncated = RecordReader([0x80], from: 0)
        #expect(throws: RecordReader.Malformed.self) { try truncated.unsigned() }
        var tooLong = RecordReader([UInt8](repeating: 0xff, count: 11), from: 0)
        #expect(throws: RecordReader.Malformed.self) { try tooLong.unsigned() }
        var count = RecordReader([5, 0], from: 0)
        #expect(throws: RecordReader.Malformed.self) { try count.count() }
        var index = RecordReader([1, 1, 0x61, 1], from: 0)
        #expect(throws: RecordReader.Malformed.self) {
            try index.readStringTable(); _ = try index.string()
        }
        var wide = RecordReader([0x80, 0x80, 0x80, 0x80, 0x10], from: 0)
        #expect(throws: RecordReader.Malformed.self) { try wide.uint32() }
        var tag = RecordReader([3], from: 0)
        #expect(throws: RecordReader.Malformed.self) { try tag.tag(Sample.self) }
        var flag = RecordReader([2], from: 0)
        #expect(throws: RecordReader.Malformed.self) { try flag.bool() }
        var optional = RecordReader([2, 0], from: 0)
        #expect(throws: RecordReader.Malformed.self) { try optional.optionalString() }
    }

    /// A kind's tags, as the host declares them.
    enum Sample: UInt64, RecordTag {
        case first, second, third
    }

    @Test("a tag reads back as its case; flags and string lists read back as written")
    func tagsAndFlags() throws {
        var writer = RecordWriter()
        for sample in Sample.allCases { writer.tag(sample) }
        writer.bool(true)
        writer.bool(false)
        writer.stringList(["a", "b", "a"])
        writer.stringList([])
        var reader = RecordReader(writer.finished(header: []), from: 0)
        try reader.readStringTable()
        #expect(try Sample.allCases.map { _ in try reader.tag(Sample.self) } == Sample.allCases)
        #expect(try reader.bool() && !reader.bool())
        #expect(try reader.stringList() == ["a", "b", "a"])
        #expect(try reader.stringList() == [])
        #expect(reader.isAtEnd)
    }

    @Test("nesting is refused past its limit, and counted again after each value")
    func depth() throws {
        var reader = RecordReader([], from: 0)
        for _ in 0..<3 { try reader.descend(limit: 3) }
        #expect(throws: RecordReader.Malformed.self) { try reader.descend(limit: 3) }
        reader.ascend()
        try reader.descend(limit: 3)
    }

    @Test(
        "seeded fuzzing: a real file mutated, cut or replaced by noise never traps the reader; the real file reads back",
        arguments: [1, 2, 20_261_127] as [UInt64])
    func randomBytes(seed: UInt64) throws {
        var writer = RecordWriter()
        let strings = (0..<200).map { "string \($0) " + String(repeating: "é", count: $0 % 17) }
        for string in strings { writer.string(string) }
        writer.stringList(strings.suffix(20).map { $0 })
        let real = writer.finished(header: [])
        var check = RecordReader(real, from: 0)
        try check.readStringTable()
        #expect(try strings.map { _ in try check.string() } == strings)
        var random = SplitMix(seed: seed)
        for _ in 0..<1_000 {
            var bytes = real
            switch random.next(below: 3) {
            case 0:
                for _ in 0...random.next(below: 8) {
                    bytes[random.next(below: bytes.count)] = UInt8(truncatingIfNeeded: random.next())
                }
            case 1: bytes = Array(bytes.prefix(random.next(below: bytes.count)))
            default: bytes = (0..<random.next(below: 4_096)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            }
            var reader = RecordReader(bytes, from: 0)
            _ = try? reader.readStringTable()
            var read = 0
            while !reader.isAtEnd, read < 10_000, (try? reader.string()) != nil { read += 1 }
            #expect(read < 10_000, "seed \(seed): the reader kept reading")
        }
    }
}
