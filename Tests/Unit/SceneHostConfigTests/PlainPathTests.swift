import Testing
@testable import SceneHostFileTrust
@testable import SceneHostConfig

@Suite("PlainPath")
struct PlainPathTests {
    @Test(
        "only an absolute path without empty, '.' or '..' parts and no trailing '/' is plain; it splits at its last '/'",
        arguments: [
            ("/a/b.so", "/a"), ("/a/b/c.so", "/a/b"), ("/b.so", ""), ("a/b.so", nil), ("/a//b.so", nil),
            ("/a/./b.so", nil),
            ("/a/../b.so", nil), ("/a/b/", nil), ("/a/.", nil), ("/..", nil), ("/a/.b.so", "/a"),
            ("/a/..b/c", "/a/..b"),
            ("/a/b.", "/a"), ("/é/ü.so", "/é"), ("/", nil), ("", nil),
        ] as [(String, String?)])
    func plain(path: String, folder: String?) {
        #expect(PlainPath.lastSlash(of: path).map { String(path[..<$0]) } == folder)
    }

    @Test("a plain path is its own normal form", arguments: ["/a/b.so", "/b.so", "/a/.b/c", "/é/ü.so"])
    func normalForm(path: String) {
        #expect(PlainPath.lastSlash(of: path) != nil)
        #expect(ConfigPath.normalized(path) == path)
    }
}
