#if canImport(Glibc)
import Glibc
#endif

/// This process's environment, read from the C library (`environ`), for the
/// layers that run in a probe child and must not load Foundation (`ProcessInfo` is Foundation's).
package enum ProcessEnvironment {
    /// The environment as `NAME=value` pairs (`environ`); the first of a repeated name wins, as
    /// `getenv` reads it. An entry without `=` is not a variable and is skipped.
    package static var current: [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                let name = String(text[..<equals])
                if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return variables
    }

}
