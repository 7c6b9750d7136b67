/// A place in an input file, shown as `file:line:column` (1-based).
public struct SourceLocation: Equatable, Sendable, CustomStringConvertible {
    /// The file as the user named it.
    public let file: String
    public let line: Int
    public let column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}
