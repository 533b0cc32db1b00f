import LinkKit
import LinkSDK
import Testing

/// The vocabularies that `linkterm help replay` prints are the parsers' own: every word listed
/// parses (its example line), every word the parsers take is listed, and help fits 80 columns.
@Suite struct ScenarioVocabularyTests {
    @Test("every Plaid step and option of the vocabulary parses from its example")
    func plaidExamplesParse() throws {
        for word in Scenario.vocabulary.steps {
            let scenario = try Scenario(text: word.example + "\n", file: "v.txt")
            #expect(scenario.steps.count == 1, "\(word.name)")
            #expect(scenario.steps[0].command.verb == word.name, "\(word.name)")
        }
        for word in Scenario.vocabulary.options {
            let scenario = try Scenario(text: "option \(word.example)\ncontinue\n", file: "v.txt")
            #expect(scenario.options.count == 1, "\(word.name)")
        }
    }

    @Test("every Mesh step and option of the vocabulary parses from its example")
    func meshExamplesParse() throws {
        for word in MeshScenario.vocabulary.steps {
            let scenario = try MeshScenario(text: "option flavor mesh\n" + word.example + "\n", file: "v.txt")
            #expect(scenario.steps.count == 1, "\(word.name)")
        }
        for word in MeshScenario.vocabulary.options {
            _ = try MeshScenario(text: "option \(word.example)\ncontinue\n", file: "v.txt")
        }
    }

    @Test("a word outside the vocabulary is refused, and the message lists the vocabulary")
    func unknownWords() {
        do {
            _ = try Scenario(text: "teleport ins_1\n", file: "v.txt")
            Issue.record("an unknown step parsed")
        } catch {
            #expect(error.message == "unknown step \"teleport\"; steps are: " + Scenario.verbs.joined(separator: ", "))
        }
        do {
            _ = try Scenario(text: "integration coinbase\n", file: "v.txt")
            Issue.record("a Mesh step parsed as Plaid")
        } catch {
            // LinkKit knows Plaid's words only; the command line names Mesh's (Tests/pty/test_command_line.py)
            #expect(error.message == "unknown step \"integration\"; steps are: " + Scenario.verbs.joined(separator: ", "))
        }
        do {
            _ = try MeshScenario(text: "option flavor mesh\nselect ins_1\n", file: "v.txt")
            Issue.record("a Plaid step parsed as Mesh")
        } catch {
            #expect(error.message.hasPrefix("unknown step \"select\"; Mesh steps are: "))
        }
        do {
            _ = try MeshScenario(text: "option colour blue\n", file: "v.txt")
            Issue.record("an unknown Mesh option parsed")
        } catch {
            #expect(error.message == "unknown option \"colour\"; a Mesh scenario has flavor mesh, transfer, destination <asset> <network>, connected <integration>, latency <ms>, seed <n>")
        }
    }

    @Test("help lists each word once, its usage first, within 78 columns")
    func helpLines() {
        for vocabulary in [Scenario.vocabulary, MeshScenario.vocabulary] {
            let lines = vocabulary.helpLines()
            #expect(lines.allSatisfy { $0.count <= 78 })
            let usages = lines.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            #expect(usages.count == vocabulary.steps.count + vocabulary.options.count)
            for word in vocabulary.steps {
                #expect(usages.contains { $0.dropFirst(2).hasPrefix(word.usage) }, "\(word.name)")
            }
        }
        #expect(ScenarioVocabulary.helpEntry("wait <ms>", "let time pass") == ["  wait <ms>                 let time pass"])
        #expect(ScenarioVocabulary.helpEntry("numbers <routing> <account> [checking|savings]", "typed")
            == ["  numbers <routing> <account> [checking|savings]", String(repeating: " ", count: 28) + "typed"])
    }
}
