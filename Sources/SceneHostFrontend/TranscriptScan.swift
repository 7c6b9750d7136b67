/// Finds what a golden transcript must not hold: text that differs between machines or runs.
///
/// The screens and on-screen errors of a run never print times, but an error can name a file by
/// its absolute path (a plugin that failed to load lazily), which differs from one checkout to the
/// next. `--record` warns about such a line, so a transcript that only passes on the machine that
/// recorded it is noticed at once.
package enum TranscriptScan {
    /// The first line (from 1) of `text` holding one of `paths` (absolute folders: the current
    /// folder, the config's, the home folder), and the path found; nil when none does.
    package static func machineSpecific(in text: String, paths: [String]) -> (line: Int, path: String)? {
        let folders = paths.filter { $0.hasPrefix("/") && $0 != "/" }.sorted { $0.count > $1.count }
        for (index, line) in TranscriptDiff.lines(of: text).enumerated() {
            if let folder = folders.first(where: { line.contains($0) }) { return (index + 1, folder) }
        }
        return nil
    }
}
