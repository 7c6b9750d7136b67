/// One file of a generated plugin package: its path inside the package folder and its text.
public struct GeneratedFile: Equatable, Sendable {
    public let path: String
    public let text: String
}
