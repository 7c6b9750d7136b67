@_spi(SceneHost) import SceneSDK
import SceneHostContainer

/// The distinct contracts of the entries being written, each with its index in the file's table.
///
/// Contracts are told apart by a canonical key (type name and schema, every name length-prefixed,
/// so two different contracts never share a key): a thousand copies of a plugin write each of
/// their contracts once.
package struct ContractTable {
    package private(set) var unique: [ContractInfo] = []
    private var indexes: [String: Int] = [:]

    package init() {}

    /// Adds every contract a verdict names.
    package mutating func add(_ verdict: ProbeVerdict) {
        guard case .good(let metadata) = verdict else { return }
        for scene in metadata.scenes {
            for contract in [scene.input, scene.acceptedResult, scene.returnedResult].compactMap({ $0 })
                + scene.routes.compactMap(\.payload)
                + [scene.link?.parameters, scene.link?.input].compactMap({ $0 })
            {
                add(contract)
            }
        }
    }

    private mutating func add(_ contract: ContractInfo) {
        let key = Self.key(contract)
        guard indexes[key] == nil else { return }
        indexes[key] = unique.count
        unique.append(contract)
    }

    /// The contract's position in `unique` (it was added).
    package func index(of contract: ContractInfo) -> Int {
        indexes[Self.key(contract)] ?? 0
    }

    private static func key(_ contract: ContractInfo) -> String {
        var key = ""
        name(contract.typeName, into: &key)
        schema(contract.schema, into: &key)
        return key
    }

    private static func name(_ text: String, into key: inout String) {
        key += "\(text.utf8.count):"
        key += text
    }

    private static func schema(_ schema: PayloadSchema, into key: inout String) {
        switch schema {
        case .string: key += "s"
        case .int: key += "i"
        case .double: key += "d"
        case .bool: key += "b"
        case .optional(let wrapped):
            key += "?"
            self.schema(wrapped, into: &key)
        case .array(let element):
            key += "["
            self.schema(element, into: &key)
        case .object(let type, let fields):
            key += "o"
            name(type, into: &key)
            key += "\(fields.count);"
            for field in fields {
                name(field.name, into: &key)
                self.schema(field.schema, into: &key)
            }
        case .opaque(let type):
            key += "x"
            name(type, into: &key)
        }
    }
}
