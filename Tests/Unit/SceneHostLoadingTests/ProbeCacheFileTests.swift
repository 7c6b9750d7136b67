import Foundation
import Testing
@testable import SceneHostLoading
import TestSupport

/// The probe cache file on disk in its compact format: an entry answers only for the file
/// identity it was recorded for, and what one run records the next reads back.
@Suite("Probe cache file")
@MainActor
struct ProbeCacheFileTests {
    static let recorded = StatIdentity(device: 1, inode: 2, size: 3, modified: 4, changed: 5)

    @Test("an entry answers for its own stat identity and content only, in a later run too")
    func otherIdentity() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("probes.json")
        let fingerprint = FileFingerprint(path: "/p/libA.so", size: 3, modified: 4, sha256: "aa")
        let verdict = ProbeVerdict.failed(.refused(message: "plugin 'A' refused"))
        ProbeCache(path: path).record(verdict, for: fingerprint, stat: Self.recorded)
        let later = ProbeCache(path: path)
        #expect(later.entry(path: "/p/libA.so", stat: Self.recorded)?.verdict == verdict)
        #expect(later.verdict(for: fingerprint) == verdict)
        for other in [
            StatIdentity(device: 1, inode: 9, size: 3, modified: 4, changed: 5),
            StatIdentity(device: 1, inode: 2, size: 3, modified: 4, changed: 6),
        ] {
            #expect(later.entry(path: "/p/libA.so", stat: other) == nil)
        }
        #expect(later.entry(path: "/p/libB.so", stat: Self.recorded) == nil)
        #expect(later.verdict(for: FileFingerprint(path: "/p/libA.so", size: 3, modified: 4, sha256: "bb")) == nil)
    }

    @Test("an entry recorded by another host identity is not an answer")
    func otherHost() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("probes.json")
        let fingerprint = FileFingerprint(path: "/p/libA.so", size: 3, modified: 4, sha256: "aa")
        ProbeCache(path: path, host: "older host").record(
            .failed(.refused(message: "no")), for: fingerprint, stat: Self.recorded)
        #expect(ProbeCache(path: path).entry(path: "/p/libA.so", stat: Self.recorded) == nil)
        #expect(ProbeCache(path: path, host: "older host").entry(path: "/p/libA.so", stat: Self.recorded) != nil)
    }

    @Test("a file larger than the limit is not read, and is replaced at the next write")
    func oversized() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("probes.json")
        let fingerprint = FileFingerprint(path: "/p/libA.so", size: 3, modified: 4, sha256: "aa")
        ProbeCache(path: path).record(.failed(.refused(message: "no")), for: fingerprint, stat: Self.recorded)
        #expect(truncate(path, off_t(ProbeCache.maximumSize + 1)) == 0)
        let later = ProbeCache(path: path)
        #expect(later.entry(path: "/p/libA.so", stat: Self.recorded) == nil)
        later.record(.failed(.refused(message: "again")), for: fingerprint, stat: Self.recorded)
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_size < 1000)
    }
}
