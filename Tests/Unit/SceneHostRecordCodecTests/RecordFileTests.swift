import Testing
@testable import SceneHostRecordCodec

/// A record kind that is a file of its own (the children's start files): what is written reads back,
/// and anything else, however close, reads as nothing.
@Suite("Record file")
struct RecordFileTests {
    struct Note: RecordFile, Equatable {
        static let format = RecordFormat(.line("scene-host test note"), version: 2)
        var words: [String]
        var count: Int

        func encode(into writer: inout RecordWriter) {
            writer.stringList(words)
            writer.unsigned(UInt64(count))
        }

        init(words: [String], count: Int) {
            self.words = words
            self.count = count
        }

        init(from reader: inout RecordReader) throws {
            self.init(words: try reader.stringList(), count: try reader.integer())
        }
    }

    @Test("a file round-trips; another version, another kind, a cut and an extra byte read as nothing")
    func roundTripAndRefusals() {
        let note = Note(words: ["a", "b\u{1B}", "a"], count: 3)
        let file = note.encoded()
        #expect(file.starts(with: Array("scene-host test note 2\n".utf8)))
        #expect(Note.decode(file) == note)
        #expect(Note.decode(Array("scene-host test note 1\n".utf8) + file.dropFirst(Note.format.head.count)) == nil)
        #expect(Note.decode(Array("scene-host probe start 2\n".utf8) + file.dropFirst(Note.format.head.count)) == nil)
        #expect(Note.decode(Array(file.dropLast())) == nil)
        #expect(Note.decode(file + [0]) == nil)
        #expect(Note.decode([]) == nil)
    }
}
