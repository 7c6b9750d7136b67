import Foundation
import Testing
@testable import SceneHostLoading
import SceneHostCore
import TestSupport

/// A file's `stat` identity vouches for its bytes only when its last change is older than the
/// coarsest time stamp: a "racy" identity is never recorded, so the next start hashes the file.
@Suite("Stat identity")
struct StatIdentityTests {
    static func identity(changed: Int64) -> StatIdentity {
        StatIdentity(device: 1, inode: 2, size: 3, modified: changed, changed: changed)
    }

    @Test("an identity changed within the margin before it was read does not vouch for the content; an older one does")
    func racy() {
        let readAt: Int64 = 1_800_000_000_000_000_000
        let margin = StatIdentity.racyMarginNanoseconds
        #expect(!Self.identity(changed: readAt).vouchesForContent(readAt: readAt))
        #expect(!Self.identity(changed: readAt - margin).vouchesForContent(readAt: readAt))
        #expect(
            !Self.identity(changed: readAt + 1_000).vouchesForContent(readAt: readAt),
            "a change stamped after the read (a clock ahead)")
        #expect(Self.identity(changed: readAt - margin - 1).vouchesForContent(readAt: readAt))
        #expect(Self.identity(changed: readAt - 3_600_000_000_000).vouchesForContent(readAt: readAt))
    }

    @Test("a plugin file written just now is opened with an identity no cache may record")
    func freshFile() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("not a library", to: "libFresh.so")
        let file = try PluginFile.open(
            PluginReference(name: "Fresh", path: path, location: SourceLocation(file: "s.conf", line: 1, column: 1)),
            trust: nil)
        #expect(file.recordableIdentity == nil)
        #expect(file.identityReadAt >= file.identity.changed)
        #expect(file.identity.vouchesForContent(readAt: file.identityReadAt + StatIdentity.racyMarginNanoseconds + 1))
    }
}
