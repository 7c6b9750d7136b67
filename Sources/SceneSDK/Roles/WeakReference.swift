/// A weak reference to a value typed as a protocol existential (`any HomeDisplayLogic`).
///
/// Swift's `weak` needs a class type, and an existential is not one even when its protocol is
/// class-bound; so the object is held as `AnyObject` and cast back on read. A non-class value
/// cannot be held weakly: it reads back as nil, which the host's wiring reports.
@usableFromInline
struct WeakReference<Value> {
    @usableFromInline weak var object: AnyObject?

    @usableFromInline
    init() {}

    @inlinable
    var value: Value? {
        get {
            // Unwrapped first: cast as it is, an empty `AnyObject?` would become a boxed nil when
            // `Value` is `AnyObject`, and read back as an object.
            guard let object else { return nil }
            return object as? Value
        }
        set { object = newValue.map(Self.object(of:)) }
    }

    /// The object `value` is, without bridging it as a value would be: a class instance, or an
    /// existential holding one, keeps its reference in its first word (the runtime's layout of
    /// class references and of both kinds of existential containers). Anything else is bridged,
    /// and reads back as nil.
    @inlinable
    static func object(of value: Value) -> AnyObject {
        guard type(of: value as Any) is AnyClass else { return value as AnyObject }
        return withUnsafeBytes(of: value) { $0.load(as: AnyObject.self) }
    }

    /// Stores the object itself, without converting a `Value` to it.
    @inlinable
    mutating func link(_ object: AnyObject) {
        self.object = object
    }
}
