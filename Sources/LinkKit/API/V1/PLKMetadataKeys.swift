// LinkKit v1's metadata keys and exit statuses (seed 004's reference), as the global constants
// that SDK exported. The values are the keys of the dictionaries its delegate receives.

/// Identifier for the selected account.
public let kPLKMetadataAccountIdKey = "account_id"
/// The selected account (with `selectAccount`): a dictionary of id, name, type, subtype, mask.
public let kPLKMetadataAccountKey = "account"
/// The accounts: dictionaries of id, name, type, subtype, mask.
public let kPLKMetadataAccountsKey = "accounts"
/// Identifier of the account.
public let kPLKMetadataIdKey = "id"
/// Name of the institution or account.
public let kPLKMetadataNameKey = "name"
/// Type of the institution or account.
public let kPLKMetadataTypeKey = "type"
/// Subtype of the account.
public let kPLKMetadataSubtypeKey = "subtype"
/// Mask of the account.
public let kPLKMetadataMaskKey = "mask"
/// The institution: a dictionary of name and type (the institution's id).
public let kPLKMetadataInstitutionKey = "institution"
/// Where the user left the flow (``kPLKStatusConnected`` and the others).
public let kPLKMetadataStatusKey = "status"
/// The id of the last request.
public let kPLKMetadataRequestIdKey = "request_id"
/// The id of the last Plaid API request.
public let kPLKMetadataPlaidApiRequestIdKey = "plaid_api_request_id"
/// The institution's id in event metadata under the legacy API.
public let kPLKAPIv1MetadataInstitutionTypeKey = "institution_type"
/// Deprecated in favour of ``kPLKAPIv1MetadataInstitutionTypeKey``.
public let kPLKMetadataInstitution_TypeKey = "institution_type"
/// Deprecated in favour of ``kPLKMetadataTypeKey``.
public let kPLKMetadataInstitutionTypeKey = "type"
/// The query used to search for institutions.
public let kPLKMetadataInstitutionSearchQueryKey = "institution_search_query"
/// The id of the selected institution.
public let kPLKMetadataInstitutionIdKey = "institution_id"
/// The name of the selected institution.
public let kPLKMetadataInstitutionNameKey = "institution_name"
/// The request id of the last request Link made.
public let kPLKMetadataLinkRequestIdKey = "request_id"
/// The session's id, constant for the whole flow.
public let kPLKMetadataLinkSessionIdKey = "link_session_id"
/// The error type the user met.
public let kPLKMetadataErrorTypeKey = "error_type"
/// The error code the user met.
public let kPLKMetadataErrorCodeKey = "error_code"
/// The error message the user met.
public let kPLKMetadataErrorMessageKey = "error_message"
/// The MFA type: code, device, questions, selections.
public let kPLKMetadataMFATypeKey = "mfa_type"
/// The view being transitioned to.
public let kPLKMetadataViewNameKey = "view_name"
/// When the event happened, ISO 8601.
public let kPLKMetadataTimestampKey = "timestamp"
/// Where the user left the flow (the `EXIT` event).
public let kPLKMetadataExitStatusKey = "exit_status"

/// The user completed the flow.
public let kPLKStatusConnected = "connected"
/// The user was asked security questions.
public let kPLKStatusRequiresQuestions = "requires_questions"
/// The user was asked multiple-choice questions.
public let kPLKStatusRequiresSelections = "requires_selections"
/// The user was asked for a one-time code.
public let kPLKStatusRequiresCode = "requires_code"
/// The user was asked to choose a device for the code.
public let kPLKStatusChooseDevice = "choose_device"
/// The user was asked for credentials, or had not chosen an institution.
public let kPLKStatusRequiresCredentials = "requires_credentials"
/// The user was asked to prove they are human (reCAPTCHA).
public let kPLKStatusRequiresRecaptcha = "requires_recaptcha"
/// The user left after a search that found nothing.
public let kPLKStatusInstitutionNotFound = "institution_not_found"
