/// The documented exit codes of `scene-host` (docs/cli.md, "Exit codes").
package enum ExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    /// A script ran to its end but one or more of its commands failed (each shown where it happened).
    case commandsFailed = 1
    case configError = 2
    case pluginError = 3
    case sceneGraphError = 4
    case scriptError = 5
    /// `scene-host new scene` could not write the package's files (what it began is removed).
    case scaffoldError = 6
    /// `scene-host serve` could not listen (address in use, not allowed); requests never exit.
    case serveError = 7
    /// `scene-host call`: the native function crashed or hung in its scene worker.
    case pluginFault = 8
    /// A deep link (`run --open`) that is malformed, matches no declared link, has a parameter of the
    /// wrong type, or whose scene could not be opened (nothing was shown); or whose link's code
    /// faulted in its scene worker (the run went on at the initial scene, and ends with this code).
    case linkError = 9
    /// The command line itself is wrong (ArgumentParser's own usage errors exit 64 too).
    case usage = 64
}
