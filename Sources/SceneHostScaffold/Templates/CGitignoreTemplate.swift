/// .gitignore of `new scene --language c`: the library `make` builds.
enum CGitignoreTemplate {
    package static let text = #"""
        *.so

        """#
}
