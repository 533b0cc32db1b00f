// Seed 004 (LinkKit v1 reference guide), copied: the delegate methods and the presentation.
// Changed: `import UIKit` is `import LinkUI` and the view controller adopts TerminalViewController
// (its `present` and `dismiss`); the iPad `modalPresentationStyle` lines are left out (no iPad);
// the token placeholder is a sandbox token; the sample's `(publicToken)` string interpolations are
// written `\(publicToken)`; handleSuccessWithToken, handleError and handleExitWithMetadata are
// the app's own code (the sample calls them without showing them).
import Foundation
import LinkKit
import LinkUI

final class ViewController: TerminalViewController {
    func presentPlaidLink() {
        // With custom configuration
        let linkConfiguration = PLKConfiguration(linkToken: "link-sandbox-af1a0311-da53-4636-b754-dd15cc058176")
        let linkViewDelegate = self
        let linkViewController = PLKPlaidLinkViewController(
          linkToken: "link-sandbox-af1a0311-da53-4636-b754-dd15cc058176",
          configuration: linkConfiguration,
          delegate: linkViewDelegate)
        present(linkViewController, animated: true)
    }

    func handleSuccessWithToken(_ publicToken: String, metadata: [String: Any]?) {
        let institution = metadata?[kPLKMetadataInstitutionKey] as? [String: Any]
        print("success \(publicToken) \(institution?[kPLKMetadataNameKey] ?? "-") accounts=\((metadata?[kPLKMetadataAccountsKey] as? [Any])?.count ?? 0)")
    }

    func handleError(_ error: Error, metadata: [String: Any]?) {
        print("error \(error) status=\(metadata?[kPLKMetadataStatusKey] ?? "-")")
    }

    func handleExitWithMetadata(_ metadata: [String: Any]?) {
        print("exit status=\(metadata?[kPLKMetadataStatusKey] ?? "-")")
    }
}

extension ViewController : PLKPlaidLinkViewDelegate {
func linkViewController(_ linkViewController: PLKPlaidLinkViewController, didSucceedWithPublicToken publicToken: String, metadata: [String : Any]?) {
    dismiss(animated: true) {
        // Handle success, e.g. by storing publicToken with your service
        NSLog("Successfully linked account!\npublicToken: \(publicToken)\nmetadata: \(metadata ?? [:])")
        self.handleSuccessWithToken(publicToken, metadata: metadata)
    }
}

func linkViewController(_ linkViewController: PLKPlaidLinkViewController, didExitWithError error: Error?, metadata: [String : Any]?) {
    dismiss(animated: true) {
        if let error = error {
            NSLog("Failed to link account due to: \(error.localizedDescription)\nmetadata: \(metadata ?? [:])")
            self.handleError(error, metadata: metadata)
        }
        else {
            NSLog("Plaid link exited with metadata: \(metadata ?? [:])")
            self.handleExitWithMetadata(metadata)
        }
    }
}

func linkViewController(_ linkViewController: PLKPlaidLinkViewController, didHandleEvent event: String, metadata: [String : Any]?) {
    NSLog("Link event: \(event)\nmetadata: \(metadata ?? [:])")
}
}
