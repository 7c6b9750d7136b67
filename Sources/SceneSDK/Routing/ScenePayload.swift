#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Data crossing from one scene to another, possibly in another plugin.
///
/// A source cannot import a destination's types, so the value travels encoded and the
/// destination decodes it into the input type it declared (`SceneDefinition.accepting`).
/// A field that is missing or of another type is then a `SceneError.inputMismatch`.
public struct ScenePayload: Sendable {
    /// The Swift type the source passed, for messages.
    public let typeName: String
    let encoded: Data

    /// Encodes `value`; throws `SceneError.payloadNotEncodable` when it cannot be encoded.
    public init<Value: Encodable>(_ value: Value) throws {
        typeName = String(describing: Value.self)
        do {
            encoded = try JSONEncoder().encode(value)
        } catch {
            throw SceneError.payloadNotEncodable(type: typeName, reason: String(describing: error))
        }
    }
}
