import Testing
@testable import LinkKit
@testable import LinkSDK

/// The replay loop both flavors share (``ScenarioReplay``): the same rules, said in the same words,
/// whichever flavor's scenario plays.
@Suite("one replay loop for both flavors")
struct ReplayLoopTests {
    /// The error a Plaid scenario stops with, or nil.
    func plaidError(_ text: String) -> ScenarioError? {
        do {
            _ = try records(text)
            return nil
        } catch let error as ScenarioError {
            return error
        } catch {
            Issue.record("not a scenario error: \(error)")
            return nil
        }
    }

    /// The error a Mesh scenario stops with, or nil.
    func meshError(_ text: String) -> ScenarioError? {
        do {
            try MeshScenarioRunner(scenario: try MeshScenario(text: "option flavor mesh\n" + text, file: "test")).run { _ in }
            return nil
        } catch {
            return error
        }
    }

    @Test("a step after the session ended is refused, a wait as well, naming the line")
    func stepAfterTheEnd() {
        // (Mesh let a wait pass after the end before the loop was one)
        #expect(plaidError("quit\nwait 100\n")?.description == "test:2: wait: the session has already ended")
        #expect(meshError("quit\nwait 100\n")?.description == "test:3: wait: the session has already ended")
        #expect(plaidError("quit\ncontinue\n")?.description == "test:2: continue: the session has already ended")
        #expect(meshError("quit\ncontinue\n")?.description == "test:3: continue: the session has already ended")
    }

    @Test("a scenario that ends before the session names the pane and how its flavor ends one")
    func endsEarly() {
        #expect(plaidError("continue\n")?.description
                == "test:1: the scenario ended on the SELECT_INSTITUTION pane before the session did; end it with exit and confirm, quit, or by finishing the flow")
        #expect(meshError("search bin\n")?.description
                == "test:2: the scenario ended on the catalog pane before the session did; end it with exit and confirm, quit, or done")
    }

    @Test("a step's expectations see what came while it waited for the step before to settle")
    func windowStartsBeforeTheWait() throws {
        // credentials has no expectations, so its LOADING settles when mfa waits for it: the MFA
        // request comes then, in mfa's window (Mesh's window began after that wait before the loop was one)
        #expect(meshError("""
            search bin
            integration Binance
            credentials Mesh Pass123
            mfa 123456
            expect integrationMfaRequired
            expect integrationMfaEntered
            done
            """) == nil)
        // Plaid's the same way: the MFA pane's TRANSITION_VIEW comes while exit waits for LOADING
        #expect(plaidError("""
            continue
            select ins_109508
            credentials user_good mfa_device
            exit
            expect TRANSITION_VIEW view_name=MFA
            expect TRANSITION_VIEW view_name=EXIT
            confirm
            """) == nil)
    }
}
