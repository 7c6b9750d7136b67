import SceneHostELF
import SceneHostCore
import SceneHostNative

/// Reads a plugin's native function table from its file, before any of its code runs.
///
/// The table is the exported data symbol `scene_native_functions`: a `const char[]` of
/// NUL-terminated `name<TAB>signature` records, ended by an empty record. Plain bytes, no
/// pointers, so it is read from the file as it is (no relocation applied). Everything in it is
/// hostile input: the symbol must lie in the file, the table is at most 64 KiB and 256 records,
/// records must be UTF-8, names C identifiers of at most 128 bytes and each named once, signatures must parse, and
/// every declared function must be exported as a function by the same file.
enum NativeTableReader {
    package static let symbol = "scene_native_functions"
    static let maximumBytes: UInt64 = 64 * 1024
    static let maximumFunctions = 256
    static let maximumNameLength = 128

    /// The declarations, nil when the file has no table; throws `PluginLoadError`.
    package static func read(_ bytes: [UInt8], plugin: PluginReference) throws -> [NativeDeclaration]? {
        // ELFHeaderCheck refuses such a file first.
        guard let file = ELFFile(bytes), let headers = file.programHeaders() else { return nil }
        let symbols: ELFDynamicSymbols
        do { symbols = try ELFDynamicSymbols.read(from: file) } catch {
            throw PluginLoadError.pluginNativeTableInvalid(plugin, reason: error.reason)
        }
        guard let table = symbols.symbols[symbol] else { return nil }
        guard table.size <= maximumBytes else {
            throw PluginLoadError.pluginNativeTableInvalid(
                plugin, reason: "it is \(table.size) bytes, more than the \(maximumBytes) allowed")
        }
        guard let start = file.fileOffset(ofAddress: table.address, in: headers),
            file.reader.contains(offset: start, length: table.size)
        else {
            throw PluginLoadError.pluginNativeTableInvalid(
                plugin, reason: "its bytes (address \(table.address), \(table.size) bytes) are not inside the file")
        }
        let region = bytes[Int(start)..<Int(start + table.size)]
        var declarations: [NativeDeclaration] = []
        // The record (index into `declarations`) that first named each function.
        var firstRecord: [String: Int] = [:]
        var recordStart = region.startIndex
        while true {
            guard let end = region[recordStart...].firstIndex(of: 0) else {
                throw PluginLoadError.pluginNativeTableInvalid(
                    plugin,
                    reason: "it does not end with an empty record (two NUL bytes) within its \(table.size) bytes")
            }
            if end == recordStart { break }
            guard declarations.count < maximumFunctions else {
                throw PluginLoadError.pluginNativeTableInvalid(
                    plugin, reason: "it declares more than \(maximumFunctions) functions")
            }
            let declaration = try record(
                region[recordStart..<end], number: declarations.count + 1, plugin: plugin, symbols: symbols)
            if let first = firstRecord[declaration.name] {
                throw PluginLoadError.pluginNativeFunctionDuplicate(
                    plugin, function: declaration.name, first: first + 1,
                    firstSignature: declarations[first].signatureText,
                    second: declarations.count + 1, secondSignature: declaration.signatureText)
            }
            firstRecord[declaration.name] = declarations.count
            declarations.append(declaration)
            recordStart = end + 1
        }
        return declarations
    }

    private static func record(
        _ bytes: ArraySlice<UInt8>, number: Int, plugin: PluginReference, symbols: ELFDynamicSymbols
    ) throws -> NativeDeclaration {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw PluginLoadError.pluginNativeTableInvalid(plugin, reason: "record \(number) is not valid UTF-8")
        }
        let fields = text.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 2 else {
            throw PluginLoadError.pluginNativeTableInvalid(
                plugin, reason: "record \(number) (\"\(text)\") is not NAME<TAB>SIGNATURE")
        }
        let name = String(fields[0]), signature = String(fields[1])
        guard isIdentifier(name) else {
            throw PluginLoadError.pluginNativeTableInvalid(
                plugin,
                reason:
                    "record \(number) names '\(name)', which is not a C identifier of at most \(maximumNameLength) characters"
            )
        }
        do { _ = try NativeSignature(parsing: signature) } catch {
            guard case .signatureSyntax(_, let column, let reason) = error else { throw error }
            throw PluginLoadError.pluginNativeSignatureInvalid(
                plugin, function: name, signature: signature, column: column, reason: reason)
        }
        guard let symbol = symbols.symbols[name], symbol.isFunction else {
            throw PluginLoadError.pluginNativeFunctionNotExported(plugin, function: name)
        }
        return NativeDeclaration(name: name, signatureText: signature)
    }

    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, name.utf8.count <= maximumNameLength, !(48...57).contains(first) else {
            return false
        }
        return name.utf8.allSatisfy {
            (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) || $0 == 95
        }
    }
}
