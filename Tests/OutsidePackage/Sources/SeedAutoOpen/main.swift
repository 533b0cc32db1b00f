// The app around the sample: the screen is initialised (the handler created), then the app's run
// loop turns, as UIKit's does: onLoad comes on it and presents Link; the turn after ends the app.
import Foundation

struct Logger {
    func error(_ message: String) { NSLog("error: \(message)") }
}
let logger = Logger()

let viewController = ViewController()
viewController.createHandler()
NSLog("created")
DispatchQueue.main.async {
    NSLog("done")
    exit(0)
}
RunLoop.main.run()
