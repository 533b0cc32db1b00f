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
