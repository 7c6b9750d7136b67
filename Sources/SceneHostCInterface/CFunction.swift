/// A function of the host, a member of `scene_host_api` that a plugin calls through the pointer it
/// is given.
package struct CFunction: Equatable, Sendable {
    package let name: String
    /// The C return type: `int32_t`, `void`, `scene_host_payload *`.
    package let returns: String
    package let parameters: [CParameter]
    /// Its comment in the header, line by line (no line longer than the header's 120 columns).
    package let doc: [String]
    package let group: CFunctionGroup

    package init(
        _ name: String, returns: String = "int32_t", _ parameters: [CParameter], doc: [String], group: CFunctionGroup
    ) {
        self.name = name
        self.returns = returns
        self.parameters = parameters
        self.doc = doc
        self.group = group
    }

    /// What it does, in one line: its comment's lines joined.
    package var summary: String { doc.joined(separator: " ") }

    /// It as a member of `scene_host_api`.
    package var field: CField {
        CField(name, .function(returns: returns, parameters: parameters), doc: doc)
    }
}
