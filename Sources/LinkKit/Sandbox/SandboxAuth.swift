/// AuthMethod: how an institution verifies account and routing numbers when the token asks for
/// Auth (`--product auth`), as the sandbox's Auth test institutions do.
public enum AuthMethod: Hashable, Sendable {
    /// Sign in, choose the account, then type its routing and account numbers (Houndstooth Bank):
    /// Instant Match for `pass_good`, automated micro-deposits for `microdeposits_good`.
    case instantMatch
    /// No sign-in: type the numbers, receive a $0.01 deposit with a 3-letter code, type it
    /// (Windowpane Bank).
    case instantMicrodeposits
}

/// AuthFlow: what the NUMBERS pane is collecting numbers for.
public enum AuthFlow: Hashable, Sendable {
    /// "Link with account numbers": no institution; deposits arrive in a day or two
    /// (`pending_manual_verification`).
    case sameDayMicrodeposits
    /// An instant micro-deposit with a code, verified in the session (`manually_verified`).
    case instantMicrodeposits
    /// After sign-in: the numbers of the chosen account must match it (Instant Match,
    /// verification `null`).
    case instantMatch(accountIndex: Int)
    /// After sign-in with `microdeposits_good`: a deposit Plaid verifies by itself
    /// (`pending_automatic_verification`).
    case automatedMicrodeposits(accountIndex: Int)
}

/// AuthTypeSelection: the choice on the SELECT_AUTH_TYPE pane (`selection` on `SELECT_AUTH_TYPE`).
public enum AuthTypeSelection: String, Hashable, Sendable, CaseIterable {
    /// Find the bank and sign in: `flow_type_instant`.
    case instant
    /// Type account and routing numbers (same-day micro-deposits): `flow_type_manual`.
    case manual

    /// The `selection` metadata value.
    public var selection: String { "flow_type_" + rawValue }
}

/// DepositAccountType: the account type asked for with typed numbers.
public enum DepositAccountType: String, Hashable, Sendable, CaseIterable {
    /// A checking account.
    case checking
    /// A savings account.
    case savings

    /// The name shown and given to the account.
    public var title: String { self == .checking ? "Checking" : "Savings" }
}

/// SandboxAuth: the sandbox's Auth testing values (`reference/plaid-link.md` §2.2).
public enum SandboxAuth {
    /// The password that makes Houndstooth Bank use automated micro-deposits.
    public static let automatedMicrodepositsPassword: StaticString = "microdeposits_good"
    /// The code in the description of every sandbox micro-deposit.
    public static let depositCode: StaticString = "ABC"
    /// Wrong deposit codes allowed before verification fails for good.
    public static let depositCodeAttempts = 3
    /// The routing numbers of the Auth test table (Houndstooth, same-day, Windowpane).
    public static let testRoutingNumbers = ["021000021", "110000000", "333333334"]
    /// The account numbers of the Auth test table.
    public static let testAccountNumbers = ["1111222233331111", "1111222233330000"]

    /// The institutions with an Auth method, by id.
    public static let methods: [String: AuthMethod] = [
        "ins_109512": .instantMatch,  // Houndstooth Bank
        "ins_135858": .instantMicrodeposits,  // Windowpane Bank
    ]

    /// The institution a routing number belongs to, where the sandbox knows it (the same-day
    /// flow offers to sign in there instead: NUMBERS_SELECT_INSTITUTION).
    public static let institutionsByRoutingNumber: [String: String] = ["021000021": "ins_109512"]

    /// Why `text` is not a routing number (9 digits whose ABA checksum holds), or `nil`.
    public static func routingNumberProblem(_ text: String) -> String? {
        let digits = text.unicodeScalars.compactMap { scalar -> Int? in
            ("0"..."9").contains(scalar) ? Int(scalar.value) - 48 : nil
        }
        guard digits.count == text.unicodeScalars.count else { return "A routing number has digits only" }
        guard digits.count == 9 else { return "A routing number has 9 digits; this has \(digits.count)" }
        let weights = [3, 7, 1, 3, 7, 1, 3, 7, 1]
        let sum = zip(digits, weights).reduce(0) { $0 + $1.0 * $1.1 }
        guard sum % 10 == 0 else { return "That is not a routing number (its check digit is wrong)" }
        return nil
    }

    /// Why `text` is not an account number (4 to 17 digits), or `nil`.
    public static func accountNumberProblem(_ text: String) -> String? {
        guard !text.isEmpty, text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else {
            return "An account number has digits only"
        }
        guard (4...17).contains(text.count) else { return "An account number has 4 to 17 digits; this has \(text.count)" }
        return nil
    }

    /// `account_number_mask` for a typed account number: its last 4 digits, empty when it has
    /// only 4 (the seeds: "If the user-inputted account number is four digits long,
    /// account_number_mask is empty").
    public static func mask(of accountNumber: String) -> String {
        accountNumber.count <= 4 ? "" : String(accountNumber.suffix(4))
    }
}
