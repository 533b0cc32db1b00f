import ArgumentParser
import Foundation
import LinkKit

/// `linkterm search QUERY`: the ranked institutions for a query, for scripts and benchmarks.
struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
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

    @Option(help: ArgumentHelp("At most this many lines (default 20).", valueName: "n"))
    var limit: Int = 20

    func validate() throws {
        if limit < 1 { throw ValidationError("--limit must be 1 or more") }
    }

    func run() throws {
        let directory = try directoryOption.load()
        let search = InstitutionSearch(directory: directory)
        var out = ""
        for match in search.search(query, among: nil, limit: limit).matches {
            let record = directory.records[match.index]
            out += "\(record.id)\t\(record.name)\n"
        }
        FileHandle.standardOutput.write(Data(out.utf8))
        // leave without tearing the index down: freeing 100k names costs more than the search
        withExtendedLifetime(search) { Foundation.exit(out.isEmpty ? 1 : 0) }
    }
}
