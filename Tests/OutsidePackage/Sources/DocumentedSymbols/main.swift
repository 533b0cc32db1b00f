// Every symbol issue 29 (point 7) names, spelled as the documents spell them. The test command
// builds it (Tests/pty/test_outside_package.py) and runs it: it prints what each symbol gives.
//   seeds 000, 002: `let method: PresentationMethod = .viewController(self)`
//   seeds 000, 002: "institutionID InstitutionID (String)", "id AccountID (String)",
//                   "mask Optional<AccountMask> (Optional<String>)", "RawJSONMetadata (String)"
//   seed 002 (LinkKit 4): `institutionID` of an institution; "identityVerificationReviewStep"
//   LinkKit: `Plaid.version`
//   seed 004 (v1): `PLKOAuthStateIdFromURL`, the `oauthStateId` item of the configuration, and
//                  "the value of the `PLKPLAIDLINK_DIAGNOSTICS` environment variable"
import Foundation
import LinkKit
import LinkUI

final class LinkViewController: TerminalViewController {
    var handler: Handler?

    func method() -> PresentationMethod {
        let method: PresentationMethod = .viewController(self)
        return method
    }
}

let institutionID: InstitutionID = "ins_109508"
let accountID: AccountID = "vzeNDwK7KQIm4yEog683uElbp9GRLEFXGK98D"
let mask: Optional<AccountMask> = "0000"
let metadataJSON: RawJSONMetadata = #"{"view_name":"CONSENT"}"#
let institution = Institution(id: institutionID, name: "First Platypus Bank")
let sameID: InstitutionID = institution.institutionID
let reviewStep: EventName = .identityVerificationReviewStep
let terminal: PresentationMethod = .terminal
let controller = LinkViewController()
_ = controller.method()
print("institutionID=\(sameID) accountID=\(accountID) mask=\(mask ?? "nil") metadataJSON=\(metadataJSON)")
switch reviewStep {
case .identityVerificationReviewStep: print("event=\(reviewStep)")
default: print("event=other")
}
print("version=\(Plaid.version) terminal=\(type(of: terminal))")

// v1 (seed 004): "Re-initialize Link with oauthNonce and oauthStateId"
let oauthStateId = PLKOAuthStateIdFromURL("https://example.com/oauth-page?oauth_state_id=4e8eb3e3-1b5a-4b10-a8e9-e1bb1bb6fa5e")
let linkConfiguration = PLKConfiguration(linkToken: "link-sandbox-af1a0311-da53-4636-b754-dd15cc058176")
linkConfiguration.oauthNonce = "a2b9b3c6-7b2f-4c6e-9f2f-3f1a0f1c2d3e"
linkConfiguration.oauthStateId = oauthStateId
print("oauthStateId=\(linkConfiguration.oauthStateId ?? "nil")")

// PLKPLAIDLINK_DIAGNOSTICS: opened with no terminal, v1's Link ends at once (didExitWithError);
// the diagnostics log it to the console at the level the variable sets
final class Delegate: PLKPlaidLinkViewDelegate {
    func linkViewController(_ linkViewController: PLKPlaidLinkViewController, didSucceedWithPublicToken publicToken: String, metadata: [String : Any]?) {
        print("didSucceed")
    }
    func linkViewController(_ linkViewController: PLKPlaidLinkViewController, didExitWithError error: Error?, metadata: [String : Any]?) {
        print("didExitWithError \(error.map { "\($0)" } ?? "nil")")
    }
    func linkViewController(_ linkViewController: PLKPlaidLinkViewController, didHandleEvent event: String, metadata: [String : Any]?) {
        print("didHandleEvent \(event)")
    }
}
if CommandLine.arguments.dropFirst().first == "open" {
    let delegate = Delegate()
    let linkViewController = PLKPlaidLinkViewController(linkToken: "link-sandbox-af1a0311-da53-4636-b754-dd15cc058176",
                                                        configuration: linkConfiguration, delegate: delegate)
    print("oauthStateId of the controller=\(linkViewController.oauthStateId ?? "nil")")
    linkViewController.open(using: .terminal)
}
