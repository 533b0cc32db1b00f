import Foundation
import Testing
@testable import LinkUI

// The terminal's variables (TERM, NO_COLOR, LINKTERM_AUDIENCE_FD, LINKTERM_CRASH_TEST) are read one
// at a time with getenv, not through ProcessInfo's dictionary of them all; an environment given to
// TerminalScreen.open/checkUsable is still read instead of the process's.
@Suite("EnvironmentVariable: one variable of the process's environment")
struct EnvironmentVariableTests {
    @Test("a variable set, empty and unset reads as ProcessInfo reads it")
    func readsLikeProcessInfo() {
        let name = "LINKTERM_ENVIRONMENT_VARIABLE_TEST_\(getpid())"
        #expect(EnvironmentVariable.value(name) == nil)
        setenv(name, "a value = with signs", 1)
        #expect(EnvironmentVariable.value(name) == "a value = with signs")
        #expect(EnvironmentVariable.value(name) == ProcessInfo.processInfo.environment[name])
        setenv(name, "", 1)
        #expect(EnvironmentVariable.value(name) == "")
        unsetenv(name)
        #expect(EnvironmentVariable.value(name) == nil)
    }

    @Test("an environment given is read instead of the process's")
    func givenEnvironmentWins() {
        let name = "LINKTERM_ENVIRONMENT_GIVEN_TEST_\(getpid())"
        setenv(name, "process", 1)
        defer { unsetenv(name) }
        #expect(TerminalScreen.variable(name, in: nil) == "process")
        #expect(TerminalScreen.variable(name, in: [name: "given"]) == "given")
        #expect(TerminalScreen.variable(name, in: [:]) == nil)
    }
}
