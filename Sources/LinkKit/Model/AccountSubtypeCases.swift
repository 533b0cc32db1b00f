// The wire strings are Plaid Link's, as its documentation spells them (docs/ARCHITECTURE.md §3).

extension AccountSubtype {
    /// Credit: the subtypes of account type `credit`.
    public enum Credit: WireStringEnum {
        /// `all`.
        case all
        /// `credit card`.
        case creditCard
        /// `paypal`.
        case paypal
        /// A wire string this version does not know, kept as received.
        case unknown(String)

        /// Every known case, in declaration order (`unknown` excluded).
        public static let allCases: [Credit] = [
            .all,
            .creditCard,
            .paypal,
        ]

        /// Known cases by wire string, for decoding.
        public static let byWireString: [String: Credit] = makeWireIndex()

        /// The wire string, as the web SDK and the events file spell it.
        public var description: String {
            switch self {
            case .all: "all"
            case .creditCard: "credit card"
            case .paypal: "paypal"
            case .unknown(let value): value
            }
        }

        /// Creates the case for a wire string, or `unknown` for one this version does not know.
        public init(wireString: String) {
            self = Self.byWireString[wireString] ?? .unknown(wireString)
        }
    }

    /// Depository: the subtypes of account type `depository`.
    public enum Depository: WireStringEnum {
        /// `all`.
        case all
        /// `cash management`.
        case cashManagement
        /// `cd`.
        case cd
        /// `checking`.
        case checking
        /// `ebt`.
        case ebt
        /// `hsa`.
        case hsa
        /// `money market`.
        case moneyMarket
        /// `paypal`.
        case paypal
        /// `prepaid`.
        case prepaid
        /// `savings`.
        case savings
        /// A wire string this version does not know, kept as received.
        case unknown(String)

        /// Every known case, in declaration order (`unknown` excluded).
        public static let allCases: [Depository] = [
            .all,
            .cashManagement,
            .cd,
            .checking,
            .ebt,
            .hsa,
            .moneyMarket,
            .paypal,
            .prepaid,
            .savings,
        ]

        /// Known cases by wire string, for decoding.
        public static let byWireString: [String: Depository] = makeWireIndex()

        /// The wire string, as the web SDK and the events file spell it.
        public var description: String {
            switch self {
            case .all: "all"
            case .cashManagement: "cash management"
            case .cd: "cd"
            case .checking: "checking"
            case .ebt: "ebt"
            case .hsa: "hsa"
            case .moneyMarket: "money market"
            case .paypal: "paypal"
            case .prepaid: "prepaid"
            case .savings: "savings"
            case .unknown(let value): value
            }
        }

        /// Creates the case for a wire string, or `unknown` for one this version does not know.
        public init(wireString: String) {
            self = Self.byWireString[wireString] ?? .unknown(wireString)
        }
    }

    /// Loan: the subtypes of account type `loan`.
    public enum Loan: WireStringEnum {
        /// `all`.
        case all
        /// `auto`.
        case auto
        /// `business`.
        case business
        /// `commercial`.
        case commercial
        /// `construction`.
        case construction
        /// `consumer`.
        case consumer
        /// `home equity`.
        case homeEquity
        /// `line of credit`.
        case lineOfCredit
        /// `loan`.
        case loan
        /// `mortgage`.
        case mortgage
        /// `overdraft`.
        case overdraft
        /// `student`.
        case student
        /// A wire string this version does not know, kept as received.
        case unknown(String)

        /// Every known case, in declaration order (`unknown` excluded).
        public static let allCases: [Loan] = [
            .all,
            .auto,
            .business,
            .commercial,
            .construction,
            .consumer,
            .homeEquity,
            .lineOfCredit,
            .loan,
            .mortgage,
            .overdraft,
            .student,
        ]

        /// Known cases by wire string, for decoding.
        public static let byWireString: [String: Loan] = makeWireIndex()

        /// The wire string, as the web SDK and the events file spell it.
        public var description: String {
            switch self {
            case .all: "all"
            case .auto: "auto"
            case .business: "business"
            case .commercial: "commercial"
            case .construction: "construction"
            case .consumer: "consumer"
            case .homeEquity: "home equity"
            case .lineOfCredit: "line of credit"
            case .loan: "loan"
            case .mortgage: "mortgage"
            case .overdraft: "overdraft"
            case .student: "student"
            case .unknown(let value): value
            }
        }

        /// Creates the case for a wire string, or `unknown` for one this version does not know.
        public init(wireString: String) {
            self = Self.byWireString[wireString] ?? .unknown(wireString)
        }
    }

