extension ExitStatus {
    /// What the code means, in a few words, for `scene-host --help` (docs/cli.md's table has the detail).
    package var summary: String {
        switch self {
        case .success: "success"
        case .commandsFailed: "a script ran but some of its commands failed"
        case .configError: "config error"
        case .pluginError: "plugin error"
        case .sceneGraphError: "scene graph error"
        case .scriptError: "script file error"
        case .scaffoldError: "'new scene' could not write its files"
        case .serveError: "'serve' could not listen"
        case .pluginFault: "'call': the native function crashed or hung"
        case .linkError: "'run --open': the link is bad or its scene could not be opened"
        case .usage: "command-line usage error"
        }
    }

    /// Every code with its summary, as `--help` lists them: "0 success; 1 ...; 64 ...".
    package static var helpList: String {
        allCases.map { "\($0.rawValue) \($0.summary)" }.joined(separator: "; ")
    }
}
