#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import SceneHostProcesses

/// The unnamed files a probe child writes its result and output to, alone.
@Suite("UnnamedFile")
struct UnnamedFileTests {
    @Test("what is written reads back, from an offset and up to a limit; the file is close-on-exec")
    func writeAndRead() throws {
        let descriptor = try #require(UnnamedFile.create("unnamed-file-test"))
        defer { close(descriptor) }
        #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0)
        #expect(UnnamedFile.contents(of: descriptor).isEmpty)
        let data = (0..<100_000).map { UInt8(truncatingIfNeeded: $0) }
        #expect(UnnamedFile.write(data, to: descriptor))
        #expect(UnnamedFile.contents(of: descriptor) == data)
        #expect(UnnamedFile.contents(of: descriptor, from: 70_000) == Array(data[70_000...]))
        #expect(UnnamedFile.contents(of: descriptor, limit: 10) == Array(data.prefix(10)))
    }
}
