#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import SceneHostProcesses

/// Landlock's part that can be tested in this process (restricting it would restrict the test
/// runner: `SandboxTests` restricts real workers and tries to break out).
@Suite("Landlock")
struct LandlockTests {
    @Test("the folders of mapped files include the Swift runtime's and the C library's, never a file's own path")
    func mappedFolders() throws {
        let folders = Landlock.mappedFolders()
        // The Swift runtime this test runs on is mapped from one of them, wherever the toolchain is.
        #expect(folders.contains { FileManager.default.fileExists(atPath: $0 + "/libswiftCore.so") }, "\(folders)")
        #expect(folders.contains { FileManager.default.fileExists(atPath: $0 + "/libc.so.6") }, "\(folders)")
        #expect(!folders.contains { $0.hasSuffix(".so") || $0.isEmpty })
    }

    @Test("the rights are the kernel's bits: read is file and folder reading, write is writing and truncating")
    func rights() {
        #expect(Landlock.Access.read.rawValue == 1 << 2 | 1 << 3)
        #expect(Landlock.Access.execute.rawValue == 1)
        #expect(Landlock.Access.write.rawValue == 1 << 1 | 1 << 14)
        #expect(!Landlock.Access.createFiles.contains(.write) && !Landlock.Access.createLinks.contains(.createFiles))
    }

    @Test("this machine's kernel offers Landlock (kernel 6.18, ABI 7): the sandbox's file layer is tested, not skipped")
    func offered() {
        // Where it is not offered the host says so at start; CI's machine offers it.
        #expect(Landlock.abi >= 1, "no Landlock in this kernel: docs/security.md, 'The sandbox around plugin code'")
    }

    @Test("rules naming one path become one rule allowing what each allowed, in the order paths first came")
    func mergedRules() {
        let rules = [
            Landlock.Rule("/plugins", [.read, .execute]), Landlock.Rule("/data", .read),
            Landlock.Rule("/plugins", [.read, .execute]), Landlock.Rule("/data", [.write, .createFiles]),
            Landlock.Rule("/dev/null", [.read, .write]),
        ]
        #expect(
            Landlock.merged(rules) == [
                Landlock.Rule("/plugins", [.read, .execute]), Landlock.Rule("/data", [.read, .write, .createFiles]),
                Landlock.Rule("/dev/null", [.read, .write]),
            ])
        #expect(Landlock.merged([]) == [])
    }
}
