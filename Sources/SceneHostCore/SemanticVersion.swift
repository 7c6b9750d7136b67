/// A `major.minor.patch` version.
package struct SemanticVersion: Equatable, Sendable, CustomStringConvertible {
    package let major: UInt32
    package let minor: UInt32
    package let patch: UInt32

    package init(major: UInt32, minor: UInt32, patch: UInt32) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    package var description: String { "\(major).\(minor).\(patch)" }
}
