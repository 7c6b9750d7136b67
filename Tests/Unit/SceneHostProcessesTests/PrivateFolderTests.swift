#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import SceneHostProcesses
import TestSupport

/// A sandboxed child's private folder: made 0700 in TMPDIR, handed as the child's TMPDIR, and
/// removed whole by its parent, links removed and never followed.
@Suite("Private folder of a sandboxed child")
struct PrivateFolderTests {
    @Test("made 0700 in TMPDIR, handed as TMPDIR and SCENE_HOST_PRIVATE_FOLDER")
    func madeAndHanded() throws {
        let parent = try TemporaryFolder()
        let folder = try PrivateFolder.make(environment: ["TMPDIR": parent.url.path])
        defer { folder.remove() }
        #expect(folder.path.hasPrefix(parent.url.path + "/scene-host-child-"))
        var info = stat()
        #expect(stat(folder.path, &info) == 0 && info.st_mode & 0o777 == 0o700 && info.st_uid == geteuid())
        let environment = folder.handing(to: ["TMPDIR": "/elsewhere", "HOME": "/home/x"])
        #expect(environment["TMPDIR"] == folder.path && environment["HOME"] == "/home/x")
        #expect(PrivateFolder.handed(environment) == folder.path)
        #expect(PrivateFolder.handed(["SCENE_HOST_PRIVATE_FOLDER": "relative"]) == nil)
    }

    @Test("a TMPDIR that is not a folder is said, with what to do")
    func unusableParent() throws {
        let parent = try TemporaryFolder()
        let file = try parent.write("", to: "file")
        #expect(throws: ProbeSpawn.Failure.self) { try PrivateFolder.make(environment: ["TMPDIR": file]) }
        do {
            _ = try PrivateFolder.make(environment: ["TMPDIR": file])
        } catch {
            #expect(error.reason == "cannot create its private folder in \(file): Not a directory; set TMPDIR to a folder you can write")
        }
    }

    @Test("removed whole: nested folders and files go, a link is removed and its target left alone")
    func removedWithoutFollowingLinks() throws {
        let parent = try TemporaryFolder()
        let outside = try parent.write("keep me", to: "outside.txt")
        let outsideFolder = try parent.makeFolder("outside-folder")
        _ = try parent.write("keep me too", to: "outside-folder/inner.txt")
        let folder = try PrivateFolder.make(environment: ["TMPDIR": parent.url.path])
        try FileManager.default.createDirectory(atPath: folder.path + "/a/b/c", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: folder.path + "/a/b/c/file", contents: Data("x".utf8)))
        #expect(symlink(outside, folder.path + "/a/link") == 0)
        #expect(symlink(outsideFolder, folder.path + "/a/b/folder-link") == 0)
        folder.remove()
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        #expect((try? String(contentsOfFile: outside, encoding: .utf8)) == "keep me")
        #expect(FileManager.default.fileExists(atPath: outsideFolder + "/inner.txt"))
    }
}
