#if canImport(Glibc)
import Glibc
#endif
@_spi(SceneHost) import SceneSDK
import SceneHostCore
import SceneHostNative
import SceneHostCInterface

/// A declared role, found in the library and ready to call through libffi.
@MainActor
struct CBoundRole {
    /// The interface's role, with all the parameters the host passes.
    let role: CRole
    /// `<Scene><Role>`.
    let symbol: String
    let function: NativeFunction
    /// How many of the role's parameters the declared signature takes (the first ones).
    var takes: Int { function.signature.parameters.count }
}

/// Checks a scene's declared roles against the interface and the library, then binds them.
///
/// Every role must be one of the interface's (or the route handler of a declared route), declared
/// once, with a signature that reads and takes the first parameters of the interface's for that role
/// with their exact types and its return type; its function must be exported by the library. The
/// roles a scene must have (`CRole.Requirement`) must be declared, and a role's function the library
/// exports without declaring it is refused, since the host would silently never call it.
@MainActor
enum CRoleBinding {
    static func bind(
        _ scene: CRegistration.Scene, plugin: String, handle: UnsafeMutableRawPointer, exported: Set<String>
    ) throws(CPluginProblem) -> [String: CBoundRole] {
        let expected = expectedRoles(of: scene)
        var bound: [String: CBoundRole] = [:]
        for (name, signatureText) in scene.roles {
            guard let role = expected.first(where: { $0.name == name }) else {
                throw .roleUnknown(
                    scene: scene.name, role: name, suggestion: Suggestion.closest(to: name, in: expected.map(\.name)))
            }
            let signature: NativeSignature
            do {
                signature = try NativeSignature(parsing: signatureText)
            } catch {
                guard case .signatureSyntax(_, let column, let reason) = error else {
                    throw .roleSignatureInvalid(
                        scene: scene.name, role: name, signature: signatureText, column: 1, reason: "\(error)",
                        expected: role.fullSignature)
                }
                throw .roleSignatureInvalid(
                    scene: scene.name, role: name, signature: signatureText, column: column, reason: reason,
                    expected: role.fullSignature)
            }
            if let reason = mismatch(signature, with: role) {
                throw .roleSignatureMismatch(
                    scene: scene.name, role: name, declared: signature.description, expected: role.fullSignature,
                    reason: reason)
            }
            let symbol = role.symbol(scene: scene.name)
            guard let address = dlsym(handle, symbol) else {
                let functions = exported.filter { $0.hasPrefix(scene.name) }
                throw .roleNotExported(
                    scene: scene.name, role: name, symbol: symbol,
                    suggestion: Suggestion.closest(to: symbol, in: functions.sorted())
                        ?? Suggestion.closest(to: symbol, in: exported.sorted()))
            }
            do {
                let function = try NativeFunction(
                    qualifiedName: "\(plugin).\(symbol)", signature: signature, address: address)
                bound[name] = CBoundRole(role: role, symbol: symbol, function: function)
            } catch {
                throw .roleUnusable(scene: scene.name, role: name, reason: "\(error)")
            }
        }
        for role in expected where bound[role.name] == nil {
            if let requirement = requirement(role, of: scene) {
                throw .roleMissing(
                    scene: scene.name, role: role.name, requirement: requirement, signature: role.fullSignature)
            }
            let symbol = role.symbol(scene: scene.name)
            if exported.contains(symbol) {
                throw .roleNotDeclared(scene: scene.name, symbol: symbol, signature: role.fullSignature)
            }
        }
        return bound
    }

    /// The roles `scene` may declare, with the fields of its input and accepted result.
    static func expectedRoles(of scene: CRegistration.Scene) -> [CRole] {
        CRole.catalogue.map { role in
            // The roles required with an input or an accepted result are the ones its fields follow.
            switch role.requirement {
            case .withInput: return role.withFields(fields(of: scene.input))
            case .withAcceptedResult: return role.withFields(fields(of: scene.acceptedResult))
            case .always, .withReturnedResult, .optional: return role
            }
        } + scene.routes.map { CRole.routeHandler(toward: $0.destination) }
    }

    private static func fields(of contract: ContractInfo?) -> [PayloadSchema.Field] {
        guard case .object(_, let fields)? = contract?.schema else { return [] }
        return fields
    }

    /// "with an input" when `scene` must have `role`, nil when it may leave it out.
    private static func requirement(_ role: CRole, of scene: CRegistration.Scene) -> String? {
        switch role.requirement {
        case .always: return ""
        case .withInput: return scene.input == nil ? nil : role.requirement.rawValue
        case .withAcceptedResult: return scene.acceptedResult == nil ? nil : role.requirement.rawValue
        case .withReturnedResult: return scene.returnedResult == nil ? nil : role.requirement.rawValue
        case .optional: return nil
        }
    }

    /// Why `signature` does not fit `role`, nil when it takes the first of its parameters with
    /// their types and returns its type.
    static func mismatch(_ signature: NativeSignature, with role: CRole) -> String? {
        guard signature.returns.rawValue == role.returns else {
            return "it returns \(signature.returns.rawValue), the role returns \(role.returns)"
        }
        guard signature.parameters.count <= role.parameters.count else {
            return "it takes \(signature.parameters.count) parameters, the role has \(role.parameters.count)"
        }
        for (index, (declared, parameter)) in zip(signature.parameters, role.parameters).enumerated() {
            guard case .value(let type) = declared, type.rawValue == parameter.type else {
                return "parameter \(index + 1) is \(declared), the role passes \(parameter.type) (\(parameter.name))"
            }
        }
        return nil
    }
}
