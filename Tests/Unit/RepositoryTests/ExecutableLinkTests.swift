import Foundation
import Testing
import TestSupport

/// docs/architecture.md's "Executables: which links what" against Package.swift and the built
/// executables: each carries only what its work needs (the web stack and the database drivers
/// only in scene-host-serve).
@Suite("Architecture: which executable links what")
struct ExecutableLinkTests {
    /// One row of the table: executable, host targets it links, libraries it loads beyond the base.
    struct Row {
        let executable: String
        let targets: Set<String>
        let loads: Set<String>
    }

    /// The libraries every Swift executable loads here (the table's "Swift runtime"); Foundation,
    /// libdispatch and the C++ runtime are in the table, row by row.
    static let base: Set<String> = [
        "libswiftCore.so", "libswift_Concurrency.so", "libswift_StringProcessing.so", "libswift_RegexParser.so",
        "libswiftSynchronization.so", "libswiftGlibc.so", "libm.so.6", "libgcc_s.so.1", "libc.so.6",
        "ld-linux-x86-64.so.2", "libswiftSwiftOnoneSupport.so",
    ]

    static func table() throws -> [Row] {
        let text = try String(
            contentsOf: BuildProducts.packageRoot.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        guard let start = text.range(of: "### Executables: which links what\n") else { return [] }
        var rows: [Row] = []
        for line in text[start.upperBound...].split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 4 else { continue }
            let list = { (cell: String) in
                Set(cell.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            }
            rows.append(
                Row(
                    executable: cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")),
                    targets: list(cells[2]), loads: list(cells[3])))
        }
        return rows
    }

    static func readelf(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/readelf")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test("the table names each executable of Package.swift with the host targets it links")
    func targetsMatchPackage() throws {
        let rows = try Self.table()
        #expect(
            Set(rows.map(\.executable)) == ["scene-host", "scene-host-serve", "scene-host-worker", "scene-host-probe"],
            "\(rows.map(\.executable))")
        let graph = try ArchitectureTargetTests.targets()
        for row in rows {
            let linked = ArchitectureTargetTests.closure(of: row.executable, in: graph).filter {
                $0.hasPrefix("SceneHost")
            }
            #expect(
                row.targets == linked,
                "\(row.executable): the table says \(row.targets.sorted()), Package.swift links \(linked.sorted())")
        }
        let serve = try #require(rows.first { $0.executable == "scene-host-serve" })
        for row in rows where row.executable != "scene-host-serve" {
            #expect(
                row.targets.isDisjoint(with: [
                    "SceneHostWeb", "SceneHostSQLiteStore", "SceneHostPostgresStore", "SceneHostWebModel",
                    "SceneHostSessions",
                ]), "\(row.executable)")
            #expect(!row.targets.isSuperset(of: serve.targets))
        }
    }

    @Test(
        "each built executable loads the libraries the table says, and only scene-host-serve holds the web stack and the drivers"
    )
    func builtExecutablesMatch() throws {
        for row in try Self.table() {
            let path = BuildProducts.directory.appendingPathComponent(row.executable).path
            let dynamic = try Self.readelf(["-d", path])
            let needed = Set(dynamic.matches(of: /\(NEEDED\)\s+Shared library: \[([^\]]+)\]/).map { String($0.1) })
            #expect(!needed.isEmpty, "readelf -d \(path)")
            #expect(
                needed.subtracting(Self.base) == row.loads,
                "\(row.executable) loads \(needed.subtracting(Self.base).sorted()); the table says \(row.loads.sorted())"
            )
            if row.executable == "scene-host-probe" {
                // The promise itself, whatever the table says: a probe child loads no library a plugin did not ask for.
                #expect(
                    needed.isDisjoint(with: [
                        "libFoundation.so", "libFoundationEssentials.so", "libFoundationInternationalization.so",
                        "libswiftDispatch.so",
                    ]), "scene-host-probe loads \(needed.sorted())")
            }
            // Statically linked packages show in the symbol table: their mangled module names.
            let symbols = try Self.readelf(["-sW", path])
            for module in ["11Hummingbird", "7NIOCore", "4GRDB", "11PostgresNIO"] {
                #expect(
                    symbols.contains("$s\(module)") == (row.executable == "scene-host-serve"),
                    "\(row.executable) and \(module)")
            }
        }
    }
}
