import SceneHostContainer
import SceneHostCore
import SceneHostNative
/// `scene-host call PLUGIN.FUNCTION ARG...` and the script's `call` command: finds the function,
/// converts the text arguments by its signature, calls it and returns the printed result.
///
/// A wrong count or a wrong argument is refused before any native code runs, with a message
/// naming the function, the parameter, what it expects and what was given. A `print` callback
/// argument writes one line per call (`callback(0, row)`) through `write`, before the result.
/// Text from native code (results, callback arguments) is escaped like all plugin text.
@MainActor
package struct NativeInvocation {
    package let container: SceneContainer
    package let write: (String) -> Void

    package init(container: SceneContainer, write: @escaping (String) -> Void) {
        self.container = container
        self.write = write
    }

    /// The result as text (`(void)` for a void function).
    package func call(_ name: String, arguments: [String]) throws(NativeError) -> String {
        TerminalText.escaped(try unescapedResult(name, arguments: arguments))
    }

    /// `call`'s result before it is escaped: a scene worker measures it first, since a result too
    /// large for its channel is not worth the walk over every character that escaping takes.
    package func unescapedResult(_ name: String, arguments: [String]) throws(NativeError) -> String {
        let function = try container.nativeFunction(named: name)
        let parameters = function.signature.parameters
        guard arguments.count == parameters.count else {
            throw NativeError.wrongArity(
                function: name, signature: function.signature.description, expected: parameters.count,
                given: arguments.count)
        }
        let write = self.write
        let text = NativeArgumentText(function: name) { write(TerminalText.escaped($0)) }
        var values: [NativeValue] = []
        for (index, (argument, parameter)) in zip(arguments, parameters).enumerated() {
            values.append(try text.value(argument, for: parameter, number: index + 1))
        }
        return try function.call(values).printed
    }
}
