import Foundation
import Testing
@testable import SceneHostFileTrust
import TestSupport

/// Folder trust memoized per run (issue 11, warm start): a folder is examined once, but only a
/// folder found trusted with no link on the way is remembered, and files are examined every time.
@Suite("TrustedFolders: folder trust once per run")
struct TrustedFoldersTests {
    @Test("a trusted folder is remembered, and a later walk still examines the file in it")
    func rememberedButFileChecked() throws {
        let folder = try TemporaryFolder()
        let plugins = try folder.makeFolder("plugins", mode: 0o755)
        let good = try folder.write("x", to: "plugins/libGood.so")
        let open = try folder.write("x", to: "plugins/libOpen.so")
        chmod(good, 0o644)
        chmod(open, 0o646)
        let memo = TrustedFolders()
        let trust = FileTrust(trustedFolders: memo)
        guard case .trusted = trust.walk(good) else {
            Issue.record("expected \(good) to be trusted")
            return
        }
        #expect(memo.contains(plugins))
        #expect(
            trust.problem(forFileAt: open)
                == FileTrust.Problem(
                    path: open, reason: "writable by every user", fix: "chmod o-w \(open)", command: "chmod o-w"))
        guard case .trusted(let realPath) = trust.walk(good) else {
            Issue.record("expected \(good) to stay trusted")
            return
        }
        #expect(realPath == good)
    }

    @Test("a folder with a problem, or one reached through a link, is not remembered")
    func notRemembered() throws {
        let folder = try TemporaryFolder()
        let shared = try folder.makeFolder("shared", mode: 0o775)
        let file = try folder.write("x", to: "shared/lib.so")
        chmod(file, 0o644)
        let real = try folder.makeFolder("real", mode: 0o755)
        let inner = try folder.makeFolder("real/inner", mode: 0o755)
        let linked = try folder.write("x", to: "real/inner/lib.so")
        chmod(linked, 0o644)
        symlink(real, folder.path("link"))
        let memo = TrustedFolders()
        let trust = FileTrust(trustedFolders: memo)
        #expect(trust.problem(forFileAt: file)?.path == shared)
        #expect(!memo.contains(shared))
        #expect(trust.problem(forFileAt: file)?.path == shared)
        guard case .trusted = trust.walk(folder.path("link/inner/lib.so")) else {
            Issue.record("expected the linked file to be trusted")
            return
        }
        #expect(!memo.contains(inner))
        #expect(!memo.contains(folder.path("link/inner")))
    }

    @Test(
        "in a remembered folder a walk finds what a full walk finds: a file, a shared file, a link, a folder, a missing file"
    )
    func sameAsFullWalk() throws {
        let folder = try TemporaryFolder()
        try folder.makeFolder("plugins", mode: 0o755)
        let good = try folder.write("x", to: "plugins/libGood.so")
        let open = try folder.write("x", to: "plugins/libOpen.so")
        chmod(good, 0o644)
        chmod(open, 0o664)
        symlink(good, folder.path("plugins/libLink.so"))
        let inner = try folder.makeFolder("plugins/inner.so", mode: 0o755)
        let memo = TrustedFolders()
        let trust = FileTrust(trustedFolders: memo)
        _ = trust.walk(good)
        let paths = [
            good, open, folder.path("plugins/libLink.so"), inner, folder.path("plugins/missing.so"),
            folder.path("plugins/./libGood.so"), folder.path("plugins/inner.so/../libGood.so"),
            folder.path("plugins") + "//libGood.so",
        ]
        for path in paths {
            #expect(trust.walk(path) == FileTrust().walk(path), "\(path)")
        }
    }
}
