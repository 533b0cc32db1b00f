// The wire strings are Plaid Link's, as its documentation spells them (docs/ARCHITECTURE.md §3).

/// ExitStatus: where the user was when they left Link (`onExit` `metadata.status`, `EXIT` `exit_status`).
/// 
/// The union of LinkKit 7's cases, the web list and the React Native superset.
public enum ExitStatus: WireStringEnum {
    /// `requires_questions`.
    case requiresQuestions
    /// `requires_selections`.
    case requiresSelections
    /// `requires_code`.
    case requiresCode
    /// `choose_device`.
    case chooseDevice
    /// `requires_credentials`.
    case requiresCredentials
    /// `institution_not_found`.
    case institutionNotFound
    /// `requires_account_selection`.
    case requiresAccountSelection
    /// `continue_to_third_party`.
    case continueToThirdParty
    /// `requires_oauth`.
    case requiresOAuth
    /// `institution_not_supported`.
    case institutionNotSupported
    /// `connected`.
    case connected
    /// `requires_external_action`.
    case requiresExternalAction
    /// `requires_recaptcha`.
    case requiresRecaptcha
    /// `requires_deposit_switch_allocation_configuration`.
    case requiresDepositSwitchAllocationConfiguration
    /// `requires_deposit_switch_allocation_selection`.
    case requiresDepositSwitchAllocationSelection
    /// A wire string this version does not know, kept as received.
    case unknown(String)

    /// Every known case, in declaration order (`unknown` excluded).
    public static let allCases: [ExitStatus] = [
        .requiresQuestions,
        .requiresSelections,
        .requiresCode,
        .chooseDevice,
        .requiresCredentials,
        .institutionNotFound,
        .requiresAccountSelection,
        .continueToThirdParty,
        .requiresOAuth,
        .institutionNotSupported,
        .connected,
        .requiresExternalAction,
        .requiresRecaptcha,
        .requiresDepositSwitchAllocationConfiguration,
        .requiresDepositSwitchAllocationSelection,
    ]

    /// Known cases by wire string, for decoding.
    public static let byWireString: [String: ExitStatus] = makeWireIndex()

    /// The wire string, as the web SDK and the events file spell it.
    public var description: String {
        switch self {
        case .requiresQuestions: "requires_questions"
        case .requiresSelections: "requires_selections"
        case .requiresCode: "requires_code"
        case .chooseDevice: "choose_device"
        case .requiresCredentials: "requires_credentials"
        case .institutionNotFound: "institution_not_found"
        case .requiresAccountSelection: "requires_account_selection"
        case .continueToThirdParty: "continue_to_third_party"
        case .requiresOAuth: "requires_oauth"
        case .institutionNotSupported: "institution_not_supported"
        case .connected: "connected"
        case .requiresExternalAction: "requires_external_action"
        case .requiresRecaptcha: "requires_recaptcha"
        case .requiresDepositSwitchAllocationConfiguration: "requires_deposit_switch_allocation_configuration"
        case .requiresDepositSwitchAllocationSelection: "requires_deposit_switch_allocation_selection"
        case .unknown(let value): value
        }
    }

    /// Creates the case for a wire string, or `unknown` for one this version does not know.
    public init(wireString: String) {
        self = Self.byWireString[wireString] ?? .unknown(wireString)
    }
}
