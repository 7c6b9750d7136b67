extension FlatPayload {
    /// Objects with more members than this are left to the tree path: the check below compares
    /// every member with every other (no set, no allocation), which only pays for small objects.
    static let largestCheckedObject = 32

    /// Whether the value at `index` fits `schema` exactly as `PayloadSchema.mismatches(for:)`
    /// finds no mismatch. False also for what the flat form does not decide (a member named twice,
    /// a large object): the caller then takes the tree path, which names every mismatch.
    func fits(_ schema: PayloadSchema, at index: Int) -> Bool {
        let token = tokens[index]
        switch (schema, token) {
        case (.opaque, _), (.string, .string), (.int, .int), (.double, .double), (.double, .int), (.bool, .bool):
            return true
        case (.optional, .null):
            return true
        case (.optional(let wrapped), _):
            return fits(wrapped, at: index)
        case (.array(let element), .array(let end)):
            var item = index + 1
            while item < end {
                guard fits(element, at: item) else { return false }
                item = self.end(ofValueAt: item)
            }
            return true
        case (.object(_, let fields), .object(let end)):
            return fits(fields, objectAt: index, end: end)
        default:
            return false
        }
    }

    private func fits(_ fields: [PayloadSchema.Field], objectAt start: Int, end: Int) -> Bool {
        // Every member is declared, fits its field, and is named once.
        var count = 0
        var member = start + 1
        while member < end {
            guard case .key(let name) = tokens[member] else { return false }
            count += 1
            guard count <= Self.largestCheckedObject,
                  let field = fields.first(where: { $0.name == name }),
                  fits(field.schema, at: member + 1),
                  value(named: name, inObjectAt: start, end: end, before: member) == nil
            else { return false }
            member = self.end(ofValueAt: member + 1)
        }
        // Every field that is not optional is given.
        for field in fields {
            if case .optional = field.schema { continue }
            guard value(named: field.name, inObjectAt: start, end: end, before: end) != nil else { return false }
        }
        return true
    }

    /// The index of the value of the first member named `name` before token `limit`, if any.
    private func value(named name: String, inObjectAt start: Int, end: Int, before limit: Int) -> Int? {
        var member = start + 1
        while member < min(end, limit) {
            if case .key(let other) = tokens[member], other == name { return member + 1 }
            member = self.end(ofValueAt: member + 1)
        }
        return nil
    }
}
