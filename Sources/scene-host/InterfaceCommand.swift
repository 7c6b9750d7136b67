import ArgumentParser
import Foundation
import SceneHostCInterface
import SceneHostCommandLine
import SceneHostCore

extension CInterface.Format: ExpressibleByArgument {}

/// `scene-host interface`: the C interface of scenes, as the header C plugins are built with or as
/// its machine-readable description, both written from the one table the host runs by.
struct InterfaceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "interface",
        abstract: "Print the C interface of scenes: the header scene_host.h, or its description as JSON.",
        discussion: """
            The header declares what a scene written in C (or any language that calls C) is built against: \
            the handshake, the host's functions, the constants and the roles a scene exports. It is versioned \
            (SCENE_HOST_C_INTERFACE_VERSION, now \(CInterface.version)); the host loads only a plugin built \
            against its own version. The JSON describes the same interface for programs: functions, structs, \
            roles, the screen's element kinds, events, field types and the handshake.
            """
    )

    @Option(name: .long, help: "c (the header) or json (its description).")
    var format: CInterface.Format = .c

    @Option(
        name: .long, help: ArgumentHelp("Write to FILE instead of standard output.", valueName: "FILE"))
    var output: String?

    func run() throws {
        let text = CInterface.text(format)
        guard let output else {
            StandardStreams.write(text, to: STDOUT_FILENO)
            return
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: output, isDirectory: &isFolder), isFolder.boolValue {
            throw StandardStreams.fail(InterfaceCommandError.outputNotWritable(path: output, reason: "it is a folder"))
        }
        do {
            try text.write(toFile: output, atomically: true, encoding: .utf8)
        } catch {
            throw StandardStreams.fail(
                InterfaceCommandError.outputNotWritable(
                    path: output, reason: TranscriptFile.reason(error, path: output)))
        }
    }
}

/// Why `scene-host interface` could not write what it was asked for.
enum InterfaceCommandError: HostConcernError {
    /// `--output FILE` could not be written: `reason` says why.
    case outputNotWritable(path: String, reason: String)

    var message: String {
        switch self {
        case .outputNotWritable(let path, let reason):
            TerminalText.escaped(
                "error: cannot write '\(path)': \(reason). Pass --output with a file in a folder you can write, or leave it out to print to standard output."
            )
        }
    }

    var exitStatus: ExitStatus {
        switch self {
        case .outputNotWritable: .usage
        }
    }
}
