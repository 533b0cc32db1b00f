import ArgumentParser
import LinkKit
import LinkUI

/// FastStart: a plain start read without ArgumentParser.
///
/// ArgumentParser reads a command's options by reflection, looking the type of every option up
/// among the program's protocol conformances: for linkterm's thirty options that is more work
/// than drawing the first frame. A start whose arguments are all of the few plain forms below
/// (none at all, or `--theme`, `--log-panel`, `--institutions`, `--events`, `--seed`, `--flavor`
/// with a value, each once) is set up here instead, with the same defaults; anything else (help,
/// another option, a value ArgumentParser would refuse, a check that fails) goes to
/// ArgumentParser, which explains it. `FastStartTests` checks that both give the same command.
enum FastStart {
    /// The options a plain start may give, each with a value.
    static let plainOptions: Set<String> = ["--theme", "--log-panel", "--institutions", "--events", "--seed", "--flavor"]

    /// The command `arguments` (the program's name first) ask for, or `nil` when they are not plain.
    static func command(_ arguments: [String]) -> LinkTerm? {
        var values: [String: String] = [:]
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
            guard plainOptions.contains(name), values[name] == nil else { return nil }
            if value == nil {
                index += 1
                guard index < arguments.count, !arguments[index].hasPrefix("-") else { return nil }
                value = arguments[index]
            }
            values[name] = value
            index += 1
        }
        var command = LinkTerm()
        command.session = sessionFlags(institutions: values["--institutions"])
        guard command.set(values) else { return nil }
        if let text = values["--seed"] {
            guard let seed = UInt64(text) else { return nil }
            command.session.seed = seed
        }
        do {
            try command.session.validate()
            try command.validate()
        } catch {
            return nil
        }
        return command
    }

    /// The session options of a plain start: ArgumentParser's defaults.
    static func sessionFlags(institutions: String?) -> SessionFlags {
        var flags = SessionFlags()
        flags.token = nil
        flags.seed = nil
        flags.latency = SessionConfiguration.defaultLatencyMillis
        flags.singleAccount = false
        flags.noAccountSelect = false
        flags.updateMode = false
        flags.institution = nil
        flags.product = []
        flags.redirectURI = nil
        flags.identityMatch = nil
        flags.resumeIdentity = false
        flags.verifyDeposits = false
        flags.returningUser = false
        flags.profile = nil
        var directory = DirectoryOption()
        directory.institutions = institutions
        flags.directoryOption = directory
        return flags
    }
}

extension LinkTerm {
    /// Sets every option to ArgumentParser's default but those in `values` (the plain options);
    /// `false` when a value is not one ArgumentParser would take.
    fileprivate mutating func set(_ values: [String: String]) -> Bool {
        var look = LookOptions()
        look.theme = values["--theme"] ?? "default"
        events = values["--events"]
        guard let placement = LogPlacement(argument: values["--log-panel"] ?? "auto"),
            let flavor = Flavor(argument: values["--flavor"] ?? "plaid")
        else { return false }
        look.logPanel = placement
        self.look = look
        flavorOption = .plaid
        self.flavor = flavor
        script = nil
        typingDelay = 80
        pace = 1000
        exitAtEnd = false
        record = nil
        saveScenario = nil
        sdk = .current
        transferOptions = .none
        meshStore = nil
        return true
    }
}
