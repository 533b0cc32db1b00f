/// SandboxInstitutions: the institutions of the embedded sandbox (the sandbox institutions of Plaid's documentation).
public enum SandboxInstitutions {
    /// First Platypus Bank, the default test institution.
    public static let firstPlatypusBank = "ins_109508"
    /// Unhealthy Platypus Bank - Degraded.
    public static let degraded = "ins_132363"
    /// Unhealthy Platypus Bank - Down.
    public static let down = "ins_132361"
    /// Unsupported Platypus Bank - Institution Not Supported.
    public static let unsupported = "ins_133402"
    /// Platypus OAuth Bank.
    public static let oauth = "ins_127287"

    /// Every institution, sandbox ones first, in the order of the reference table.
    public static let all: [InstitutionRecord] = [
        .init(id: "ins_109508", name: "First Platypus Bank", popular: true),
        .init(id: "ins_130016", name: "First Platypus Balance Bank"),
        .init(id: "ins_109509", name: "First Gingham Credit Union", popular: true),
        .init(id: "ins_109510", name: "Tattersall Federal Credit Union", popular: true),
        .init(id: "ins_109511", name: "Tartan Bank", popular: true),
        .init(id: "ins_109512", name: "Houndstooth Bank", popular: true),
        .init(id: "ins_43", name: "Tartan-Dominion Bank of Canada"),
        .init(id: "ins_116834", name: "Flexible Platypus Open Banking", oauth: true),
        .init(id: "ins_117650", name: "Royal Bank of Plaid", oauth: true),
        .init(id: "ins_127287", name: "Platypus OAuth Bank", oauth: true, popular: true),
        .init(id: "ins_132241", name: "First Platypus OAuth App2App Bank", oauth: true),
        .init(id: "ins_117181", name: "Flexible Platypus Open Banking", oauth: true),
        .init(id: "ins_135858", name: "Windowpane Bank"),
        .init(id: "ins_132363", name: "Unhealthy Platypus Bank - Degraded", status: .degraded),
        .init(id: "ins_132361", name: "Unhealthy Platypus Bank - Down", status: .down),
        .init(id: "ins_133402", name: "Unsupported Platypus Bank - Institution Not Supported", supported: false),
        .init(id: "ins_133502", name: "Platypus Bank RUX Auth"),
        .init(id: "ins_133503", name: "Platypus Bank RUX Match"),
        .init(id: "ins_3", name: "Chase", oauth: true, popular: true),
        .init(id: "ins_4", name: "Wells Fargo", oauth: true, popular: true),
        .init(id: "ins_127989", name: "Bank of America", popular: true),
        .init(id: "ins_20", name: "Citizens Bank"),
        .init(id: "ins_13", name: "PNC"),
        .init(id: "ins_127990", name: "U.S. Bank", oauth: true),
    ]
}
