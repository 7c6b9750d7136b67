/// An opaque handle of the C interface: a struct a plugin only ever holds a pointer to.
package struct CHandle: Equatable, Sendable {
    package let name: String
    package let doc: [String]

    package init(_ name: String, doc: [String]) {
        self.name = name
        self.doc = doc
    }
}
