// Document Income (`--product income_verification`): bank statements instead of a sign-in.

extension LinkEngine {
    /// The most documents one submission takes.
    public static let maximumDocuments = 10

    /// Why these file names cannot be sent, or `nil`: at least one, at most ten, none empty.
    public static func documentsProblem(_ names: [String]) -> String? {
        if names.isEmpty || names.contains(where: { $0.isBlank }) { return "add at least one bank statement" }
        if names.count > maximumDocuments { return "send at most \(maximumDocuments) documents at once" }
        return nil
    }

    /// `SUBMIT_DOCUMENTS` and the SUBMIT_DOCUMENTS view while they are checked. The sandbox takes
    /// PDF bank statements (names ending in .pdf) and refuses anything else.
    mutating func submitDocuments(_ names: [String]) throws(ActionRejected) {
        guard pane == .uploadDocuments else { throw misfit("documents") }
        if let problem = Self.documentsProblem(names) { throw ActionRejected(problem) }
        let accepted = names.allSatisfy { $0.trimmingWhitespace().lowercased().hasSuffix(".pdf") }
        newRequest()
        emit(.submitDocuments)
        show(.documentsSubmitted(.checking))
        pendingResult = .documentsChecked(accepted: accepted)
        loadingDeadline = now.adding(millis: configuration.latencyMillis)
    }

    /// `SUBMIT_DOCUMENTS_SUCCESS` (the public token follows on Enter, though Document Income
    /// does not use it) or `SUBMIT_DOCUMENTS_ERROR` (back to the upload).
    mutating func documentsChecked(accepted: Bool) {
        if accepted {
            emit(.submitDocumentsSuccess)
            show(.documentsSubmitted(.accepted))
        } else {
            emit(.submitDocumentsError)
            show(.documentsSubmitted(.refused))
        }
    }
}
