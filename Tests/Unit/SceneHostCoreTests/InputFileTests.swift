import Foundation
import Testing
@testable import SceneHostCore
import TestSupport

/// `InputFile.read`: a file is read whole (in one call when its size is known), up to the limit,
/// and input without a size (a pipe) is read on in pieces.
@Suite("InputFile")
struct InputFileTests {
    static func bytes(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) } }

    static func read(file bytes: [UInt8], limit: Int) throws -> [UInt8] {
        let folder = try TemporaryFolder()
        let path = try folder.write(bytes: bytes, to: "input")
        guard case .success(let descriptor) = InputFile.open(path) else { throw CocoaError(.fileReadUnknown) }
        defer { close(descriptor) }
        return try InputFile.read(descriptor, limit: limit).get()
    }

    @Test(
        "files of any size read back exactly; one past the limit is read up to it",
        arguments: [0, 1, 4095, 65_536, 200_001])
    func files(size: Int) throws {
        let content = Self.bytes(size)
        #expect(try Self.read(file: content, limit: 300_000) == content)
        #expect(try Self.read(file: content, limit: 1000) == Array(content.prefix(1000)))
    }

    @Test("a pipe, which has no size, is read to its end")
    func pipeInput() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let content = Self.bytes(50_000)
        let writeEnd = ends[1]
        let writer = Thread {
            content.withUnsafeBytes { buffer in
                var written = 0
                while written < buffer.count {
                    let count = write(writeEnd, buffer.baseAddress! + written, buffer.count - written)
                    guard count > 0 else { break }
                    written += count
                }
            }
            close(writeEnd)
        }
        writer.start()
        defer { close(ends[0]) }
        #expect(try InputFile.read(ends[0], limit: 100_000).get() == content)
    }
}
