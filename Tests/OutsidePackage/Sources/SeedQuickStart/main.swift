// The app around the sample: the screen loads, then the person presses "Connect account".
import Foundation

let viewController = ConnectBankViewController()
viewController.viewDidLoad()
NSLog("open")
viewController.connectButtonTapped()
