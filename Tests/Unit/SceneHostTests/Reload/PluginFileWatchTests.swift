import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import SceneHost
import TestSupport
@testable import SceneHostCore

/// The watch behind `--watch`: a file replaced or rewritten in its folder counts once it differs
/// from the build last taken; other files of the folder, and a file written back unchanged, do not.
@Suite("PluginFileWatch")
struct PluginFileWatchTests {
    private func replace(_ path: String, with text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path + ".new"))
        #expect(rename(path + ".new", path) == 0)
    }

    @Test("a plugin file renamed over is an event and a change; accepting it ends the change")
    func replacedFile() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("first build", to: "libA.so")
        let watch = try PluginFileWatch(plugins: [.init(name: "A", path: path)])
        #expect(!watch.drain())
        try replace(path, with: "second build")
        watch.waitUntilQuiet(.milliseconds(50))
        #expect(watch.changed() == [.init(name: "A", path: path)])
        watch.accept()
        #expect(watch.changed().isEmpty)
    }

    @Test("another file of the folder wakes nothing and changes nothing")
    func otherFile() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("build", to: "libA.so")
        let watch = try PluginFileWatch(plugins: [.init(name: "A", path: path)])
        _ = try folder.write("object", to: "A.o")
        var entry = pollfd(fd: watch.descriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&entry, 1, 1000) == 1)
        #expect(!watch.drain())
        #expect(watch.changed().isEmpty)
    }

    @Test("a file rewritten in place is a change; only the plugins whose file changed are named, in the config's order")
    func rewrittenInPlace() throws {
        let folder = try TemporaryFolder()
        let first = try folder.write("a", to: "libA.so")
        let second = try folder.write("b", to: "libB.so")
        let watch = try PluginFileWatch(plugins: [.init(name: "A", path: first), .init(name: "B", path: second)])
        try Data("b, longer".utf8).write(to: URL(fileURLWithPath: second))
        var entry = pollfd(fd: watch.descriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&entry, 1, 1000) == 1)
        #expect(watch.drain())
        #expect(watch.changed().map(\.name) == ["B"])
    }

    @Test("a plugin path that is a symbolic link is watched in its target's folder too")
    func symbolicLink() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("out"), withIntermediateDirectories: true)
        let target = try folder.write("first", to: "out/libA.so")
        let link = folder.path("libA.so")
        #expect(symlink(target, link) == 0)
        let watch = try PluginFileWatch(plugins: [.init(name: "A", path: link)])
        try replace(target, with: "second, rebuilt")
        var entry = pollfd(fd: watch.descriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&entry, 1, 1000) == 1)
        #expect(watch.drain())
        #expect(watch.changed().map(\.name) == ["A"])
    }

    @Test("a folder that does not exist is refused at start, named, with what to do")
    func missingFolder() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("gone/libA.so")
        #expect(throws: ReloadError.cannotWatch(path: folder.path("gone"), reason: "No such file or directory")) {
            try PluginFileWatch(plugins: [.init(name: "A", path: path)])
        }
        #expect(
            ReloadError.cannotWatch(path: "/x", reason: "No such file or directory").message
                == "error: --watch cannot watch '/x' for new builds: No such file or directory. Check that the folder exists and can be read; on 'No space left on device' raise fs.inotify.max_user_watches (sysctl), or run without --watch."
        )
        #expect(ReloadError.cannotWatch(path: "/x", reason: "r").exitStatus == .configError)
    }
}
