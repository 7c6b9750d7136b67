#if canImport(Glibc)
import Glibc
#endif

/// Finds a plugin that carries its own copy of SceneSDK (linked statically, or built from the
/// SDK's sources): its SDK symbols resolve into itself instead of into libSceneSDK.so.
///
/// Checked right after `dlopen`, before any code of the plugin runs: a second copy has its own
/// type metadata, so its scenes would fail every cast and register nowhere, silently.
enum SDKCopyGuard {
    /// Symbols every SDK copy defines: the metadata accessors of `Screen` and `Segue`.
    static let probeSymbols = ["$s8SceneSDK6ScreenVMa", "$s8SceneSDK5SegueCMa"]

    static func carriesOwnCopy(_ plugin: UnsafeMutableRawPointer) -> Bool {
        guard let sdk = dlopen("libSceneSDK.so", RTLD_NOW | RTLD_NOLOAD) else { return false }
        for symbol in probeSymbols {
            guard let shared = dlsym(sdk, symbol) else { continue }
            if let seen = dlsym(plugin, symbol), seen != shared { return true }
        }
        return false
    }
}
