/// <NAME>Models.swift: the scene's use case as Clean Swift request, response and view model.
enum ModelsTemplate {
    package static let text = #"""
        /// {{NAME}}'s use cases, as Clean Swift models.
        enum {{NAME}} {
            /// The user types a text and taps Update: the label shows it.
            enum Something {
                struct Request { let text: String }
                struct Response { let text: String }
                struct ViewModel { let text: String }
            }
        }

        """#
}
