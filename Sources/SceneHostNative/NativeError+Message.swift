import SceneHostCore
extension NativeError: LocatedHostError {
    package var message: String { TerminalText.escaped(errorLine.unescaped) }

    /// Its clause, with no place of the config (`LocatedHostError`).
    package var errorLine: ErrorLine { ErrorLine(at: nil, clause) }

    /// A native call the user asked for with wrong arguments, an unknown function or a mismatched type: usage.
    /// What the caller gave wrong is a usage error (64); what the plugin's function or its
    /// declaration did wrong is the plugin's (3).
    package var exitStatus: ExitStatus {
        switch self {
        case .returnNotUTF8, .preparationFailed: return .pluginError
        case .signatureSyntax, .wrongArity, .wrongArgument, .argumentOutOfRange, .argumentNotEncodable,
            .argumentUnderflows,
            .argumentNotUTF8, .unknownFunction, .malformedFunctionName:
            return .usage
        }
    }

    /// The problem as a clause: the function (`PLUGIN.FUNCTION`), the parameter (from 1), expected and given.
    ///
    /// A clause, not a line, because a plugin's refusal quotes it (`PluginLoadError.pluginNativeFunctionUnusable`).
    package var clause: String {
        switch self {
        case .signatureSyntax(let signature, let column, let reason):
            return
                "the signature '\(signature)' is malformed at column \(column): \(reason). Write it as RETURN(TYPE, ...), e.g. double(int64, double, string)."
        case .wrongArity(let function, let signature, let expected, let given):
            return
                "\(function) takes \(expected) argument\(expected == 1 ? "" : "s") (\(signature)), given \(given). Pass one argument per parameter."
        case .wrongArgument(let function, let parameter, let expected, let given):
            return "\(function): parameter \(parameter) expects \(expected), given \(given)."
        case .argumentOutOfRange(let function, let parameter, let expected, let given):
            return "\(function): parameter \(parameter) expects \(expected), given \(given), which is out of its range."
        case .argumentNotEncodable(let function, let parameter, let reason):
            return "\(function): parameter \(parameter) cannot be passed as a C string: \(reason)."
        case .argumentUnderflows(let function, let parameter, let expected, let given):
            return
                "\(function): parameter \(parameter) expects \(expected), given \(given), which is not zero but too small for \(expected) and would become 0. Write 0 for zero, or a number \(expected) can hold."
        case .argumentNotUTF8(let function, let parameter, let byte):
            return
                "\(function): argument \(parameter) on the command line is not valid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true))), so it is not passed on. Write the argument in UTF-8."
        case .returnNotUTF8(let function):
            return "\(function) returned a string that is not valid UTF-8. Fix the native function to return UTF-8."
        case .preparationFailed(let function, let reason):
            return "cannot prepare a call of \(function): \(reason)."
        case .unknownFunction(let name, let known):
            let list =
                known.isEmpty
                ? "no plugin declares native functions" : "native functions: \(known.joined(separator: ", "))"
            let suggestion = Suggestion.closest(to: name, in: known).map { " Did you mean '\($0)'?" } ?? ""
            return "no native function \(name: name).\(suggestion) (\(list); 'scene-host list' shows them)"
        case .malformedFunctionName(let text):
            return
                "'\(text)' does not name a native function; write PLUGIN.FUNCTION, with the plugin's table name in the config."
        }
    }
}
