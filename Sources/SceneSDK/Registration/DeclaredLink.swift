/// A scene's deep link as declared at registration (`SceneDefinition.link`), as the host sees it.
///
/// The host reads the template and the parameters' schema from the probe's record, matches paths
/// against the template and converts each placeholder's text to its field's type; the function
/// that builds the scene's input from the parameters runs where the scene runs.
@_spi(SceneHost)
public struct DeclaredLink: Codable, Equatable, Sendable {
    /// The path template: literal words and `{name}` placeholders separated by `/`, e.g. `orders/{id}`.
    public let template: String
    /// The parameters' type: one field per placeholder, each `Int`, `String`, `Bool` or `Double`.
    public let parameters: ContractInfo
    /// The type the link's function builds: the scene's input.
    public let input: ContractInfo

    public init(template: String, parameters: ContractInfo, input: ContractInfo) {
        self.template = template
        self.parameters = parameters
        self.input = input
    }
}

/// A scene's declared link and its typed function, which builds the scene's input from the
/// parameters the host converted from the path.
@MainActor @usableFromInline
struct LinkDeclaration {
    let template: String
    let parameters: ContractInfo
    let input: ContractInfo
    /// Decodes the parameters and runs the link's function with the scene's services: the scene's
    /// input, or the function's error (a `LinkRefusal` when it refuses the link).
    let makeInput: @MainActor (PayloadValue, any ServiceResolving) throws -> any Encodable

    @usableFromInline
    init<Parameters: Decodable, Input: Codable>(scene: String, template: String, parameters: Parameters.Type, input: Input.Type,
                                                 build: @escaping @MainActor (Parameters, any ServiceResolving) throws -> Input) {
        let parametersInfo = ContractInfo(typeName: _typeName(Parameters.self, qualified: false), schema: .of(Parameters.self))
        self.template = template
        self.parameters = parametersInfo
        self.input = ContractInfo(Input.self)
        makeInput = { value, services in
            let mismatches = parametersInfo.schema.mismatches(for: value)
            guard mismatches.isEmpty else {
                throw SceneError.contractMismatch(scene: scene, contract: .input, type: parametersInfo.typeName, mismatches: mismatches)
            }
            let parameters: Parameters
            do {
                parameters = try PayloadDecoder().decode(Parameters.self, from: value)
            } catch let error as DecodingError {
                throw SceneError.contractMismatch(scene: scene, contract: .input, type: parametersInfo.typeName, mismatches: [error.fieldMismatch])
            }
            return try build(parameters, services)
        }
    }

    /// The link as the host sees it.
    var declared: DeclaredLink { DeclaredLink(template: template, parameters: parameters, input: input) }
}
