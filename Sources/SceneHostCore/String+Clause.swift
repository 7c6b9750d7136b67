extension String {
    /// The text as a clause inside a sentence of the host's: without the one full stop it may end
    /// with (a plugin's reason "must be a path." would otherwise print "path..", as the host adds its
    /// own). An ellipsis is kept.
    package var withoutFinalStop: String {
        guard hasSuffix("."), !hasSuffix("..") else { return self }
        return String(dropLast())
    }
}
