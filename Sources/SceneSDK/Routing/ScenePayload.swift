/// Data crossing from one scene to another, possibly in another plugin.
///
/// A source cannot import a destination's types, so the value travels as a `PayloadValue` and
/// the destination decodes it into the type it declared (`SceneDefinition.accepting`), after
/// checking it against that declaration field by field.
public struct ScenePayload: Equatable, Sendable {
    /// The Swift type the source passed, for messages.
    public let typeName: String
    /// The value, encoded.
    public let value: PayloadValue

    /// A payload as it was encoded elsewhere (a scene worker's record, read back by the host).
    @_spi(SceneHost) public init(typeName: String, value: PayloadValue) {
        self.typeName = typeName
        self.value = value
    }

    /// Encodes `value`; throws `SceneError.payloadNotEncodable` when it cannot be encoded.
    public init<Value: Encodable>(_ value: Value) throws {
        typeName = _typeName(Value.self, qualified: false)
        do {
            self.value = try PayloadEncoder().encode(value)
        } catch {
            throw SceneError.payloadNotEncodable(type: typeName, reason: String(describing: error))
        }
    }
}
