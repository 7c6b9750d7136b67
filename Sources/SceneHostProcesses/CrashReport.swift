#if canImport(Glibc)
import Glibc
#endif
import CCrashReport

/// What a scene worker's crash handler found before the worker died (`crash_report.h`): the signal,
/// and the plugin whose code was the innermost on the stack of the thread that crashed (nil: no
/// plugin's code was there, as when host code crashed).
///
/// The worker writes it with one `write(2)` to a pipe of its own (not the request channel, whose
/// frames it could cut in two); the host reads that pipe once the worker has died. Plugin code runs
/// in the worker and could write there too: the host believes only exactly one well-formed record
/// whose signal is the one the worker died of (`parse`, `WorkerProcess`).
package struct CrashReport: Equatable, Sendable {
    /// The signal the handler caught.
    package let signal: Int32
    /// The config name of the plugin whose code the thread was running, nil when none was.
    package let plugin: String?

    package init(signal: Int32, plugin: String?) {
        self.signal = signal
        self.plugin = plugin
    }

    /// The bytes of one record.
    package static let recordSize = Int(SCENE_HOST_CRASH_RECORD_SIZE)

    /// The report in `bytes`: nil unless they are exactly one well-formed record (garbage, a record cut
    /// short or a second record are something other than the handler writing).
    package static func parse(_ bytes: [UInt8]) -> CrashReport? {
        guard bytes.count == recordSize else { return nil }
        func word(_ offset: Int) -> UInt32 {
            UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(
                bytes[offset + 3]) << 24
        }
        let nameStart = MemoryLayout<scene_host_crash_record>.offset(of: \.name) ?? 24
        let length = Int(word(20))
        guard word(0) == SCENE_HOST_CRASH_MAGIC, word(4) == SCENE_HOST_CRASH_VERSION,
            length <= Int(SCENE_HOST_CRASH_NAME_MAX)
        else { return nil }
        let signal = Int32(bitPattern: word(8))
        guard word(16) != SCENE_HOST_CRASH_NO_PLUGIN else {
            return length == 0 ? CrashReport(signal: signal, plugin: nil) : nil
        }
        guard length > 0, let name = String(validating: bytes[nameStart..<nameStart + length], as: UTF8.self) else {
            return nil
        }
        return CrashReport(signal: signal, plugin: name)
    }
}

/// The crash handler of the process that runs plugin code (a scene worker), and its table of
/// plugin code (`crash_report.h`).
package enum CrashReporter {
    /// Why the handler could not be installed (the worker then runs no plugin code).
    package struct Failure: Error, Sendable {
        package let reason: String
    }

    /// Installs the handler for SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT and SIGTRAP, on an
    /// alternate stack of the calling thread, reporting to `descriptor`. Before any plugin is opened.
    package static func install(reportingTo descriptor: Int32) throws(Failure) {
        guard scene_host_crash_install(descriptor) == 0 else {
            throw Failure(reason: "cannot install its crash handler (\(String(cString: strerror(errno))))")
        }
    }

    /// Notes the code of the library `handle` (just opened, before its entry point runs) as plugin
    /// `plugin`'s; false when it could not be noted (the table is full: 4096 plugins), so a crash in
    /// it names no plugin.
    @discardableResult
    package static func noteLibrary(_ handle: UnsafeMutableRawPointer, plugin: String) -> Bool {
        scene_host_crash_note_library(handle, plugin) >= 0
    }

    /// Zeroes the stack below the caller before it waits in a system call: the handler scans the
    /// words of code without frame pointers for return addresses, and a stale one left by plugin
    /// code run earlier would blame that plugin for a crash of an idle thread.
    package static func clearStackBeforeWaiting() {
        scene_host_crash_clear_stack_below()
    }

    /// The plugin index whose noted code holds `address` (tests).
    static func pluginIndex(at address: UnsafeRawPointer) -> Int? {
        let index = scene_host_crash_plugin_at(UInt(bitPattern: address))
        return index < 0 ? nil : Int(index)
    }
}
