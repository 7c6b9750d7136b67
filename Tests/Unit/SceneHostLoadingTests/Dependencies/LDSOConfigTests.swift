import Testing
@testable import SceneHostLoading
import TestSupport

/// `LDSOConfig`: the folders of an ld.so.conf as ldconfig reads them (includes by glob, comments,
/// the old `folder=type` form), read whole however long the file, and never past the limit.
@Suite("ld.so.conf folders")
struct LDSOConfigTests {
    @Test("folders in order, through includes (sorted by glob), without comments, hwcap lines or repeats")
    func folders() throws {
        let folder = try TemporaryFolder()
        try folder.makeFolder("conf.d")
        _ = try folder.write("/opt/b/lib\n# /commented/out\n", to: "conf.d/20-b.conf")
        _ = try folder.write("/opt/a/lib   # trailing comment\n/usr/local/lib\n", to: "conf.d/10-a.conf")
        let main = try folder.write(
            """
            /first/lib
            include \(folder.path("conf.d"))/*.conf
            hwcap 0 nosegneg
            /old/lib=libc6, /second/lib
            relative/ignored
            /first/lib
            """, to: "ld.so.conf")
        #expect(
            LDSOConfig.folders(from: main) == [
                "/first/lib", "/opt/a/lib", "/usr/local/lib", "/opt/b/lib", "/old/lib", "/second/lib",
            ])
    }

    @Test("a file longer than one read is read whole; one past the limit is read up to it")
    func longFiles() throws {
        let folder = try TemporaryFolder()
        let lines = (0..<2000).map { "/folder/number/\($0)" }
        let long = try folder.write(lines.joined(separator: "\n") + "\n", to: "long.conf")
        #expect(LDSOConfig.folders(from: long) == lines)
        let huge = try folder.write(
            String(repeating: "#", count: LDSOConfig.maximumSize) + "\n/after/the/limit\n", to: "huge.conf")
        #expect(LDSOConfig.contents(of: huge)?.utf8.count == LDSOConfig.maximumSize)
        #expect(LDSOConfig.folders(from: huge) == [])
        #expect(LDSOConfig.contents(of: folder.path("missing.conf")) == nil)
    }

    @Test("an include of itself stops at the depth limit")
    func includeLoop() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("loop.conf")
        _ = try folder.write("/loop/lib\ninclude \(path)\n", to: "loop.conf")
        #expect(LDSOConfig.folders(from: path) == ["/loop/lib"])
    }
}
