import ArgumentParser
import Testing

@testable import linkterm

// A plain start (FastStart) and a plain search (SearchFastPath) skip ArgumentParser for speed
// (issue 17): what they set up must be exactly what ArgumentParser would, option by option and
// default by default, and anything else must be left to ArgumentParser.

@Suite("FastStart: a plain start read without ArgumentParser")
struct FastStartTests {
    @Test("plain arguments give the command ArgumentParser gives", arguments: [
        [String](),
        ["--log-panel", "off"],
        ["--log-panel=right", "--theme", "light"],
        ["--institutions", "banks.txt", "--log-panel", "off"],
        ["--events", "events.jsonl", "--seed", "42"],
        ["--seed=18446744073709551615", "--theme=Themes/x.json"],
        ["--flavor", "mesh"],
        ["--flavor", "plaid", "--institutions=x"],
    ])
    func plainMatchesArgumentParser(_ arguments: [String]) throws {
        let fast = try #require(FastStart.command(["linkterm"] + arguments))
        let parsed = try #require(try LinkTerm.parseAsRoot(arguments) as? LinkTerm)
        #expect(fast == parsed.command)
    }

    @Test("anything else goes to ArgumentParser", arguments: [
        ["--help"], ["-h"], ["--version"], ["search", "x"], ["replay", "f"],
        ["--theme"], ["--theme", "-x"], ["--theme", "a", "--theme", "b"], ["--log-panel", "sideways"],
        ["--seed", "abc"], ["--seed", "-1"], ["--flavor", "other"], ["--script", "f"], ["--update-mode"],
        ["--flavor", "mesh", "--institutions", "x"], ["plain"], ["--log-panel"], ["--themes", "x"],
    ])
    func otherArgumentsAreNotPlain(_ arguments: [String]) {
        #expect(FastStart.command(["linkterm"] + arguments) == nil)
    }
}

@Suite("SearchFastPath: a plain search read without ArgumentParser")
struct SearchFastPathTests {
    @Test("plain arguments give the search ArgumentParser gives", arguments: [
        ["search", "first plat"],
        ["search", "first plat", "--institutions", "banks.txt", "--limit", "20"],
        ["search", "--institutions=banks.txt", "fpb"],
        ["search", "--limit", "5", "bank"],
        ["search", "bank", "--limit=1", "--limit", "7"],
        ["search", "bank", "--institutions", "x y.txt", "--limit=100000"],
    ])
    func plainMatchesArgumentParser(_ arguments: [String]) throws {
        let fast = try #require(SearchFastPath.request(["linkterm"] + arguments))
        let parsed = try #require(try LinkTerm.parseAsRoot(arguments) as? Search)
        #expect(fast == SearchFastPath.Request(
            query: parsed.query, institutions: parsed.directoryOption.institutions, limit: parsed.limit))
    }

    @Test("anything else goes to ArgumentParser", arguments: [
        ["search"], ["search", "--help"], ["search", "-h"], ["search", "a", "b"], ["search", "-x"],
        ["search", "a", "--limit"], ["search", "a", "--limit", "0"], ["search", "a", "--limit", "-3"],
        ["search", "a", "--limit", "x"], ["search", "a", "--limit=5x"], ["search", "a", "--institutions"],
        ["search", "a", "--institutions", "-f"], ["search", "a", "--institutions", "x", "--institutions", "y"],
        ["search", "a", "--institutionsx=y"], ["search", "a", "--seed", "1"], ["search", "--", "-a"],
        ["replay", "a", "b"], ["--theme", "light", "x"],
    ])
    func otherArgumentsAreNotPlain(_ arguments: [String]) {
        #expect(SearchFastPath.request(["linkterm"] + arguments) == nil)
    }
}
