/// A member of a struct of the C interface: a value, or a pointer to a function.
package struct CField: Equatable, Sendable {
    package enum Kind: Equatable, Sendable {
        /// A value of the C type `type`: `uint32_t`, `const char *`.
        case value(type: String)
        /// A pointer to a function returning `returns`.
        case function(returns: String, parameters: [CParameter])
    }

    package let name: String
    package let kind: Kind
    /// Its comment in the header, line by line; empty for none.
    package let doc: [String]

    package init(_ name: String, _ kind: Kind, doc: [String]) {
        self.name = name
        self.kind = kind
        self.doc = doc
    }

    /// The member's C type without its name: `uint32_t`, `int32_t (*)(const scene_host_api *api, ...)`.
    package var type: String {
        switch kind {
        case .value(let type): return type
        case .function(let returns, let parameters):
            return CField.pointerPrefix(returns) + ")(" + parameters.map(\.declaration).joined(separator: ", ") + ")"
        }
    }

    /// `int32_t (*`, `scene_host_payload *(*`: a function pointer's start, before its name.
    static func pointerPrefix(_ returns: String) -> String {
        returns.hasSuffix("*") ? returns + "(*" : returns + " (*"
    }
}
