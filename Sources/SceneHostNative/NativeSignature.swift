/// The C signature of a native function, parsed from text such as `double(int64, double, string)`.
///
/// Grammar (spaces allowed between tokens): `signature = type "(" [parameter {"," parameter}] ")"`,
/// `parameter = type | "callback" "(" signature ")"`, where a callback's own parameters are plain
/// types. `void` is only a return type; `()` takes no arguments. See `NativeSignatureParser`.
package struct NativeSignature: Equatable, Sendable, CustomStringConvertible {
    /// One parameter: a value of a C type, or a function pointer the host makes from a Swift closure.
    // Not `indirect`: the array of a callback's signature already holds its parameters apart, and
    // an indirect case is a heap box for every parameter made.
    package enum Parameter: Equatable, Sendable, CustomStringConvertible {
        case value(NativeType)
        case callback(NativeSignature)

        package var description: String {
            switch self {
            case .value(let type): return type.rawValue
            case .callback(let signature): return "callback(\(signature))"
            }
        }
    }

    package let returns: NativeType
    package let parameters: [Parameter]

    package init(returns: NativeType, parameters: [Parameter]) {
        self.returns = returns
        self.parameters = parameters
    }

    /// Parses `text`; throws `NativeError.signatureSyntax` with the column of the problem.
    ///
    /// The common case (ASCII, no callback) is read by `NativeSignatureScanner`; everything else,
    /// mistakes included, by `NativeSignatureParser`.
    package init(parsing text: String) throws(NativeError) {
        if let signature = NativeSignatureScanner.scan(text) {
            self = signature
            return
        }
        var parser = NativeSignatureParser(text)
        self = try parser.parse()
    }

    /// The canonical text: no spaces but one after each comma.
    package var description: String {
        "\(returns.rawValue)(\(parameters.map(\.description).joined(separator: ", ")))"
    }
}
