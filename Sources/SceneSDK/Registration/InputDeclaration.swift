#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A scene's declared input: its type and how the DataStore takes a decoded value.
@MainActor
struct InputDeclaration<R: RouterRole> {
    let typeName: String
    let apply: @MainActor (R, ScenePayload) throws -> Void

    init<Input: Decodable>(scene: String, type: Input.Type, apply: @escaping @MainActor (inout R.DataStore?, Input) -> Void) {
        let typeName = String(describing: Input.self)
        self.typeName = typeName
        self.apply = { router, payload in
            let value = try Self.decode(Input.self, from: payload, scene: scene, typeName: typeName)
            var dataStore = router.dataStore
            apply(&dataStore, value)
            router.dataStore = dataStore
        }
    }

    private static func decode<Input: Decodable>(_ type: Input.Type, from payload: ScenePayload, scene: String, typeName: String) throws -> Input {
        do {
            return try JSONDecoder().decode(Input.self, from: payload.encoded)
        } catch let error as DecodingError {
            throw SceneError.inputMismatch(scene: scene, inputType: typeName, field: error.fieldPath, problem: error.problem)
        }
    }
}

extension DecodingError {
    /// The dotted path of the field the error is about, e.g. `order.items[2].name`.
    var fieldPath: String {
        var keys = context.codingPath
        if case .keyNotFound(let key, _) = self { keys.append(key) }
        var path = ""
        for key in keys {
            if let index = key.intValue { path += "[\(index)]" } else { path += path.isEmpty ? key.stringValue : "." + key.stringValue }
        }
        return path.isEmpty ? "(value)" : path
    }

    var problem: InputProblem {
        switch self {
        case .keyNotFound: return .missing(expected: "a value")
        case .valueNotFound(let type, _): return .missing(expected: String(describing: type))
        case .typeMismatch(let type, let context): return .typeMismatch(expected: String(describing: type), detail: context.debugDescription)
        case .dataCorrupted(let context): return .invalid(detail: context.debugDescription)
        @unknown default: return .invalid(detail: String(describing: self))
        }
    }

    private var context: Context {
        switch self {
        case .keyNotFound(_, let context), .valueNotFound(_, let context), .typeMismatch(_, let context), .dataCorrupted(let context):
            return context
        @unknown default:
            return Context(codingPath: [], debugDescription: "")
        }
    }
}
