// linkterm-serve: the SSH server of `linkterm serve`, a program of its own so that linkterm itself
// starts without swift-nio, swift-nio-ssh and BoringSSL. `linkterm serve` checks the command line
// (the sessions' options with linkterm's own parser), then execs this program with the settings
// in the environment (ServeSettings); run by hand, it says to run `linkterm serve` instead.
import Foundation
import LinkCore
import LinkServe
import NIOCore
#if canImport(Glibc)
import Glibc
#endif

/// Writes `message` to standard error, made safe as linkterm's own messages are (controls shown as escapes).
func fail(_ message: String, status: Int32) -> Never {
    let text = message.split(separator: "\n", omittingEmptySubsequences: false)
        .map { UntrustedText.visible(String($0), limit: 400, quoting: false) }
        .joined(separator: "\n") + "\n"
    FileHandle.standardError.write(Data(text.utf8))
    exit(status)
}

guard let encoded = getenv(ServeSettings.environmentName).map({ String(cString: $0) }) else {
    fail("linkterm-serve: this is the SSH server of `linkterm serve`, which starts it: run linkterm serve (linkterm serve --help)",
         status: 2)
}
// the sessions are started with an environment of their own; nothing else is to see this either
unsetenv(ServeSettings.environmentName)
let settings: ServeSettings
do {
    settings = try ServeSettings.decoded(encoded)
} catch {
    fail("linkterm-serve: the settings from linkterm serve could not be read (\(error)): run linkterm serve", status: 2)
}
guard let maxStartups = MaxStartups(settings.maxStartups) else {
    fail("linkterm-serve: the settings from linkterm serve could not be read (--max-startups \(settings.maxStartups))", status: 2)
}

let key: HostKey
do {
    key = try HostKey.loadOrCreate(path: settings.hostKeyPath)
} catch {
    fail("linkterm serve: \(error)", status: 2)
}
let address: SocketAddress
let metricsAddress: SocketAddress?
do {
    address = try ListenAddress.resolve(host: settings.host, port: settings.port)
    metricsAddress = try settings.metricsHost.map { try ListenAddress.resolve(host: $0, port: settings.metricsPort ?? 0) }
} catch {
    fail("linkterm serve: \(error)", status: 2)
}
var limits = ServeLimits(maxSessions: settings.maxSessions, maxPerSource: settings.maxPerSource,
                         idleTimeout: .seconds(Int64(settings.idleTimeout)),
                         handshakeTimeout: .seconds(Int64(settings.handshakeTimeout)))
limits.maxStartups = maxStartups
limits.maxWatchers = settings.maxWatchers
var configuration = ServeConfiguration(
    host: settings.host, port: settings.port, hostKey: key, authorizedKeysPath: settings.authorizedKeysPath, limits: limits,
    executable: settings.executable, sessionArguments: settings.sessionArguments, eventsDirectory: settings.eventsDirectory,
    watch: settings.watch, presenterKey: settings.presenterKey)
    .listening(on: address)
configuration.proxyProtocol = settings.proxyProtocol
configuration.reportsDirectory = settings.reportsDirectory
configuration.metricsAddress = metricsAddress
do {
    try SSHServer(configuration: configuration, log: ServeLog()).run()
} catch let error as ServeError {
    if case .listen = error { fail("linkterm serve: \(error)", status: 1) }
    fail("linkterm serve: \(error)", status: 2)
} catch {
    fail("linkterm serve: \(error)", status: 2)
}
