extension FlatPayload {
    /// Objects with more members than this are left to the tree path (`appendKey(_:)`).
    static let largestObject = 32

    /// Whether the value at `index` fits `schema` exactly as `PayloadSchema.mismatches(for:)`
    /// finds no mismatch. False also for a member named twice (the tree would keep the last one):
    /// the caller then takes the tree path, which names every mismatch.
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
        var member = start + 1
        while member < end {
            guard case .key(let name) = tokens[member],
                  let field = fields.first(where: { $0.name == name }),
                  fits(field.schema, at: member + 1),
                  self.member(named: name, inObjectAt: start, end: end, before: member) == nil
            else { return false }
            member = self.end(ofValueAt: member + 1)
        }
        // Every field that is not optional is given.
        for field in fields {
            if case .optional = field.schema { continue }
            guard self.member(named: field.name, inObjectAt: start, end: end) != nil else { return false }
        }
        return true
    }
}
