/// A line without the spaces and tabs around it (and a carriage return at its end): how the
/// config's locator and the command lines of scripts and the terminal read what was typed.
extension String {
    package var trimmingSpaces: String {
        var view = Substring(self)
        while let first = view.first, first == " " || first == "\t" { view.removeFirst() }
        while let last = view.last, last == " " || last == "\t" || last == "\r" { view.removeLast() }
        return String(view)
    }
}
