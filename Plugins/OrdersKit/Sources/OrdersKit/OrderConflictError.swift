/// A save refused because the stored order is no longer the version the user edited: someone
/// else saved it meanwhile (`current` is what is stored now), or it is gone (`current` is nil).
/// Nothing was written.
public struct OrderConflictError: Error, Equatable, Sendable {
    public let id: Int
    public let current: Order?

    public init(id: Int, current: Order?) {
        self.id = id
        self.current = current
    }
}
