import Foundation

extension SavedProfile {
    /// FileProblem: a profile file that cannot be read, with what was wrong.
    public struct FileProblem: Error, Hashable, Sendable, CustomStringConvertible {
        /// The message, naming the file and the field.
        public var message: String
        /// The message.
        public var description: String { message }
    }

    /// The largest profile file read: 1 MiB.
    public static let maximumFileBytes = 1 << 20

    /// Reads the profile at `path`; `nil` when there is no file yet (a first visit).
    public static func load(path: String) throws(FileProblem) -> SavedProfile? {
        let data: [UInt8]
        do {
            data = try FileReading.read(path, limit: maximumFileBytes)
        } catch {
            switch error.kind {
            case .system(ENOENT): return nil
            case .tooLarge(let size): throw FileProblem(message: "\(path): \(size.map { "\($0) bytes" } ?? "too large"); a profile holds at most \(maximumFileBytes)")
            default: throw FileProblem(message: "\(path): cannot be read: \(error.reason)")
            }
        }
        let root: JSONValue
        do {
            root = try JSONReader.parse(data)
        } catch {
            throw FileProblem(message: "\(path): \(error.message)")
        }
        return try parse(root, file: path)
    }

    static func parse(_ root: JSONValue, file: String) throws(FileProblem) -> SavedProfile {
        func problem(_ text: String) -> FileProblem { FileProblem(message: "\(file): \(text)") }
        func string(_ object: [String: JSONValue], _ key: String, in place: String) throws(FileProblem) -> String {
            guard case .string(let text)? = object[key] else {
                throw problem("\(place): \"\(key)\" must be a string, got \(object[key]?.kind ?? "nothing")")
            }
            return text
        }
        guard case .object(let top) = root else { throw problem("a profile is an object {\"phone\": …, \"institutions\": […]}") }
        let phoneText = try string(top, "phone", in: "the profile")
        guard let phone = normalizedPhone(phoneText) else {
            throw problem("\"phone\" must be a 10-digit US phone number, got \(UntrustedText.quoted(phoneText))")
        }
        guard case .array(let entries)? = top["institutions"] else {
            throw problem("\"institutions\" must be an array, got \(top["institutions"]?.kind ?? "nothing")")
        }
        var institutions: [SavedInstitution] = []
        for (index, entry) in entries.enumerated() {
            let place = "institutions[\(index)]"
            guard case .object(let fields) = entry else { throw problem("\(place) must be an object") }
            let id = try string(fields, "institution_id", in: place)
            let name = try string(fields, "name", in: place)
            guard case .array(let accountEntries)? = fields["accounts"] else {
                throw problem("\(place): \"accounts\" must be an array, got \(fields["accounts"]?.kind ?? "nothing")")
            }
            var accounts: [SandboxAccounts.Template] = []
            for (number, accountEntry) in accountEntries.enumerated() {
                let accountPlace = "\(place).accounts[\(number)]"
                guard case .object(let account) = accountEntry else { throw problem("\(accountPlace) must be an object") }
                accounts.append(SandboxAccounts.Template(
                    name: try string(account, "name", in: accountPlace), mask: try string(account, "mask", in: accountPlace),
                    subtype: AccountSubtype(type: try string(account, "type", in: accountPlace),
                                            subtype: try string(account, "subtype", in: accountPlace)),
                    officialName: nil))
            }
            institutions.append(SavedInstitution(institution: Institution(id: id, name: name), accounts: accounts))
        }
        return SavedProfile(phone: phone, institutions: institutions)
    }

    /// The profile as the file holds it (one JSON object, a newline at the end).
    public var fileText: String {
        var writer = JSONWriter()
        writer.raw(#"{"phone":"#)
        writer.string(phone)
        writer.raw(#","institutions":["#)
        for (index, saved) in institutions.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.raw(#"{"institution_id":"#)
            writer.string(saved.institution.id)
            writer.raw(#","name":"#)
            writer.string(saved.institution.name)
            writer.raw(#","accounts":["#)
            for (number, account) in saved.accounts.enumerated() {
                if number > 0 { writer.raw(",") }
                writer.raw(#"{"name":"#)
                writer.string(account.name)
                writer.raw(#","mask":"#)
                writer.string(account.mask)
                writer.raw(#","type":"#)
                writer.string(account.subtype.type)
                writer.raw(#","subtype":"#)
                writer.string(account.subtype.subtype)
                writer.raw("}")
            }
            writer.raw("]}")
        }
        writer.raw("]}\n")
        return writer.text
    }

    /// Writes the profile to `path` atomically (0600): a crash leaves the old file or the new.
    public func save(path: String) throws(AtomicFile.Failure) {
        try AtomicFile.replace(path, with: Array(fileText.utf8))
    }

    /// Saves `institution` and its `accounts` for `phone` in the profile file at `path`, merged
    /// with what the file holds now, not with what it held when the session started: under the
    /// file's lock (``FileLock``, `PATH.lock`) the file is read again and, when it is this phone's,
    /// the institution is added to (or replaces its entry in) its institutions; another phone's
    /// profile, or no file, makes a profile of this phone alone. So two sessions saving two banks
    /// for one phone at once both keep theirs. Throws (the file left as it was) when the lock is
    /// held longer than ``FileLock/waitSeconds``, when the file is no longer a profile, or when
    /// it cannot be written. Returns the profile saved.
    @discardableResult
    public static func saveMerging(_ institution: Institution, accounts: [Account], phone: String,
                                   path: String) throws -> SavedProfile {
        try FileLock.withLock(of: path) {
            let current = try load(path: path)
            let known = current.flatMap { $0.phone == phone ? $0 : nil }
            let updated = (known ?? SavedProfile(phone: phone)).remembering(institution, accounts: accounts)
            try updated.save(path: path)
            return updated
        }
    }
}
