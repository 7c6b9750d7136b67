/// A payload written as one list of tokens in encoding order, for converting a value of one
/// contract type into another in the same process (`PayloadConversion`).
///
/// The tree form (`PayloadValue`) builds a node, a dictionary and an array per object; the flat
/// form is one array. It follows only the plain ways of encoding (containers written one after
/// another, each key once); anything else marks the payload `unsupported` and the caller takes
/// the tree path, so the result is always the one the tree path would give.
final class FlatPayload {
    /// One token. An object is its start, then `key` and value pairs; an array its start, then values.
    enum Token {
        case null
        case bool(Bool)
        case int(Int)
        case double(Double)
        case string(String)
        /// A member's name; its value follows.
        case key(String)
        /// The start of an object; `end` is the index just past its last token.
        case object(end: Int)
        /// The start of an array; `end` is the index just past its last token.
        case array(end: Int)
    }

    // Unchecked exclusivity: every access is a short read or write from this file's methods, never
    // overlapping, and the dynamic checks were a fifth of a conversion's time.
    @exclusivity(unchecked) private(set) var tokens: [Token] = []
    /// Each container still open, outermost first: where it starts, and how many members it has
    /// so far (objects).
    @exclusivity(unchecked) private var open: [(start: Int, members: Int)] = []
    /// Set when the value was encoded in a way the flat form does not follow.
    @exclusivity(unchecked) private(set) var unsupported = false

    init() {
        tokens.reserveCapacity(8)
        open.reserveCapacity(4)
    }

    /// Empties the payload for another conversion, keeping its storage.
    func reset() {
        tokens.removeAll(keepingCapacity: true)
        open.removeAll(keepingCapacity: true)
        unsupported = false
    }

    /// How many containers are open.
    var depth: Int { open.count }

    func append(_ token: Token) { tokens.append(token) }

    /// Writes a member's name into the object written now (`resume` made it the innermost).
    /// An object of more than `largestObject` members is left to the tree path: checking and
    /// decoding find a member by comparing names, which only pays for small objects.
    func appendKey(_ name: String) {
        tokens.append(.key(name))
        guard let last = open.indices.last else { unsupported = true; return }
        open[last].members += 1
        if open[last].members > Self.largestObject { unsupported = true }
    }

    /// Gives up on the flat form.
    func giveUp() { unsupported = true }

    /// Starts an object or array; its containers write at the returned depth.
    func openContainer(array: Bool) -> (start: Int, depth: Int) {
        let start = tokens.count
        tokens.append(array ? .array(end: start + 1) : .object(end: start + 1))
        open.append((start, 0))
        return (start, open.count)
    }

    /// Makes the container that started at `start`, open at `depth`, the one written next by
    /// closing those opened inside it; false (and unsupported) when it was closed already.
    func resume(start: Int, depth: Int) -> Bool {
        guard !unsupported, open.count >= depth, depth > 0, open[depth - 1].start == start else {
            unsupported = true
            return false
        }
        while open.count > depth { close() }
        return true
    }

    /// Ends one value written from `start` by an encoder made at `depth`: closes what it opened,
    /// and writes an empty object for a value that asked for no container (as the tree does).
    func endValue(start: Int, depth: Int) {
        guard !unsupported else { return }
        guard open.count >= depth else { unsupported = true; return }
        while open.count > depth { close() }
        if tokens.count == start { tokens.append(.object(end: start + 1)) }
    }

    private func close() {
        let start = open.removeLast().start
        switch tokens[start] {
        case .object: tokens[start] = .object(end: tokens.count)
        case .array: tokens[start] = .array(end: tokens.count)
        case .null, .bool, .int, .double, .string, .key: unsupported = true
        }
    }

    /// The index of the value of the first member named `name` of the object that starts at
    /// `start` and ends before `end`, among the members before token `limit`; nil when none.
    func member(named name: String, inObjectAt start: Int, end: Int, before limit: Int? = nil) -> Int? {
        var member = start + 1
        let last = min(end, limit ?? end)
        while member < last {
            if case .key(let other) = tokens[member], other == name { return member + 1 }
            member = self.end(ofValueAt: member + 1)
        }
        return nil
    }

    /// The index just past the value that starts at `index`.
    func end(ofValueAt index: Int) -> Int {
        switch tokens[index] {
        case .object(let end), .array(let end): return end
        case .null, .bool, .int, .double, .string, .key: return index + 1
        }
    }
}
