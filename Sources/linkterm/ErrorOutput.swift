import ArgumentParser
import Foundation
import LinkKit

/// Writes a message for a person to standard error, made safe first: file names, arguments and
/// file contents quoted in it may hold terminal controls or bidi overrides, which are shown as
/// escapes (`\u001B`), and a line longer than 400 characters is cut.
func printError(_ message: String) {
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        String(line).split(separator: "\t", omittingEmptySubsequences: false)
            .map { UntrustedText.visible(String($0), limit: 400, quoting: false) }
            .joined(separator: "\t")
    }
    // write(2), not FileHandle.write, which traps when the write fails (a terminal hung up)
    var text = lines.joined(separator: "\n") + "\n"
    text.withUTF8 { bytes in
        var written = 0
        while written < bytes.count {
            let result = write(STDERR_FILENO, bytes.baseAddress! + written, bytes.count - written)
            if result < 0 && errno == EINTR { continue }
            if result <= 0 { return }  // nowhere left to say it
            written += result
        }
    }
}

extension LinkTerm {
    /// The entry point: ArgumentParser's, with two changes: a usage error exits with 2, as the
    /// help and the README promise (not ArgumentParser's 64), and every message is made safe
    /// (see `printError`). A plain `search` or start is read without it (see `SearchFastPath`, `FastStart`).
    static func main() {
        SearchFastPath.runIfPlain(CommandLine.arguments)
        // (getenv: ProcessInfo's environment is a dictionary of every variable, made on each use)
        let defaults = getenv(DefaultOptions.variable).map { String(cString: $0) }
        do {
            let arguments = try DefaultOptions.arguments(CommandLine.arguments, environment: defaults)
            if let plain = FastStart.command(arguments) {
                try plain.run(walk: nil)
            } else {
                var command = try parse(arguments, defaults: defaults)
                try command.run()
            }
        } catch let malformed as DefaultOptions.Malformed {
            printError("linkterm: \(malformed)")
            Foundation.exit(2)
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)  // the session's own status: nothing to say, no help to build
        } catch {
            var code = exitCode(for: error)
            if code == .validationFailure { code = ExitCode(2) }
            let message = fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { print(message) }
            } else if !message.isEmpty {
                printError(message)
            }
            Foundation.exit(code.rawValue)
        }
    }

    /// ArgumentParser's reading of `arguments` (the program's name first). When they hold
    /// `LINKTERM_DEFAULT_OPTS`'s words and are refused, the message says whether the variable's own
    /// words were at fault, or their meeting with the command line's.
    static func parse(_ arguments: [String], defaults: String?) throws -> ParsableCommand {
        do {
            return try parseAsRoot(Array(arguments.dropFirst()))
        } catch {
            guard arguments != CommandLine.arguments, let defaults, exitCode(for: error) != .success else { throw error }
            let own = (try? DefaultOptions.split(defaults)) ?? []
            do {
                _ = try parseAsRoot(own)
            } catch let refused {
                if exitCode(for: refused) != .success { throw DefaultOptions.Malformed(reason: fullMessage(for: refused)) }
            }
            if (try? parseAsRoot(Array(CommandLine.arguments.dropFirst()))) != nil {
                throw DefaultOptions.Malformed(reason: "with the command line's options: \(fullMessage(for: error))")
            }
            throw error
        }
    }
}
