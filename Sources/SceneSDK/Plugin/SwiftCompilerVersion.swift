/// The version of the Swift compiler that compiles the caller.
///
/// `@_alwaysEmitIntoClient` puts the body into the plugin, so the plugin's descriptor names the
/// compiler that built the plugin (Swift has no stable ABI on Linux: the host compares them).
@_alwaysEmitIntoClient
public func swiftCompilerVersion() -> String {
    #if compiler(>=7.0)
    return "7.0+"
    #elseif compiler(>=6.4)
    return "6.4"
    #elseif compiler(>=6.3.3)
    return "6.3.3"
    #elseif compiler(>=6.3.2)
    return "6.3.2"
    #elseif compiler(>=6.3.1)
    return "6.3.1"
    #elseif compiler(>=6.3)
    return "6.3.0"
    #elseif compiler(>=6.2)
    return "6.2"
    #elseif compiler(>=6.1)
    return "6.1"
    #else
    return "6.0"
    #endif
}
