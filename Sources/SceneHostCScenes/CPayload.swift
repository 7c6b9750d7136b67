@_spi(SceneHost) import SceneSDK

/// A payload a C scene builds field by field (`payload_create`, `payload_set_*`), or the host made
/// for it to fill (`Router_produceResult`). Lives in the call that made it (`CCall.payloads`).
@MainActor
final class CPayload {
    let typeName: String
    private(set) var fields: [String: PayloadValue] = [:]

    init(typeName: String) {
        self.typeName = typeName
    }

    /// Sets `field`; the last value set wins.
    func set(_ field: String, _ value: PayloadValue) {
        fields[field] = value
    }

    /// The value, for the navigator.
    var value: PayloadValue { .object(fields) }

    /// Why the payload does not fit `contract` (the first mismatch), nil when it does.
    func mismatch(with contract: ContractInfo) -> String? {
        guard typeName == contract.typeName else {
            return "the payload is a \(typeName), but the route passes a \(contract.typeName)"
        }
        guard let first = contract.schema.mismatches(for: value).first else { return nil }
        switch (first.expected, first.given) {
        case (nil, _): return "'\(first.field)' is not a field of \(contract.typeName)"
        case (let expected?, nil): return "its field '\(first.field)' (\(expected)) is not set"
        case (let expected?, let given?): return "its field '\(first.field)' is \(given), not \(expected)"
        }
    }
}
