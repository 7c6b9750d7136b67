import Foundation
import Testing
@testable import SceneHostFrontend

@Suite("TranscriptDiff")
struct TranscriptDiffTests {
    @Test("equal texts have no diff; a missing final line break is no difference")
    func equal() {
        #expect(TranscriptDiff.unified(expected: "a\nb\n", actual: "a\nb\n") == nil)
        #expect(TranscriptDiff.unified(expected: "a\nb", actual: "a\nb\n") == nil)
        #expect(TranscriptDiff.unified(expected: "", actual: "") == nil)
    }

    @Test("one changed line in the middle: three lines of context each side, GNU hunk header")
    func oneChange() {
        let expected = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let actual = expected.replacingOccurrences(of: "line 5\n", with: "line five\n")
        #expect(
            TranscriptDiff.unified(expected: expected, actual: actual) == """
                --- expected
                +++ actual
                @@ -2,7 +2,7 @@
                 line 2
                 line 3
                 line 4
                -line 5
                +line five
                 line 6
                 line 7
                 line 8

                """)
    }

    @Test("changes far apart make two hunks; an added last line and a removed first line")
    func twoHunks() {
        let expected = (1...12).map { "l\($0)" }.joined(separator: "\n")
        let actual = (2...12).map { "l\($0)" }.joined(separator: "\n") + "\nl13"
        #expect(
            TranscriptDiff.unified(expected: expected, actual: actual) == """
                --- expected
                +++ actual
                @@ -1,4 +1,3 @@
                -l1
                 l2
                 l3
                 l4
                @@ -10,3 +9,4 @@
                 l10
                 l11
                 l12
                +l13

                """)
    }

    @Test("changes at most six lines apart share one hunk; an empty side counts from line 0")
    func mergedHunkAndEmptySide() {
        let expected = ["a", "1", "2", "3", "4", "5", "6", "b"].joined(separator: "\n")
        let actual = ["A", "1", "2", "3", "4", "5", "6", "B"].joined(separator: "\n")
        let diff = TranscriptDiff.unified(expected: expected, actual: actual) ?? ""
        #expect(diff.components(separatedBy: "@@ ").count == 2, "\(diff)")
        #expect(diff.hasPrefix("--- expected\n+++ actual\n@@ -1,8 +1,8 @@\n-a\n+A\n"), "\(diff)")
        #expect(TranscriptDiff.unified(expected: "", actual: "x\n") == "--- expected\n+++ actual\n@@ -0,0 +1 @@\n+x\n")
    }

    @Test("the edits rebuild both texts, and are as short as possible, for random texts")
    func editsRebuildBoth() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let old = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                ["a", "b", "c"].randomElement(using: &generator) ?? "a"
            }
            let new = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                ["a", "b", "c"].randomElement(using: &generator) ?? "a"
            }
            let edits = TranscriptDiff.edits(from: old, to: new)
            var rebuiltOld: [String] = [], rebuiltNew: [String] = [], changes = 0
            for edit in edits {
                switch edit {
                case .same(let line): rebuiltOld.append(line); rebuiltNew.append(line)
                case .removed(let line): rebuiltOld.append(line); changes += 1
                case .added(let line): rebuiltNew.append(line); changes += 1
                }
            }
            #expect(rebuiltOld == old && rebuiltNew == new, "\(old) -> \(new)")
            #expect(changes == old.count + new.count - 2 * Self.lcsLength(old, new), "\(old) -> \(new)")
        }
    }

    /// The longest common subsequence's length, by the textbook table: the reference for minimality.
    static func lcsLength(_ a: [String], _ b: [String]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in a.indices {
            for j in b.indices {
                table[i + 1][j + 1] = a[i] == b[j] ? table[i][j] + 1 : max(table[i][j + 1], table[i + 1][j])
            }
        }
        return table[a.count][b.count]
    }
}
