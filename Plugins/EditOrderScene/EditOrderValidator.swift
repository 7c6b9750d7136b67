/// The form's rules, checked before anything is written (the database's CHECK constraints stay
/// as a last defence): customer and item not empty after trimming, at most `textLimit`
/// characters; quantity a whole number above 0; note at most `noteLimit` characters.
struct EditOrderValidator {
    static let textLimit = 100
    static let noteLimit = 500

    /// The order to save (customer and item trimmed, an empty note none), or every problem found.
    func validated(_ draft: EditableOrder, quantityText: String?) -> Result<EditableOrder, ValidationFailure> {
        var order = draft
        var problems: [FieldProblem] = []
        order.customer = draft.customer.trimmingWhitespace
        order.item = draft.item.trimmingWhitespace
        for (field, text) in [(FieldProblem.Field.customer, order.customer), (.item, order.item)] {
            if text.isEmpty {
                problems.append(FieldProblem(field: field, kind: .empty))
            } else if text.count > Self.textLimit {
                problems.append(FieldProblem(field: field, kind: .tooLong(limit: Self.textLimit)))
            }
        }
        if let quantityText {
            if let quantity = Int(quantityText.trimmingWhitespace) { order.quantity = quantity } else { order.quantity = 0 }
        }
        if order.quantity <= 0 { problems.append(FieldProblem(field: .quantity, kind: .notAWholeNumberAboveZero)) }
        if let note = order.note {
            let trimmed = note.trimmingWhitespace
            order.note = trimmed.isEmpty ? nil : note
            if note.count > Self.noteLimit { problems.append(FieldProblem(field: .note, kind: .tooLong(limit: Self.noteLimit))) }
        }
        return problems.isEmpty ? .success(order) : .failure(ValidationFailure(problems: problems))
    }
}

/// The problems `EditOrderValidator` found, in the form's order.
struct ValidationFailure: Error {
    let problems: [FieldProblem]
}

extension String {
    fileprivate var trimmingWhitespace: String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }
}
