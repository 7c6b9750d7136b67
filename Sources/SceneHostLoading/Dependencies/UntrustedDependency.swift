/// A library a plugin needs that the dynamic loader would take from a place others can change:
/// what was searched, where the library was found, and the path at fault.
package struct UntrustedDependency: Equatable, Sendable {
    /// Which path is at fault, relative to the library.
    package enum Fault: Equatable, Sendable {
        /// The library file itself.
        case file
        /// A folder above the library file.
        case folderAbove
        /// The search folder the library was found in: others could put another library there.
        case hitFolder
        /// A folder searched before the library's: a library of the same name put there would win.
        case searchedBefore(source: String)
        /// A folder searched before the library's that does not exist, under an ancestor others can
        /// write: they could create it (`faultPath` is the ancestor, `missing` the folder).
        case missingFolder(missing: String, source: String)
    }

    /// The `DT_NEEDED` name.
    package let library: String
    /// Where the loader would load it from.
    package let path: String
    /// How the loader finds it ("RUNPATH of /x/libA.so", "LD_LIBRARY_PATH", ...).
    let foundBy: String
    package let fault: Fault
    let faultPath: String
    /// What is wrong with `faultPath` ("writable by every user"), and the command that fixes it.
    package let reason: String
    package let fix: String
}
