import CNcurses
import Testing
@testable import LinkUI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension TerminalScreenTests {
    /// Keys injected with ungetch / unget_wch, which are LIFO: the last key
    /// pushed is read first, so sequences are pushed in reverse.
    @Suite("Input")
    struct Input {
        /// Pushes `keys` so that they are read in the given order.
        static func inject(_ keys: [Int]) {
            for key in keys.reversed() { #expect(lt_unget_key(Int32(key)) == 0) }
        }

        /// Pushes the characters of `text` so that they are read in order.
        static func inject(text: String) {
            for scalar in text.unicodeScalars.reversed() {
                #expect(lt_unget_wch(wchar_t(bitPattern: scalar.value)) == 0)
            }
        }

        @Test func decodesKeysInOrder() throws {
            try withScreen { screen in
                Self.inject([LT_KEY_UP, 13, 27, 3, LT_KEY_BTAB, 127, LT_KEY_DC, LT_KEY_F0 + 1, LT_KEY_NPAGE, 9, 0x61])
                let expected: [Key] = [.up, .enter, .escape, .ctrl("c"), .backTab, .backspace, .delete,
                                       .function(1), .pageDown, .tab, .char("a")]
                for key in expected {
                    #expect(screen.readKey(timeoutMs: 0) == key)
                }
                #expect(screen.readKey(timeoutMs: 0) == nil)
            }
        }

        @Test func decodesWideCharacters() throws {
            try withScreen { screen in
                Self.inject(text: "日é😀")
                #expect(screen.readKey(timeoutMs: 0) == .char("日"))
                #expect(screen.readKey(timeoutMs: 0) == .char("é"))
                #expect(screen.readKey(timeoutMs: 0) == .char("😀"))
                #expect(screen.readKey(timeoutMs: 0) == nil)
            }
        }

        @Test func bracketedPasteComesBackWhole() throws {
            try withScreen { screen in
                // Pushed in reverse: end marker, text, start marker; then a key after it.
                #expect(lt_unget_key(0x78) == 0)
                #expect(lt_unget_key(Int32(LT_KEY_PASTE_END)) == 0)
                Self.inject(text: "user_good\rpass 日")
                #expect(lt_unget_key(Int32(LT_KEY_PASTE_START)) == 0)
                // the paste reader is incremental: a read may return before the paste is whole
                var first: Key?
                for _ in 0..<200 where first == nil { first = screen.readKey(timeoutMs: 5) }
                #expect(first == .paste("user_good\npass 日"))
                #expect(screen.readKey(timeoutMs: 0) == .char("x"))
            }
        }

        /// A headless screen reading a pipe, and a function that writes `text` into it (as a
        /// terminal would send it).
        static func withPipedScreen(_ body: (TerminalScreen, (String) -> Void) throws -> Void) throws {
            var fds: [Int32] = [-1, -1]
            #expect(pipe(&fds) == 0)
            defer { for fd in fds { close(fd) } }
            let screen = try TerminalScreen.headless(inputFD: fds[0])
            defer { screen.close() }
            try body(screen) { text in
                let bytes = Array(text.utf8)
                #expect(bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) } == bytes.count)
            }
        }

        /// A loop that sleeps in `waitForInput` is woken when a partial input is due: a lone
        /// Esc becomes Escape after its 50 ms without the loop waiting for another byte, and an
        /// unended paste is delivered after its 500 ms without input.
        @Test func waitForInputWakesWhenAPartialInputIsDue() throws {
            try Self.withPipedScreen { screen, send in
                func next() -> Key? {
                    for _ in 0..<100 {  // each wait ends when something is due: never 100 in a row
                        guard screen.waitForInput(timeoutMs: -1) == .input else { continue }
                        if let key = screen.readKey(timeoutMs: 0) { return key }
                    }
                    return nil
                }
                send("\u{1B}")
                #expect(next() == .escape)
                #expect(screen.inputDueInMs == nil)
                send("\u{1B}[200~abc")
                #expect(next() == .paste("abc"))
                send("\u{1B}[12;40R\u{1B}]11;rgb:0/0/0\u{1B}\\x")
                #expect(next() == .char("x"))
                #expect(screen.inputDueInMs == nil)
            }
        }

        /// An app busy for longer than a paste's idle time (a slow frame, a loaded machine) finds
        /// the rest of the paste still waiting: the paste goes on, whole, and is not cut where
        /// the app looked away (its rest typed as keys: an Enter in it would submit a form).
        @Test func aPasteOutlastsABusyApp() throws {
            try Self.withPipedScreen { screen, send in
                send("\u{1B}[200~abc")
                #expect(screen.readKey(timeoutMs: 0) == nil)  // the paste has begun
                send("d\re\u{1B}[201~x")
                usleep(useconds_t(PasteInProgress.idleMs + 200) * 1000)  // the app is busy elsewhere: the condition tested
                var keys: [Key] = []
                for _ in 0..<100 where keys.count < 2 {
                    if let key = screen.readKey(timeoutMs: 5) { keys.append(key) }
                }
                #expect(keys == [.paste("abcd\ne"), .char("x")])
            }
        }

        @Test func mouseEventsAreMapped() throws {
            try withScreen { screen in
                let cases: [(UInt, MouseEvent.Kind)] = [
                    (lt_button1_pressed(), .press), (lt_button1_released(), .release),
                    (lt_button1_clicked(), .click), (lt_wheel_up(), .wheelUp), (lt_wheel_down(), .wheelDown),
                ]
                for (state, kind) in cases {
                    #expect(lt_unget_mouse(3, 7, state) == 0)
                    #expect(screen.readKey(timeoutMs: 0) == .mouse(MouseEvent(y: 3, x: 7, kind: kind)))
                }
            }
        }
    }

    /// The flag-only signal handlers. Signals are raised on the test's own
    /// thread with the signal unblocked (test worker threads block signals),
    /// so they are delivered before `raise` returns.
    @Suite("Signals")
    struct Signals {
        /// Raises `signal` on this thread with it unblocked.
        static func raiseHere(_ signal: Int32) {
            var set = sigset_t()
            var previous = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, signal)
            pthread_sigmask(SIG_UNBLOCK, &set, &previous)
            raise(signal)
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }

        @Test func flagsAreTakenByPriority() {
            #expect(lt_install_signal_handlers() == 0)
            defer { lt_uninstall_signal_handlers() }
            #expect(lt_take_signal() == 0)
            Self.raiseHere(SIGWINCH)
            Self.raiseHere(SIGINT)
            Self.raiseHere(SIGHUP)
            Self.raiseHere(SIGTERM)
            Self.raiseHere(SIGCONT)
            #expect(Int(lt_take_signal()) == LT_SIG_HANGUP)
            #expect(Int(lt_take_signal()) == LT_SIG_TERMINATE)
            #expect(Int(lt_take_signal()) == LT_SIG_INTERRUPT)
            #expect(Int(lt_take_signal()) == LT_SIG_RESIZE)
            #expect(Int(lt_take_signal()) == LT_SIG_CONTINUE)
            #expect(lt_take_signal() == 0)
        }

        @Test func screenReportsPendingSignals() throws {
            #expect(lt_install_signal_handlers() == 0)
            defer { lt_uninstall_signal_handlers() }
            try withScreen { screen in
                #expect(screen.pendingSignal() == nil)
                Self.raiseHere(SIGTERM)
                #expect(screen.pendingSignal() == .terminate)
                Self.raiseHere(SIGWINCH)
                #expect(screen.pendingSignal() == .resize)
                Self.raiseHere(SIGCONT)
                #expect(screen.pendingSignal() == .continued)
                #expect(screen.size == TerminalSize(rows: 24, cols: 80))
                #expect(screen.pendingSignal() == nil)
            }
        }

        @Test func crashHandlersChainToThePreviousHandler() async {
            await #expect(processExitsWith: .signal(SIGABRT)) {
                _ = lt_install_crash_handlers()
                lt_restore_terminal_now()
                abort()
            }
        }
    }
}
