/// The events file's form of an event's metadata, written straight into the writer's buffer.
extension EventMetadata {
    /// Appends the 17 wire keys in the order of ``WireKey``, `null` where absent: what
    /// `self[wire:]` gives for each key, with no string made on the way (the keys are constants,
    /// the timestamp's digits go straight into the buffer). `is_update_mode` is a JSON boolean.
    public func write(to writer: inout JSONWriter) {
        writer.raw(#"{"account_number_mask":"#)
        writer.optionalString(accountNumberMask)
        writer.raw(#","error_type":"#)
        writer.optionalString(errorCode?.errorType)
        writer.raw(#","error_code":"#)
        writer.optionalString(errorCode?.errorCode)
        writer.raw(#","error_message":"#)
        writer.optionalString(errorMessage)
        writer.raw(#","exit_status":"#)
        writer.optionalString(exitStatus?.description)
        writer.raw(#","institution_id":"#)
        writer.optionalString(institutionID)
        writer.raw(#","institution_name":"#)
        writer.optionalString(institutionName)
        writer.raw(#","institution_search_query":"#)
        writer.optionalString(institutionSearchQuery)
        writer.raw(#","is_update_mode":"#)
        writer.optionalBool(isUpdateMode.map { $0 == "true" })
        writer.raw(#","match_reason":"#)
        writer.optionalString(matchReason)
        writer.raw(#","mfa_type":"#)
        writer.optionalString(mfaType?.description)
        writer.raw(#","routing_number":"#)
        writer.optionalString(routingNumber)
        writer.raw(#","view_name":"#)
        writer.optionalString(viewName?.description)
        writer.raw(#","selection":"#)
        writer.optionalString(selection)
        writer.raw(#","timestamp":"#)
        writer.timestamp(instant)
        writer.raw(#","link_session_id":"#)
        writer.string(linkSessionID)
        writer.raw(#","request_id":"#)
        writer.optionalString(requestID)
        writer.raw("}")
    }
}
