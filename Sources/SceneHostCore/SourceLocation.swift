/// A place in an input file, shown as `file:line:column` (1-based).
package struct SourceLocation: Equatable, Sendable, CustomStringConvertible {
    /// The file as the user named it.
    package let file: String
    package let line: Int
    package let column: Int

    package init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    package var description: String { "\(file):\(line):\(column)" }
}
