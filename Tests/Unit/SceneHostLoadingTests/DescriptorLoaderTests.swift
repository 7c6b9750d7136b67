import Foundation
import Testing
@testable import SceneHostLoading
import TestSupport

/// The load folder a child reuses inside its private folder for every plugin it opens: made 0700,
/// emptied before each use, and not used at all when it is not this user's own private folder.
@Suite("Descriptor loader's reused folder")
struct DescriptorLoaderTests {
    @Test("the load folder is made 0700 on first use, and found again empty")
    func reused() throws {
        let folder = try TemporaryFolder()
        let first = try #require(DescriptorLoader.reusableFolder(in: folder.url.path))
        #expect(first == folder.url.path + "/" + DescriptorLoader.reusedFolderName)
        var info = stat()
        #expect(lstat(first, &info) == 0 && info.st_mode & 0o777 == 0o700)
        #expect(symlink("/etc/passwd", first + "/libLeftOver.so") == 0)
        #expect(mkdir(first + "/planted", 0o700) == 0)
        #expect(symlink("/etc/passwd", first + "/planted/libDeeper.so") == 0)
        let second = try #require(DescriptorLoader.reusableFolder(in: folder.url.path))
        #expect(second == first)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: second).isEmpty, "what an earlier open left is removed")
        #expect(FileManager.default.fileExists(atPath: "/etc/passwd"), "a link is removed, never what it points to")
    }

    @Test("a link, a file or an open folder in the load folder's place is not used")
    func replaced() throws {
        let folder = try TemporaryFolder()
        let place = folder.url.path + "/" + DescriptorLoader.reusedFolderName
        let elsewhere = try TemporaryFolder()
        #expect(symlink(elsewhere.url.path, place) == 0)
        #expect(DescriptorLoader.reusableFolder(in: folder.url.path) == nil)
        #expect(unlink(place) == 0)
        try folder.write("a file", to: DescriptorLoader.reusedFolderName)
        #expect(DescriptorLoader.reusableFolder(in: folder.url.path) == nil)
        #expect(unlink(place) == 0)
        #expect(mkdir(place, 0o755) == 0)
        chmod(place, 0o755)
        #expect(DescriptorLoader.reusableFolder(in: folder.url.path) == nil)
    }
}
