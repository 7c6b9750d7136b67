import Foundation
import Testing
@testable import SceneHostFileTrust
import TestSupport

/// The trust walk goes on past the first problem, so one message can name every path to fix.
@Suite("FileTrust: every problem on the path")
struct FileTrustTests {
    @Test(
        "two open folders and an open file: three problems in walk order, each with a fix that covers both write bits")
    func collectsEveryProblem() throws {
        let folder = try TemporaryFolder()
        let outer = try folder.makeFolder("a", mode: 0o777)
        let inner = try folder.makeFolder("a/b", mode: 0o775)
        let file = try folder.write("x", to: "a/b/lib.so")
        chmod(file, 0o602)
        var info = stat()
        stat(inner, &info)
        guard case .untrusted(let problems) = FileTrust().walk(file) else {
            Issue.record("expected the walk to refuse \(file)")
            return
        }
        #expect(
            problems == [
                FileTrust.Problem(
                    path: outer, reason: "writable by every user", fix: "chmod go-w \(outer)", command: "chmod go-w"),
                FileTrust.Problem(
                    path: inner, reason: "writable by its group (group \(info.st_gid))", fix: "chmod g-w \(inner)",
                    command: "chmod g-w"),
                FileTrust.Problem(
                    path: file, reason: "writable by every user", fix: "chmod o-w \(file)", command: "chmod o-w"),
            ])
        #expect(FileTrust.combinedFix(problems) == "chmod go-w \(outer) && chmod g-w \(inner) && chmod o-w \(file)")
        #expect(FileTrust().problem(forFileAt: file)?.path == outer)
    }

    @Test("a folder met twice through a link is named once; a missing file after a problem still reports the problem")
    func onceAndUnresolvable() throws {
        let folder = try TemporaryFolder()
        let open = try folder.makeFolder("open", mode: 0o757)
        symlink(open, folder.path("again"))
        let file = try folder.write("x", to: "open/lib.so")
        chmod(file, 0o644)
        guard case .untrusted(let problems) = FileTrust().walk(folder.path("again") + "/../open/lib.so") else {
            Issue.record("expected a refusal")
            return
        }
        #expect(problems.map(\.path) == [open])
        guard case .untrusted(let missing) = FileTrust().walk(open + "/missing.so") else {
            Issue.record("expected the open folder's problem, not 'does not exist'")
            return
        }
        #expect(missing.map(\.path) == [open])
    }

    @Test("fixes that are not commands follow after a semicolon, once each")
    func combinedFixOrder() {
        let problems = [
            FileTrust.Problem(
                path: "/l", reason: "a symbolic link owned by user 5",
                fix: "replace the link with one of your own, or point 'path' at the real file"),
            FileTrust.Problem(path: "/a", reason: "owned by user 5", fix: "chown 7 /a", command: "chown 7"),
            FileTrust.Problem(path: "/a", reason: "writable by every user", fix: "chmod o-w /a", command: "chmod o-w"),
            FileTrust.Problem(path: "/a/b", reason: "owned by user 5", fix: "chown 7 /a/b", command: "chown 7"),
        ]
        #expect(
            FileTrust.combinedFix(problems)
                == "chown 7 /a /a/b && chmod o-w /a; replace the link with one of your own, or point 'path' at the real file"
        )
    }

    @Test("a link to a device (/dev/zero, /proc/self/fd/0) is said to be a device, not an open folder")
    func devices() throws {
        let folder = try TemporaryFolder()
        chmod(folder.url.path, 0o755)
        for target in ["/dev/zero", "/dev/null"] {
            let link = folder.path("lib\(target.split(separator: "/").last ?? "x").so")
            symlink(target, link)
            #expect(
                FileTrust().walk(link) == .unresolvable(reason: "\(target) is a character device, not a regular file"),
                "\(target)")
        }
        let pipe = folder.path("fifo.so")
        mkfifo(pipe, 0o644)
        #expect(FileTrust().walk(pipe) == .unresolvable(reason: "\(pipe) is a named pipe, not a regular file"))
    }
}