    /// Investment: the subtypes of account type `investment`.
    public enum Investment: WireStringEnum {
        /// `all`.
        case all
        /// `brokerage`.
        case brokerage
        /// `cash isa`.
        case cashIsa
        /// `education savings account`.
        case educationSavingsAccount
        /// `fixed annuity`.
        case fixedAnnuity
        /// `gic`.
        case gic
        /// `health reimbursement arrangement`.
        case healthReimbursementArrangement
        /// `hsa`.
        case hsa
        /// `401a`.
        case investment401a
        /// `401k`.
        case investment401k
        /// `403B`.
        case investment403B
        /// `457b`.
        case investment457b
        /// `529`.
        case investment529
        /// `ira`.
        case ira
        /// `isa`.
        case isa
        /// `keogh`.
        case keogh
        /// `lif`.
        case lif
        /// `lira`.
        case lira
        /// `lrif`.
        case lrif
        /// `lrsp`.
        case lrsp
        /// `mutual fund`.
        case mutualFund
        /// `non-taxable brokerage account`.
        case nonTaxableBrokerageAccount
        /// `pension`.
        case pension
        /// `plan`.
        case plan
        /// `prif`.
        case prif
        /// `profit sharing plan`.
        case profitSharingPlan
        /// `rdsp`.
        case rdsp
        /// `resp`.
        case resp
        /// `retirement`.
        case retirement
        /// `rlif`.
        case rlif
        /// `roth`.
        case roth
        /// `roth 401k`.
        case roth401k
        /// `rrif`.
        case rrif
        /// `rrsp`.
        case rrsp
        /// `sarsep`.
        case sarsep
        /// `sep ira`.
        case sepIra
        /// `simple ira`.
        case simpleIra
        /// `sipp`.
        case sipp
        /// `stock plan`.
        case stockPlan
        /// `tfsa`.
        case tfsa
        /// `thrift savings plan`.
        case thriftSavingsPlan
        /// `trust`.
        case trust
        /// `ugma`.
        case ugma
        /// `utma`.
        case utma
        /// `variable annuity`.
        case variableAnnuity
        /// A wire string this version does not know, kept as received.
        case unknown(String)

        /// Every known case, in declaration order (`unknown` excluded).
        public static let allCases: [Investment] = [
            .all,
            .brokerage,
            .cashIsa,
            .educationSavingsAccount,
            .fixedAnnuity,
            .gic,
            .healthReimbursementArrangement,
            .hsa,
            .investment401a,
            .investment401k,
            .investment403B,
            .investment457b,
            .investment529,
            .ira,
            .isa,
            .keogh,
            .lif,
            .lira,
            .lrif,
            .lrsp,
            .mutualFund,
            .nonTaxableBrokerageAccount,
            .pension,
            .plan,
            .prif,
            .profitSharingPlan,
            .rdsp,
            .resp,
            .retirement,
            .rlif,
            .roth,
            .roth401k,
            .rrif,
            .rrsp,
            .sarsep,
            .sepIra,
            .simpleIra,
            .sipp,
            .stockPlan,
            .tfsa,
            .thriftSavingsPlan,
            .trust,
            .ugma,
            .utma,
            .variableAnnuity,
        ]

        /// Known cases by wire string, for decoding.
        public static let byWireString: [String: Investment] = makeWireIndex()

        /// The wire string, as the web SDK and the events file spell it.
        public var description: String {
            switch self {
            case .all: "all"
            case .brokerage: "brokerage"
            case .cashIsa: "cash isa"
            case .educationSavingsAccount: "education savings account"
            case .fixedAnnuity: "fixed annuity"
            case .gic: "gic"
            case .healthReimbursementArrangement: "health reimbursement arrangement"
            case .hsa: "hsa"
            case .investment401a: "401a"
            case .investment401k: "401k"
            case .investment403B: "403B"
            case .investment457b: "457b"
            case .investment529: "529"
            case .ira: "ira"
            case .isa: "isa"
            case .keogh: "keogh"
            case .lif: "lif"
            case .lira: "lira"
            case .lrif: "lrif"
            case .lrsp: "lrsp"
            case .mutualFund: "mutual fund"
            case .nonTaxableBrokerageAccount: "non-taxable brokerage account"
            case .pension: "pension"
            case .plan: "plan"
            case .prif: "prif"
            case .profitSharingPlan: "profit sharing plan"
            case .rdsp: "rdsp"
            case .resp: "resp"
            case .retirement: "retirement"
            case .rlif: "rlif"
            case .roth: "roth"
            case .roth401k: "roth 401k"
            case .rrif: "rrif"
            case .rrsp: "rrsp"
            case .sarsep: "sarsep"
            case .sepIra: "sep ira"
            case .simpleIra: "simple ira"
            case .sipp: "sipp"
            case .stockPlan: "stock plan"
            case .tfsa: "tfsa"
            case .thriftSavingsPlan: "thrift savings plan"
            case .trust: "trust"
            case .ugma: "ugma"
            case .utma: "utma"
            case .variableAnnuity: "variable annuity"
            case .unknown(let value): value
            }
        }

        /// Creates the case for a wire string, or `unknown` for one this version does not know.
        public init(wireString: String) {
            self = Self.byWireString[wireString] ?? .unknown(wireString)
        }
    }

    /// Other: the subtypes of account type `other`.
    public enum Other: WireStringEnum {
        /// `all`.
        case all
        /// `other`.
        case other
        /// A wire string this version does not know, kept as received.
        case unknown(String)

        /// Every known case, in declaration order (`unknown` excluded).
        public static let allCases: [Other] = [
            .all,
            .other,
        ]

        /// Known cases by wire string, for decoding.
        public static let byWireString: [String: Other] = makeWireIndex()

        /// The wire string, as the web SDK and the events file spell it.
        public var description: String {
            switch self {
            case .all: "all"
            case .other: "other"
            case .unknown(let value): value
            }
        }

        /// Creates the case for a wire string, or `unknown` for one this version does not know.
        public init(wireString: String) {
            self = Self.byWireString[wireString] ?? .unknown(wireString)
        }
    }

}
