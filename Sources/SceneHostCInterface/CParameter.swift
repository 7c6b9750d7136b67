/// A parameter of a function of the C interface, or a value field of one of its structs: the C type
/// as the header writes it and the name.
package struct CParameter: Equatable, Sendable {
    /// `const char *`, `int32_t`, `scene_host_screen *`.
    package let type: String
    package let name: String

    package init(_ type: String, _ name: String) {
        self.type = type
        self.name = name
    }

    /// `const char *scene`, `int32_t count`: after a `*`, the name follows with no space.
    package var declaration: String {
        type.hasSuffix("*") ? type + name : type + " " + name
    }
}
