/// .gitignore of a generated plugin: SwiftPM's build and state folders.
package enum GitignoreTemplate {
    package static let text = #"""
    .build/
    .swiftpm/
    Package.resolved

    """#
}
