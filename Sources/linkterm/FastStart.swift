import LinkKit
import LinkUI

/// FastStart: a plain start read without ArgumentParser.
///
/// ArgumentParser reads a command's options by reflection, looking the type of every option up
/// among the program's protocol conformances: for linkterm's thirty options that is more work
/// than drawing the first frame, and so is merely making the command (its property wrappers are
/// generic types, each first made by a search through every conformance of the program). A start
/// whose arguments are all of the few plain forms below (none at all, or `--theme`, `--log-panel`,
/// `--institutions`, `--events`, `--seed`, `--flavor` with a value, each once) is set up here
/// instead, as plain values (``SessionCommand``) with ArgumentParser's defaults; anything else
/// (help, another option, a value ArgumentParser would refuse, a check that fails) goes to
/// ArgumentParser, which explains it. `FastStartTests` checks that both give the same command.
enum FastStart {
    /// The options a plain start may give, each with a value.
    static let plainOptions = ["--theme", "--log-panel", "--institutions", "--events", "--seed", "--flavor"]

    /// The command `arguments` (the program's name first) ask for, or `nil` when they are not plain.
    static func command(_ arguments: [String]) -> SessionCommand? {
        // the value of each plain option, at its index in plainOptions (a list, not a dictionary:
        // a few names, and no hashing on the way to the first frame)
        var values = [String?](repeating: nil, count: plainOptions.count)
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            guard argument.hasPrefix("--") else { return nil }
            var name = argument
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            guard let option = plainOptions.firstIndex(of: name), values[option] == nil else { return nil }
            if value == nil {
                index += 1
                guard index < arguments.count, !arguments[index].hasPrefix("-") else { return nil }
                value = arguments[index]
            }
            values[option] = value
            index += 1
        }
        func value(_ name: String) -> String? { plainOptions.firstIndex(of: name).flatMap { values[$0] } }
        // (ArgumentParser reads both by their raw values)
        guard let placement = LogPlacement(rawValue: value("--log-panel") ?? "auto"),
              let flavor = Flavor(rawValue: value("--flavor") ?? "plaid")
        else { return nil }
        var session = SessionSettings()
        session.institutions = value("--institutions")
        if let text = value("--seed") {
            guard let seed = UInt64(text) else { return nil }
            session.seed = seed
        }
        // ArgumentParser's defaults for every other option
        let command = SessionCommand(
            session: session, theme: value("--theme") ?? "default", logPanel: placement, events: value("--events"),
            script: nil, typingDelay: SessionCommand.defaultTypingDelay, pace: SessionCommand.defaultPace, exitAtEnd: false, record: nil, saveScenario: nil, flavor: flavor,
            sdk: .current, transfer: false, transferTo: nil, meshStore: nil)
        do {
            try command.session.validate()
            try command.validate()
        } catch {
            return nil
        }
        return command
    }
}
