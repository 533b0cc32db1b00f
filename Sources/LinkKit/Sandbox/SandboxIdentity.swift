/// IdentityStep: a step of an Identity Verification session (`--product identity_verification`),
/// each announced by its view and `IDENTITY_VERIFICATION_START_STEP`.
public enum IdentityStep: Hashable, Sendable {
    /// ACCEPT_TOS: the terms of service.
    case acceptTOS
    /// VERIFY_SMS: the phone, then the code sent to it (`codeSent`).
    case verifySMS(codeSent: Bool)
    /// KYC_CHECK: name, date of birth and SSN checked against data sources.
    case kycCheck
    /// DOCUMENTARY_VERIFICATION: an ID document (the fallback when KYC fails).
    case documentaryVerification
    /// SELFIE_CHECK: a selfie matched with the ID.
    case selfieCheck
    /// RISK_CHECK: automatic.
    case riskCheck
    /// SCREENING: the watchlist screening, automatic.
    case screening

    /// The view the step is shown in.
    public var viewName: ViewName {
        switch self {
        case .acceptTOS: .acceptTOS
        case .verifySMS: .verifySMS
        case .kycCheck: .kycCheck
        case .documentaryVerification: .documentaryVerification
        case .selfieCheck: .selfieCheck
        case .riskCheck: .riskCheck
        case .screening: .screening
        }
    }
}

/// IdentityOutcome: how an Identity Verification session ended.
public enum IdentityOutcome: String, Hashable, Sendable {
    /// Every step passed (`IDENTITY_VERIFICATION_PASS_SESSION`).
    case passed
    /// A step failed (`IDENTITY_VERIFICATION_FAIL_SESSION`).
    case failed
    /// Waiting for a person to review (`IDENTITY_VERIFICATION_PENDING_REVIEW_SESSION`).
    case pendingReview = "pending_review"
}

/// IdentityDocument: the document offered on DOCUMENTARY_VERIFICATION, and what the sandbox does with it.
public enum IdentityDocument: String, Hashable, Sendable, CaseIterable {
    /// A driver's license: passes.
    case license
    /// A passport: passes.
    case passport
    /// An ID card photographed badly: fails.
    case blurry
    /// Another document: sent for manual review.
    case other

    /// What the pane lists.
    public var title: String {
        switch self {
        case .license: "Driver's license"
        case .passport: "Passport"
        case .blurry: "ID card (a blurry photo: the sandbox fails it)"
        case .other: "Another document (the sandbox sends it for review)"
        }
    }
}

/// IdentityDetails: what the KYC_CHECK form takes. The SSN is a secret: never in an event, a log
/// or a message.
public struct IdentityDetails: Hashable, Sendable {
    /// First name.
    public var firstName: String
    /// Last name.
    public var lastName: String
    /// Date of birth, `YYYY-MM-DD`.
    public var dateOfBirth: String
    /// Social Security number (wiped once read).
    public var ssn: Secret

    /// Creates the details.
    public init(firstName: String, lastName: String, dateOfBirth: String, ssn: Secret) {
        self.firstName = firstName
        self.lastName = lastName
        self.dateOfBirth = dateOfBirth
        self.ssn = ssn
    }

    /// The same details with their own copy of the SSN.
    public func copy() -> IdentityDetails {
        IdentityDetails(firstName: firstName, lastName: lastName, dateOfBirth: dateOfBirth, ssn: ssn.copy())
    }
}

/// SandboxIdentity: Plaid's Identity Verification sandbox user, Leslie Knope.
public enum SandboxIdentity {
    /// The test user's mobile number.
    public static let phone = "+1 234-567-8909"
    /// The SMS code every sandbox phone receives.
    public static let smsCode: StaticString = "11111"
    /// Wrong SMS codes before the step fails.
    public static let smsAttempts = 3
    /// The test user's name and date of birth.
    public static let firstName = "Leslie", lastName = "Knope", dateOfBirth = "1975-01-18"
    /// The SSNs that pass.
    public static let ssns: [StaticString] = ["123-45-6788", "123-45-6789"]

    /// The owner of the sandbox's accounts (Plaid's sandbox identity data for user_good).
    public static let accountOwner = "Alberta Bobbeth Charleson"

    /// Whether `name` is the accounts' owner: the same first and last name, ignoring case (a
    /// middle name may be left out).
    public static func ownerMatches(_ name: String) -> Bool {
        let given = name.lowercased().split(whereSeparator: \.isWhitespace)
        let owner = accountOwner.lowercased().split(separator: " ")
        return given.count >= 2 && given.first == owner.first && given.last == owner.last
    }

    /// Why the details cannot be submitted (a field empty or malformed), or `nil`.
    public static func problem(with details: IdentityDetails) -> String? {
        if details.firstName.isEmpty || details.lastName.isEmpty { return "enter your first and last name" }
        if let problem = dateOfBirthProblem(details.dateOfBirth) { return problem }
        var ssnDigits = 0
        var ssnBad = false
        details.ssn.forEachCharacter { character in
            if character.isASCIIDigit { ssnDigits += 1 } else if character != "-" { ssnBad = true }
        }
        if ssnBad || ssnDigits != 9 { return "an SSN has 9 digits, e.g. 123-45-6789" }
        return nil
    }

    /// Why `text` is not a date of birth (`YYYY-MM-DD`), or `nil`.
    public static func dateOfBirthProblem(_ text: String) -> String? {
        let parts = text.split(separator: "-")
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
              let month = Int(parts[1]), (1...12).contains(month), let day = Int(parts[2]), (1...31).contains(day)
        else { return "the date of birth is YYYY-MM-DD, e.g. 1975-01-18" }
        return nil
    }

    /// Whether the details are the sandbox user's (the data-source check passes).
    public static func matches(_ details: IdentityDetails) -> Bool {
        guard details.firstName.lowercased() == firstName.lowercased(), details.lastName.lowercased() == lastName.lowercased(),
              details.dateOfBirth == dateOfBirth else { return false }
        return details.ssn.withUnsafeBytes { bytes in ssns.contains { SecretReader.equal(bytes, $0) } }
    }
}

extension Character {
    /// Whether this is one of the ASCII digits 0-9.
    var isASCIIDigit: Bool { ("0"..."9").contains(self) && unicodeScalars.count == 1 }
}
