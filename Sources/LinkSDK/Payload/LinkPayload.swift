/// LinkPayload: what `onIntegrationConnected` receives once an integration is connected:
/// access tokens, or (for an integration that authorises later) a delayed-auth refresh token.
public enum LinkPayload {
    /// The integration is connected; its accounts and their tokens.
    case accessToken(AccessTokenPayload)
    /// The integration will finish authorising later; a refresh token to complete it with.
    case delayedAuth(DelayedAuthPayload)
}
