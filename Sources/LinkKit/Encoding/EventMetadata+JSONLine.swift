/// The events file's form of an event's metadata, written straight into the writer's buffer.
extension EventMetadata {
    /// Appends the 17 wire keys in the order of ``WireKey``, `null` where absent: what
    /// `self[wire:]` gives for each key, with no string made on the way (the keys are constants,
    /// the timestamp's digits go straight into the buffer). `is_update_mode` is a JSON boolean.
    public func write(to writer: inout JSONWriter) {
        writer.member(#"{"account_number_mask":"#, accountNumberMask)
        writer.member(#","error_type":"#, errorCode?.errorType)
        writer.member(#","error_code":"#, errorCode?.errorCode)
        writer.member(#","error_message":"#, errorMessage)
        writer.member(#","exit_status":"#, exitStatus?.description)
        writer.member(#","institution_id":"#, institutionID)
        writer.member(#","institution_name":"#, institutionName)
        writer.member(#","institution_search_query":"#, institutionSearchQuery)
        writer.member(#","is_update_mode":"#, isUpdateMode.map { $0 == "true" })
        writer.member(#","match_reason":"#, matchReason)
        writer.member(#","mfa_type":"#, mfaType?.description)
        writer.member(#","routing_number":"#, routingNumber)
        writer.member(#","view_name":"#, viewName?.description)
        writer.member(#","selection":"#, selection)
        writer.raw(#","timestamp":"#)
        writer.timestamp(instant)
        writer.member(#","link_session_id":"#, linkSessionID)
        writer.member(#","request_id":"#, requestID)
        writer.raw("}")
    }
}
