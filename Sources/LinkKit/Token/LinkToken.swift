/// LinkToken: the checks a `link_token` must pass before a session opens.
///
/// A token looks like `link-<env>-<uuid>`, `env` one of `sandbox`, `production`, `development`
/// and the UUID lowercase. The embedded backend is a sandbox, so only `sandbox` tokens open.
public enum LinkToken {
    /// The environments a token can name.
    public static let environments = ["sandbox", "production", "development"]

    /// Why a token was refused (for messages; the session reports `INVALID_LINK_TOKEN` either way).
    public enum Problem: Hashable, Sendable, CustomStringConvertible {
        /// The token is empty.
        case empty
        /// It does not start with `link-`.
        case missingPrefix
        /// The environment is not one of `sandbox`, `production`, `development`.
        case unknownEnvironment
        /// A `production` or `development` token, which the embedded sandbox cannot serve.
        case notSandbox(String)
        /// The part after the environment is not a lowercase UUID.
        case malformedUUID
        /// A `public_key` (30 hexadecimal digits), which opened Link before link tokens.
        case publicKey

        /// A sentence a person can act on (never quotes the token itself).
        public var description: String {
            switch self {
            case .empty: "the link token is empty"
            case .missingPrefix: "a link token starts with \"link-\" (link-sandbox-<uuid>)"
            case .unknownEnvironment: "the environment must be sandbox, production or development"
            case .notSandbox(let env): "a \(env) token cannot open the embedded sandbox; use a link-sandbox-<uuid> token"
            case .malformedUUID: "the token must end in a lowercase UUID (8-4-4-4-12 hex digits)"
            case .publicKey:
                "this is a public_key, which no longer opens Link: create a link_token with /link/token/create "
                    + "(Plaid's link-token migration guide, plaid.com/docs/link/link-token-migration-guide)"
            }
        }
    }

    /// The first problem with `token`, or `nil` when a sandbox session can open with it.
    public static func problem(with token: String) -> Problem? {
        guard !token.isEmpty else { return .empty }
        var token = token
        return token.withUTF8(problem(in:))
    }

    /// ``problem(with:)`` read from the token's UTF-8 bytes where they lie (every session opens
    /// with this check: no array of them made, no string but a refused environment's name).
    private static func problem(in bytes: UnsafeBufferPointer<UInt8>) -> Problem? {
        if bytes.count == 30, bytes.allSatisfy(isLowercaseHexDigit) { return .publicKey }
        guard bytes.count > 5, bytes.prefix(5).elementsEqual("link-".utf8) else { return .missingPrefix }
        let rest = bytes[5...]
        guard let dash = rest.firstIndex(of: 45) else { return .unknownEnvironment }
        let name = rest[rest.startIndex..<dash]
        // ASCII names: equal as strings exactly when their bytes are equal
        guard let env = environments.first(where: { $0.utf8.elementsEqual(name) }) else { return .unknownEnvironment }
        guard isLowercaseUUID(rest[(dash + 1)...]) else { return .malformedUUID }
        guard env == "sandbox" else { return .notSandbox(env) }
        return nil
    }

    /// Whether `byte` is 0-9 or a-f.
    private static func isLowercaseHexDigit(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (97...102).contains(byte)
    }

    /// Whether `bytes` is a lowercase 8-4-4-4-12 hexadecimal UUID.
    static func isLowercaseUUID<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        guard bytes.count == 36 else { return false }
        for (offset, byte) in bytes.enumerated() {
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard byte == 45 else { return false }
            } else {
                guard isLowercaseHexDigit(byte) else { return false }
            }
        }
        return true
    }

    /// The sandbox token a session with `seed` makes when it is given none: what the sandbox's
    /// `/link/token/create` returns for it (the command line opens its sessions with it).
    public static func sandboxToken(seed: UInt64) -> String {
        var ids = IDGenerator(seed: seed)
        _ = ids.uuid()  // the session id comes first
        return makeSandboxToken(using: &ids)
    }

    /// A fresh sandbox token from the session's id generator.
    public static func makeSandboxToken(using ids: inout IDGenerator) -> String {
        ids.uuid(after: "link-sandbox-")
    }
}
