/// A macro of the C interface: its name, the C text it stands for, and its comment.
package struct CConstant: Equatable, Sendable {
    package let name: String
    package let value: String
    package let doc: [String]

    package init(_ name: String, _ value: String, doc: [String]) {
        self.name = name
        self.value = value
        self.doc = doc
    }
}
