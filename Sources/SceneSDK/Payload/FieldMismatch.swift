/// One way a value (or a payload type) does not fit a declared input or result.
public struct FieldMismatch: Equatable, Sendable {
    /// The dotted path of the field, e.g. `order.items[].name`; `(value)` for the whole value.
    public let field: String
    /// What the declaration expects here; nil when the field is not part of the declaration.
    public let expected: String?
    /// What was given here; nil when the field is missing.
    public let given: String?

    public init(field: String, expected: String?, given: String?) {
        self.field = field
        self.expected = expected
        self.given = given
    }
}
