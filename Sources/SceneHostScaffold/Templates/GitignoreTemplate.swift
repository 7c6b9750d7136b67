/// .gitignore of a generated plugin: SwiftPM's build and state folders.
enum GitignoreTemplate {
    package static let text = #"""
        .build/
        .swiftpm/
        Package.resolved

        """#
}
