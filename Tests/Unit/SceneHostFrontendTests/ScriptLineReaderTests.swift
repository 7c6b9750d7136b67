import Foundation
import Testing
@testable import SceneHostCore
@testable import SceneHostFrontend
import TestSupport

@Suite("ScriptLineReader")
struct ScriptLineReaderTests {
    /// Every line of `bytes` (written to a file and read back), or the error that stopped reading.
    private func lines(_ bytes: [UInt8], lineLimit: Int = 16, sizeLimit: Int = 64) throws -> [String] {
        let folder = try TemporaryFolder()
        let path = try folder.write(bytes: bytes, to: "s.script")
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var reader = ScriptLineReader(
            descriptor: descriptor, file: "s.script", lineLimit: lineLimit, sizeLimit: sizeLimit)
        var lines: [String] = []
        while let line = try reader.nextLine() { lines.append(line) }
        return lines
    }

    @Test("lines split on LF and CRLF; a last line without a break counts; an empty input has none")
    func splits() throws {
        #expect(try lines(Array("a\r\nb\n\nc".utf8)) == ["a", "b", "", "c"])
        #expect(try lines(Array("a\n".utf8)) == ["a"])
        #expect(try lines([]) == [])
    }

    @Test("a line of exactly the limit passes, with or without CR; one byte more is refused at its line")
    func lineLimit() throws {
        let full = String(repeating: "x", count: 16)
        #expect(try lines(Array("\(full)\r\n\(full)".utf8)) == [full, full])
        #expect(throws: ScriptError.scriptLineTooLong(file: "s.script", line: 2, limit: 16)) {
            try lines(Array("ok\n\(full)x\nnext\n".utf8))
        }
    }

    @Test("a long input without a line break (NUL bytes, as /dev/zero) is refused at the documented line limit")
    func noLineBreak() throws {
        #expect(
            throws: ScriptError.scriptLineTooLong(file: "s.script", line: 1, limit: ScriptLineReader.maximumLineLength)
        ) {
            try lines(
                [UInt8](repeating: 0, count: 1 << 20), lineLimit: ScriptLineReader.maximumLineLength,
                sizeLimit: ScriptLineReader.maximumSize)
        }
    }

    @Test("input past the size limit is refused at the line where it goes over")
    func sizeLimit() throws {
        #expect(try lines(Array(String(repeating: "abc\n", count: 16).utf8)).count == 16)
        #expect(throws: ScriptError.scriptTooLarge(file: "s.script", line: 17, limit: 64)) {
            try lines(Array(String(repeating: "abc\n", count: 17).utf8))
        }
    }

    @Test("a byte that is not UTF-8 is located at line and column")
    func notUTF8() throws {
        #expect(
            throws: ScriptError.scriptInvalidEncoding(SourceLocation(file: "s.script", line: 2, column: 4), byte: 0xFF)
        ) {
            try lines(Array("ok\nfé ".utf8) + [0xFF, 0x0A])
        }
    }
}
