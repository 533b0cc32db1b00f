// The type names LinkKit's documents give the values linkterm keeps as plain strings (seeds 000
// and 002: "institutionID InstitutionID (String)", "id AccountID (String)", "mask
// Optional<AccountMask> (Optional<String>)", "metadataJSON RawJSONMetadata (String)"), so code
// that spells them compiles.

/// A Plaid institution id, e.g. `ins_109508`.
public typealias InstitutionID = String
/// A Plaid `account_id`.
public typealias AccountID = String
/// The last 2-4 characters of an account's number.
public typealias AccountMask = String
/// Metadata as the JSON text Link sent.
public typealias RawJSONMetadata = String

extension Institution {
    /// LinkKit 4's name of ``id`` (seed 002: "institutionID InstitutionID (String) The Plaid
    /// institution identifier").
    public var institutionID: InstitutionID {
        get { id }
        set { id = newValue }
    }
}

extension Plaid {
    /// The SDK's version (`Plaid.version`): linkterm's, as `linkterm --version` prints it.
    public static var version: String { LinkKitVersion.string }
}
