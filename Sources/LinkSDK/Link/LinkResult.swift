/// LinkResult: what `LinkConfiguration.createHandler()` returns: a handler to show Link with, or
/// why there is none.
public enum LinkResult {
    /// No handler: the message says why ("Invalid linkToken", or that a connect or transfer
    /// callback is missing).
    case failure(String)
    /// A handler for the configuration.
    case success(LinkHandler)
}
