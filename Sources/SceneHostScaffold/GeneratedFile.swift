/// One file of a generated plugin package: its path inside the package folder and its text.
struct GeneratedFile: Equatable, Sendable {
    package let path: String
    package let text: String
}
