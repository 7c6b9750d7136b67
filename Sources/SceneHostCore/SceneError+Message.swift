import SceneSDK

// The SDK's errors are none of the host's concerns: they reach the user inside a host error
// (`FailureCause.scene`) or, thrown as they are, through `ErrorMessage.render`'s one fallback.
extension SceneError {
    /// This error as a clause, without the leading "error: " (the SDK's own text).
    package var clause: String { description }
}

extension FieldMismatch {
    /// This field's misfit as a clause (the SDK's own text).
    package var clause: String { description }
}
