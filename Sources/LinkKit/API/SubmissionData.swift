/// SubmissionData: what the app knows about the person and hands to Link with `submit(data:)`
/// (Layer): a model of the app's own conforms to it, as in LinkKit.
public protocol SubmissionData {
    /// The person's phone number (`14155550015`, `415-555-0010`).
    var phoneNumber: String? { get }
    /// The person's date of birth, `yyyy-mm-dd`.
    var dateOfBirth: String? { get }
}

extension SubmissionData {
    /// No phone unless the model has one.
    public var phoneNumber: String? { nil }
    /// No date of birth unless the model has one.
    public var dateOfBirth: String? { nil }
}
