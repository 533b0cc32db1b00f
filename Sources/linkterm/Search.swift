import ArgumentParser
import Foundation
import LinkKit

/// `linkterm search QUERY`: the ranked institutions for a query, for scripts and benchmarks.
struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Print the institutions matching a query, best first, as institution_id<TAB>name lines.",
        discussion: """
            Every word must match the name (or the id); whole words and word starts rank first, then \
            prefixes, contiguous runs and initials (fpb finds First Platypus Bank); case and accents are ignored.

            Examples:
              linkterm search "first plat"
              linkterm search fpb --institutions banks.txt --limit 5
            """)

    @Argument(help: "The query.")
    var query: String

    @OptionGroup var directoryOption: DirectoryOption

    @Option(help: ArgumentHelp("At most this many lines.", valueName: "n"))
    var limit: Int = 20

    func validate() throws {
        if limit < 1 { throw ValidationError("--limit must be 1 or more") }
    }

    func run() throws {
        try Self.run(query: query, directory: directoryOption.load(), limit: limit)
    }

    /// Prints the matches of `query` and exits: 0 with a match, 1 with none, 74 when standard
    /// output could not take them.
    static func run(query: String, directory: InstitutionDirectory, limit: Int) throws -> Never {
        // one search looks at few of the names beyond ASCII: each is folded when looked at
        let search = InstitutionSearch(directory: directory, foldingAhead: false)
        var out = ""
        for match in search.search(query, limit: limit) {
            let record = directory.records[match.index]
            out += "\(record.id)\t\(record.name)\n"
        }
        let failure = writeToStandardOutput(out)
        if let failure, failure != EPIPE {
            printError("linkterm: search: cannot write the results: \(String(cString: strerror(failure)))")
            Foundation.exit(74)
        }
        // leave without tearing the index down: freeing 100k names costs more than the search
        withExtendedLifetime(search) { Foundation.exit(out.isEmpty ? 1 : 0) }
    }
}

/// SearchFastPath: `linkterm search QUERY [--institutions FILE] [--limit N]` read without
/// ArgumentParser, whose reflection costs more than the search of 100,000 names (it looks every
/// option's type up among the program's protocol conformances). Anything else (help, another
/// option, a value that is not a number, a missing one) goes to ArgumentParser, which explains it.
/// `FastStartTests` checks that both read the plain forms alike.
enum SearchFastPath {
    /// A plain search: what ArgumentParser's ``Search`` would hold.
    struct Request: Equatable {
        var query: String
        var institutions: String?
        var limit = 20
    }

    /// The search `arguments` (the program's name first) ask for, or `nil` when they are not of
    /// the plain form.
    static func request(_ arguments: [String]) -> Request? {
        guard arguments.count >= 3, arguments[1] == "search" else { return nil }
        var query: String?
        var institutions: String?
        var limit = 20
        var index = 2
        func value(_ name: String) -> String? {
            let argument = arguments[index]
            if argument == name {
                // a value that looks like an option is ArgumentParser's to refuse
                guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") else { return nil }
                index += 1
                return arguments[index]
            }
            return argument.hasPrefix(name + "=") ? String(argument.dropFirst(name.count + 1)) : nil
        }
        while index < arguments.count {
            let argument = arguments[index]
            if argument.hasPrefix("-") {
                if argument.hasPrefix("--institutions"), institutions == nil, let path = value("--institutions") {
                    institutions = path
                } else if argument.hasPrefix("--limit"), let text = value("--limit"), let number = Int(text), number >= 1 {
                    limit = number
                } else {
                    return nil
                }
            } else {
                guard query == nil else { return nil }
                query = argument
            }
            index += 1
        }
        guard let query else { return nil }
        return Request(query: query, institutions: institutions, limit: limit)
    }

    /// Runs the search the arguments ask for, or returns when they are not of the plain form.
    static func runIfPlain(_ arguments: [String]) {
        guard let request = request(arguments) else { return }
        let directory: InstitutionDirectory
        if let institutions = request.institutions {
            do {
                directory = try InstitutionDirectory.load(path: institutions)
            } catch {
                printError("linkterm: --institutions: \(error)")
                Foundation.exit(2)
            }
        } else {
            directory = .sandbox
        }
        _ = try? Search.run(query: request.query, directory: directory, limit: request.limit)
    }
}
