import Foundation
import Testing
@testable import SceneHostCore
import TestSupport

/// `scene-host --help` through the real binary.
@Suite("scene-host --help (end to end)")
struct HelpTests {
    @Test("lists every exit code ExitStatus has, each with its words, 8 and 9 included")
    func exitCodes() throws {
        let result = try HostProcess.run(["--help"])
        #expect(result.status == 0)
        // The help wraps its lines: compare the words.
        let words = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for status in ExitStatus.allCases {
            #expect(
                words.contains("\(status.rawValue) \(status.summary)"), "\(status) is missing from:\n\(result.stdout)")
        }
        #expect(words.contains("8 'call': the native function crashed or hung; 9 'run --open'"))
    }
}
