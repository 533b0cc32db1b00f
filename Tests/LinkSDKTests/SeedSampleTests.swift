// The seed document's v2 code samples (the SDK README), compiled against LinkSDK's public API.
// A plain `import LinkSDK`, as an app would write it, so only public declarations are reached.
// LinkStore's two lines are in SeedStoreSampleTests.swift.
import Testing
import LinkSDK

/// Stands where the README's view controller stands: the samples use `self` as the presenter.
@Suite("The seed's LinkSDK v2 samples compile and run as an app would write them")
final class SeedSampleTests: LinkPresenting {
    /// The handlers `handler.present(in: self)` handed over.
    var presented: [LinkHandler] = []

    func present(_ handler: LinkHandler) { presented.append(handler) }

    @Test("configuration, settings, the callbacks and createHandler, as the README writes them")
    func readmeSamples() {
        let linkToken = MeshLinkToken.sandbox(transfer: false)

        // Seed sample, as written.
        let settings = LinkSettings(useSecureOnDeviceStorage: true)

        // Seed sample; the README leaves both case bodies empty.
        let onIntegrationConnected: (LinkPayload)->() = { linkPayload in
            switch linkPayload {
            case .accessToken(let accessTokenPayload):
                _ = accessTokenPayload
            case .delayedAuth(let delayedAuthPayload):
                _ = delayedAuthPayload
            }
        }

        // The seed describes these three in words only; written in the same style.
        let onTransferFinished: (TransferFinishedPayload)->() = { transferFinishedPayload in
            switch transferFinishedPayload {
            case .success(let transferFinishedSuccessPayload):
                _ = transferFinishedSuccessPayload
            case .error(let transferFinishedErrorPayload):
                _ = transferFinishedErrorPayload
            }
        }
        let onEvent: ([String: Any]?)->() = { event in
            _ = event?["type"]
        }
        let onExit: ()->() = {
        }

        // Seed sample; the README writes `settings: LinkSettings?` (the type where the value goes).
        let configuration = LinkConfiguration(
            linkToken: linkToken,
            settings: settings,
            onIntegrationConnected: onIntegrationConnected,
            onTransferFinished: onTransferFinished,
            onEvent: onEvent,
            onExit: onExit)

        // Seed sample; the README leaves the failure case empty.
        let result = configuration.createHandler()
        switch result {
        case .failure(let error):
            Issue.record("createHandler failed: \(error)")
        case .success(let handler):
            handler.present(in: self)
        }

        #expect(presented.count == 1)
        #expect(configuration.isLinkTokenValid && !configuration.isTransferLink)
    }
}
