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
        get { object as? Value }
        set { object = newValue.map { $0 as AnyObject } }
    }

    /// Stores the object itself, without converting a `Value` to it.
    @inlinable
    mutating func link(_ object: AnyObject) {
        self.object = object
    }
}
