/// Tidies a typed name. A plain value: Name needs no service from the container.
struct NameWorker {
    func tidy(_ name: String) -> String {
        name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
