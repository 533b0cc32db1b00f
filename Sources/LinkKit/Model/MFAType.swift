/// MFAType: the kind of multi-factor step the institution asks for (`mfa_type` on the wire).
///
/// `device` is the device picker (where to send a code), `code` the one-time code entry,
/// `questions` security questions, `selections` multiple-choice questions. LinkKit 7 has no
/// `unknown` case here, and neither does this type.
public enum MFAType: String, WireStringEnum, CaseIterable {
    /// `code`: enter a one-time code.
    case code
    /// `device`: choose a device to receive a one-time code.
    case device
    /// `questions`: answer security questions.
    case questions
    /// `selections`: pick an answer among options.
    case selections

    /// Known cases by wire string.
    public static let byWireString: [String: MFAType] = makeWireIndex()

    /// The wire string.
    public var description: String { rawValue }

    /// Creates the case for a wire string, or `nil`.
    public init?(wireString: String) { self.init(rawValue: wireString) }

    /// Encodes the wire string (spelt out: a `String` raw value would otherwise pick another encoding).
    public func encode(to encoder: any Encoder) throws { try encodeWireString(to: encoder) }

    /// Decodes a wire string; an unknown one is an error (the type has no `unknown` case).
    public init(from decoder: any Decoder) throws { try self.init(wireStringFrom: decoder) }
}
