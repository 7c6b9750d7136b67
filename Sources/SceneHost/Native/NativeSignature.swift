/// The C signature of a native function, parsed from text such as `double(int64, double, string)`.
///
/// Grammar (spaces allowed between tokens): `signature = type "(" [parameter {"," parameter}] ")"`,
/// `parameter = type | "callback" "(" signature ")"`, where a callback's own parameters are plain
/// types. `void` is only a return type; `()` takes no arguments. See `NativeSignatureParser`.
public struct NativeSignature: Equatable, Sendable, CustomStringConvertible {
    /// One parameter: a value of a C type, or a function pointer the host makes from a Swift closure.
    public indirect enum Parameter: Equatable, Sendable, CustomStringConvertible {
        case value(NativeType)
        case callback(NativeSignature)

        public var description: String {
            switch self {
            case .value(let type): return type.rawValue
            case .callback(let signature): return "callback(\(signature))"
            }
        }
    }

    public let returns: NativeType
    public let parameters: [Parameter]

    public init(returns: NativeType, parameters: [Parameter]) {
        self.returns = returns
        self.parameters = parameters
    }

    /// Parses `text`; throws `NativeError.signatureSyntax` with the column of the problem.
    public init(parsing text: String) throws(NativeError) {
        var parser = NativeSignatureParser(text)
        self = try parser.parse()
    }

    /// The canonical text: no spaces but one after each comma.
    public var description: String {
        "\(returns.rawValue)(\(parameters.map(\.description).joined(separator: ", ")))"
    }
}
