import LinkKit
import LinkSDK

extension Scenario {
    /// Reads a Plaid scenario from the command line's file: as ``Scenario/init(text:file:)``,
    /// and a step of Mesh's vocabulary (LinkKit does not know Mesh's words) is named as such,
    /// with the line that says how a Mesh scenario is marked.
    init(commandLineText text: String, file: String) throws(ScenarioError) {
        do {
            self = try Scenario(text: text, file: file)
        } catch {
            throw Self.namingMeshSteps(error, in: text)
        }
    }

    /// `error`, reworded when the line it is about starts with a step only Mesh has.
    static func namingMeshSteps(_ error: ScenarioError, in text: String) -> ScenarioError {
        guard error.isMalformed, let number = error.line else { return error }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.indices.contains(number - 1) else { return error }
        let line = ScenarioFile.stripComment(String(lines[number - 1])).trimmingWhitespace()
        let verb = String(line.prefix { !$0.isWhitespace })
        guard vocabulary.step(verb) == nil, MeshScenario.vocabulary.step(verb) != nil else { return error }
        var named = error
        named.message = "\(UntrustedText.quoted(verb)) is a Mesh step: a Mesh scenario says `option flavor mesh` before its first step (or use --flavor mesh)"
        return named
    }
}
