/// Reads a scene part's stored links by reflection, so tests can check wiring of plugin types
/// the test target cannot import.
package enum Reflection {
    /// The object stored in `label` on `object` or its superclasses (unwrapping optionals and
    /// `WeakReference`), or nil.
    package static func link(_ label: String, of object: AnyObject) -> AnyObject? {
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children where child.label == label || child.label == "\(label)Reference" {
                return unwrap(child.value)
            }
            mirror = current.superclassMirror
        }
        return nil
    }

    private static func unwrap(_ value: Any) -> AnyObject? {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            return mirror.children.first.flatMap { unwrap($0.value) }
        }
        if mirror.displayStyle == .struct, let object = mirror.children.first(where: { $0.label == "object" }) {
            return unwrap(object.value)
        }
        return mirror.displayStyle == .class ? value as AnyObject : nil
    }
}
