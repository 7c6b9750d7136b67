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
        #expect(throws: ProcessSpawner.Failure.self) { try PrivateFolder.make(environment: ["TMPDIR": file]) }
        do {
            _ = try PrivateFolder.make(environment: ["TMPDIR": file])
        } catch {
            #expect(
                error.reason
                    == "cannot create its private folder in \(file): Not a directory; set TMPDIR to a folder you can write"
            )
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

/// What plugin code makes to outlive its worker: folders past PATH_MAX, unreadable ones, names
/// that are not UTF-8, and the folders a killed host left.
@Suite("Private folder: removal however deep, stale folders")
struct PrivateFolderRemovalTests {
    /// Nests `depth` folders of 200-byte names under `folder` through descriptors, a file at the bottom.
    private func nest(in folder: String, depth: Int) -> Int {
        var current = open(folder, O_RDONLY | O_DIRECTORY)
        let name = String(repeating: "n", count: 200)
        var made = 0
        while made < depth, mkdirat(current, name, 0o700) == 0 {
            let next = openat(current, name, O_RDONLY | O_DIRECTORY)
            close(current)
            current = next
            made += 1
        }
        let file = openat(current, "bottom", O_WRONLY | O_CREAT, 0o600)
        close(file)
        close(current)
        return made
    }

    @Test("a private folder nested far past PATH_MAX is removed whole")
    func pastPathMax() throws {
        let parent = try TemporaryFolder()
        let folder = try PrivateFolder.make(environment: ["TMPDIR": parent.url.path])
        // 100 levels of 201 bytes: a path of about 20,000 bytes, five times PATH_MAX.
        #expect(nest(in: folder.path, depth: 100) == 100)
        folder.remove()
        #expect(access(folder.path, F_OK) != 0 && errno == ENOENT)
    }

    @Test("folders made unreadable or unwritable, and names that are not UTF-8, are removed too")
    func resistantEntries() throws {
        let parent = try TemporaryFolder()
        let folder = try PrivateFolder.make(environment: ["TMPDIR": parent.url.path])
        #expect(mkdir(folder.path + "/locked", 0o700) == 0)
        #expect(mkdir(folder.path + "/locked/inner", 0o700) == 0)
        _ = open(folder.path + "/locked/inner/file", O_WRONLY | O_CREAT, 0o600)
        #expect(chmod(folder.path + "/locked/inner", 0o500) == 0)
        #expect(chmod(folder.path + "/locked", 0o000) == 0)
        // A name of bytes that are not UTF-8 (0xFF 0xFE).
        let strange: [CChar] =
            Array("\(folder.path)/".utf8CString.dropLast()) + [CChar(bitPattern: 0xFF), CChar(bitPattern: 0xFE), 0]
        let made = open(strange, O_WRONLY | O_CREAT, 0o600)
        #expect(made >= 0)
        close(made)
        folder.remove()
        #expect(access(folder.path, F_OK) != 0)
    }

    @Test("a stale folder (no process holds it, unchanged for a minute) is removed; a held or young one is kept")
    func staleFolders() throws {
        let parent = try TemporaryFolder()
        let root = parent.url.path
        // Held: made by this process, which still holds its lock.
        let held = try PrivateFolder.make(environment: ["TMPDIR": root])
        defer { held.remove() }
        // Stale: a folder of the same name pattern nobody holds, with content past PATH_MAX.
        let stale = root + "/" + PrivateFolder.namePrefix + "stale1"
        #expect(mkdir(stale, 0o700) == 0)
        #expect(nest(in: stale, depth: 30) == 30)
        // Young: nobody holds it, but it was just made (it may be a folder about to be locked).
        let young = root + "/" + PrivateFolder.namePrefix + "young1"
        #expect(mkdir(young, 0o700) == 0)
        // A link with the pattern's name, to a folder elsewhere: never followed.
        let elsewhere = try parent.makeFolder("elsewhere")
        _ = try parent.write("keep", to: "elsewhere/keep.txt")
        #expect(symlink(elsewhere, root + "/" + PrivateFolder.namePrefix + "link1") == 0)
        // Another user's (set up as root only): never taken, whoever runs the sweep.
        let others = root + "/" + PrivateFolder.namePrefix + "other1"
        #expect(mkdir(others, 0o700) == 0)
        let ownedByAnother = getuid() == 0 && chown(others, 65534, 65534) == 0
        let hourAgo = Int(time(nil)) - 3600
        for path in [held.path, stale, others] {
            var times = [timespec(tv_sec: hourAgo, tv_nsec: 0), timespec(tv_sec: hourAgo, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        }
        #expect(PrivateFolder.removeStale(in: root) == (ownedByAnother ? 1 : 2))
        #expect(access(stale, F_OK) != 0)
        #expect(access(held.path, F_OK) == 0)
        #expect(access(young, F_OK) == 0)
        #expect(access(elsewhere + "/keep.txt", F_OK) == 0)
        if ownedByAnother { #expect(access(others, F_OK) == 0, "another user's folder was removed") }
        // A minute later the young one counts as stale too.
        #expect(PrivateFolder.removeStale(in: root, now: Int(time(nil)) + PrivateFolder.staleAge + 1) == 1)
        #expect(access(young, F_OK) != 0)
        #expect(access(held.path, F_OK) == 0)
    }
}
