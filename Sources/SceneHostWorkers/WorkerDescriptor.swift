/// The descriptors a scene worker is started with: fixed numbers, so it takes no arguments (what
/// it runs with comes in its start frame, `WorkerStartMessage.settings`).
package enum WorkerDescriptor {
    /// Its end of the channel to the host (a socket pair).
    package static let channel: Int32 = 3
    /// The write end of the pipe its crash handler reports on (`CrashReporter`).
    package static let crashReport: Int32 = 4
}
