/// Converts a value of one contract type into another in the same process, such as Home's
/// `DetailInput` into Detail's: two plugins never share a type, so this is the path of every
/// navigation that passes data across plugins.
///
/// The value is written as one flat list (`FlatPayload`), checked against the declared schema and
/// decoded, with the same rules and results as encoding a `PayloadValue` tree, checking it and
/// decoding it (`ScenePayload`, `PayloadSchema.mismatches(for:)`, `PayloadDecoder`), which build a
/// node and a dictionary per object. It answers nil whenever that path would throw or the flat
/// form cannot follow the encoding: the caller then takes the tree path, whose errors name the
/// field. The source's `encode(to:)` runs again then. Objects of more than `FlatPayload.largestObject`
/// members (a large dictionary) take the tree path too: a member is found here by comparing names.
@_spi(SceneHost) @_spi(SceneTesting)
public enum PayloadConversion {
    /// `source` as a `Value` fitting `schema`, or nil: take the tree path. `isInteger` says whether
    /// `Value` is a `FixedWidthInteger`, when the caller knows it already (nil: asked here).
    public static func convert<Value: Decodable>(_ source: any Encodable, to type: Value.Type, schema: PayloadSchema, isInteger: Bool? = nil) -> Value? {
        convert(source, to: type, schema: schema, isInteger: isInteger, into: FlatPayload())
    }

    /// `convert(_:to:schema:isInteger:)` on the main actor, where every navigation converts: it
    /// writes into the payload the last conversion left (`spare`) instead of allocating one.
    @MainActor
    public static func convertOnMainActor<Value: Decodable>(_ source: any Encodable, to type: Value.Type, schema: PayloadSchema, isInteger: Bool? = nil) -> Value? {
        // Taken while in use: a conversion started inside a value's own `encode(to:)` or
        // `init(from:)` finds none and writes into a payload of its own.
        let payload = spare ?? FlatPayload()
        spare = nil
        defer {
            payload.reset()
            spare = payload
        }
        return convert(source, to: type, schema: schema, isInteger: isInteger, into: payload)
    }

    /// The one payload kept between conversions on the main actor (`convertOnMainActor`): the
    /// SDK's only mutable global, isolated to the main actor and empty whenever no conversion runs.
    @MainActor private static var spare: FlatPayload?

    private static func convert<Value: Decodable>(_ source: any Encodable, to type: Value.Type, schema: PayloadSchema, isInteger: Bool?, into payload: FlatPayload) -> Value? {
        do {
            try source.encode(to: FlatEncoding(payload: payload, path: nil))
        } catch {
            return nil
        }
        payload.endValue(start: 0, depth: 0)
        guard !payload.unsupported, !payload.tokens.isEmpty, payload.fits(schema, at: 0) else { return nil }
        return try? FlatPrimitiveDecoding.decode(type, in: payload, at: 0, path: nil, key: nil, isInteger: isInteger)
    }
}
