// Seed 000 ("Create a Handler", Swift), copied with its "Automatically present Link once it has
// loaded" example uncommented. Changed: `import UIKit` is `import LinkUI` and the class adopts
// TerminalViewController (whose `.viewController(self)` is the terminal); the token placeholder is
// a sandbox token; each callback logs with NSLog (the app's own line).
import Foundation
import LinkKit
import LinkUI

final class ViewController: TerminalViewController {
    var handler: Handler?

    func createHandler() {
        var linkConfiguration = LinkTokenConfiguration(
            token: "link-sandbox-af1a0311-da53-4636-b754-dd15cc058176",
            onSuccess: { linkSuccess in
                // Send the linkSuccess.publicToken to your app server.
                NSLog("onSuccess \(linkSuccess.publicToken)")
            }
        )
        linkConfiguration.onEvent = { event in NSLog("onEvent \(event.eventName)") }

        let result = Plaid.create(linkConfiguration, onLoad: { [weak self] in
            // Optional callback invoked once Plaid Link has finished preloading and is ready
            // to be presented.
            //
            // Example: Automatically present Link once it has loaded
            guard let self = self else { return }
            NSLog("onLoad handler=\(self.handler != nil)")
            self.handler?.open(presentUsing: .viewController(self))
        })

        switch result {
        case .failure(let error):
            logger.error("Unable to create Plaid handler due to: \(error)")
        case .success(let handler):
            // Retain the handler for the duration of the Link flow (and OAuth redirects)
            self.handler = handler
        }
    }
}
