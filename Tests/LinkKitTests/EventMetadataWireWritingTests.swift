import Foundation
import Testing

@testable import LinkKit

// EventMetadata.write(to:) writes its 17 keys straight into the buffer and Timestamp writes its
// digits there (issue 33): the line must be the one the table of wire keys spells, key by key.
@Suite("Event metadata on the wire")
struct EventMetadataWireWritingTests {
    /// The line as the table of wire keys gives it: each key, then `self[wire: key]` (a JSON
    /// boolean for `is_update_mode`), the way the events file was written before.
    func reference(_ metadata: EventMetadata) -> String {
        var writer = JSONWriter()
        for (index, key) in EventMetadata.WireKey.allCases.enumerated() {
            writer.raw(index == 0 ? "{" : ",")
            writer.key(key.rawValue)
            if key.isBoolean {
                writer.optionalBool(metadata.isUpdateMode.map { $0 == "true" })
            } else {
                writer.optionalString(metadata[wire: key])
            }
        }
        writer.raw("}")
        return writer.text
    }

    /// The ISO 8601 text as the digit-by-digit formatter wrote it before (the low digits of each field).
    func referenceISO8601(_ millis: Int64) -> String {
        var days = millis >= 0 ? millis / 86_400_000 : (millis - 86_399_999) / 86_400_000
        let msOfDay = millis - days * 86_400_000
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        var out = [UInt8]()
        func digits(_ value: Int64, _ width: Int) {
            var buffer = [UInt8](repeating: 48, count: width)
            var rest = value
            for index in stride(from: width - 1, through: 0, by: -1) {
                buffer[index] = UInt8(48 + rest % 10)
                rest /= 10
            }
            out.append(contentsOf: buffer)
        }
        digits(year, 4); out.append(45)
        digits(month, 2); out.append(45)
        digits(day, 2); out.append(84)
        digits(msOfDay / 3_600_000, 2); out.append(58)
        digits(msOfDay / 60_000 % 60, 2); out.append(58)
        digits(msOfDay / 1000 % 60, 2); out.append(46)
        digits(msOfDay % 1000, 3); out.append(90)
        return String(decoding: out, as: UTF8.self)
    }

    @Test("every key set, with text to escape: the same line as the table of wire keys")
    func everyKey() {
        var metadata = EventMetadata(timestamp: Timestamp(millis: 1_767_225_600_123),
                                     linkSessionID: "30571e9b-d6c6-42ee-a7cf-c34768a8f62d", requestID: "m8MDnv9okwxFNBV")
        metadata.accountNumberMask = "0000"
        metadata.errorCode = ExitErrorCode(errorType: "ITEM_ERROR", errorCode: "INVALID_CREDENTIALS")
        metadata.errorMessage = "the \"password\" is\nwrong \\ \u{1B}[31m"
        metadata.exitStatus = .requiresCode
        metadata.institutionID = "ins_109508"
        metadata.institutionName = "First Platypus Bank é\u{85}"
        metadata.institutionSearchQuery = "first plat"
        metadata.isUpdateMode = "true"
        metadata.matchReason = "returning_user"
        metadata.mfaType = .code
        metadata.routingNumber = "011401533"
        metadata.viewName = .credential
        metadata.selection = "instant"
        var writer = JSONWriter()
        metadata.write(to: &writer)
        #expect(writer.text == reference(metadata))
        #expect(metadata.jsonLine == reference(metadata))
        #expect(writer.text.contains(#""timestamp":"2026-01-01T00:00:00.123Z""#))
    }

    @Test("only the keys every event has; update mode false")
    func fewKeys() {
        var metadata = EventMetadata(timestamp: Timestamp(millis: 0), linkSessionID: "s", requestID: nil)
        #expect(metadata.jsonLine == reference(metadata))
        metadata.isUpdateMode = "false"
        #expect(metadata.jsonLine == reference(metadata))
    }

    @Test("timestamps: the same text as the digit-by-digit formatter, in and out of 0000…9999", arguments: [
        Int64(0), 1, 999, 1_767_225_600_000, 1_767_225_600_123, 951_782_400_000, 4_107_542_399_999,
        -1, -86_400_000, -62_135_596_800_000, -62_167_219_200_001, 253_402_300_799_999, 253_402_300_800_000,
        32_503_680_000_000_000,
    ])
    func timestamps(_ millis: Int64) {
        let instant = Timestamp(millis: millis)
        #expect(instant.iso8601 == referenceISO8601(millis))
        var writer = JSONWriter()
        writer.timestamp(instant)
        #expect(writer.text == "\"" + referenceISO8601(millis) + "\"")
    }
}
