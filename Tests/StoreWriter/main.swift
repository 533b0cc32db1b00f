// StoreWriter: saves a LinkStore over and over, for the test that kills a process at random
// points of a save (Tests/pty/test_mesh_store.py). `StoreWriter FOLDER`: after each save it
// writes the number of entries saved to standard output, one line per save.
import Foundation
import LinkSDK

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: StoreWriter FOLDER\n".utf8))
    exit(2)
}
let store = LinkStore(folder: CommandLine.arguments[1])
if let problem = store.problem {
    FileHandle.standardError.write(Data((problem + "\n").utf8))
    exit(1)
}
var round = store.accessTokens.count
while true {
    round += 1
    // entries of growing size, so a torn write would show as a cut JSON document
    let logo = String(repeating: "A", count: 200 * (round % 50))
    let json = """
    {"accountTokens":[{"account":{"accountId":"acc-\(round)","accountName":"Account \(round)"},"accessToken":"tok-\(round)"}],
     "brokerBrandInfo":{"brokerLogo":"\(logo)"},"brokerType":"broker\(round % 7)","brokerName":"Broker"}
    """
    guard let payload = try? JSONDecoder().decode(AccessTokenPayload.self, from: Data(json.utf8)) else { exit(3) }
    if store.accessTokens.count > 40 { store.remove(accessToken: store.accessTokens[0]) }
    store.add(accessToken: payload)
    if let problem = store.problem {
        FileHandle.standardError.write(Data((problem + "\n").utf8))
        exit(1)
    }
    FileHandle.standardOutput.write(Data("\(store.accessTokens.count)\n".utf8))
}
