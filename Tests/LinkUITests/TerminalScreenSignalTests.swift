import CNcurses
import Testing
@testable import LinkUI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension TerminalScreenTests {
    /// Every ending signal, the self-pipe and the loop's wait. Signals are raised on the test's own
    /// thread with the signal unblocked, so they are delivered before `raise` returns.
    @Suite("Signal wake-ups")
    struct SignalWakeUps {
        static func raiseHere(_ signal: Int32) { Signals.raiseHere(signal) }

        /// Takes every pending flag and empties the self-pipe.
        static func settle() {
            while lt_take_signal_number() != 0 {}
            while lt_wait(-1, -1, 0) != 0 {}
        }

        @Test func everyEndingSignalIsFlaggedByNumber() {
            #expect(lt_install_signal_handlers() == 0)
            defer { lt_uninstall_signal_handlers() }
            Self.settle()
            var ending = [SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGSTKFLT, SIGSYS]
            ending += Array(Int32(__libc_current_sigrtmin())...Int32(__libc_current_sigrtmax()))
            for signal in ending {
                #expect(lt_is_ending_signal(signal) == 1)
                Self.raiseHere(signal)
                #expect(lt_take_signal_number() == signal)
                #expect(lt_take_signal_number() == 0)
            }
            for signal in [SIGSEGV, SIGABRT, SIGWINCH, SIGCHLD, SIGPIPE, SIGTSTP] {
                #expect(lt_is_ending_signal(signal) == 0)
            }
            Self.raiseHere(SIGUSR1)
            #expect(Int(lt_take_signal()) == LT_SIG_ENDING)
            Self.settle()
        }

        @Test func sigpipeAndSigxfszAreIgnored() {
            #expect(lt_install_signal_handlers() == 0)
            defer { lt_uninstall_signal_handlers() }
            Self.settle()
            Self.raiseHere(SIGPIPE)  // the default action would end the test process
            Self.raiseHere(SIGXFSZ)
            #expect(lt_take_signal_number() == 0)
        }

        @Test func theHangUpComesFirstThenTheOthersByNumber() {
            #expect(lt_install_signal_handlers() == 0)
            defer { lt_uninstall_signal_handlers() }
            Self.settle()
            Self.raiseHere(SIGWINCH)
            Self.raiseHere(SIGUSR2)
            Self.raiseHere(SIGUSR1)
            Self.raiseHere(SIGHUP)
            #expect(lt_take_signal_number() == SIGHUP)
            #expect(lt_take_signal_number() == SIGUSR1)
            #expect(lt_take_signal_number() == SIGUSR2)
            #expect(lt_take_signal_number() == SIGWINCH)
            #expect(lt_take_signal_number() == 0)
            Self.settle()
        }

        @Test func aSignalWakesTheWaitAtOnce() {
            #expect(lt_install_signal_handlers() == 0)
            defer { lt_uninstall_signal_handlers() }
            Self.settle()
            #expect(lt_wait(-1, -1, 0) == 0)  // nothing: the timeout
            Self.raiseHere(SIGALRM)
            // with no timeout: returns only because the signal is pending
            #expect(lt_wait(-1, -1, -1) & Int32(LT_WAIT_SIGNAL) != 0)
            #expect(lt_take_signal_number() == SIGALRM)
            Self.settle()
            #expect(lt_wait(-1, -1, 0) == 0)
        }

        @Test func theWatchedDescriptorWakesTheWait() {
            var fds: [Int32] = [-1, -1]
            #expect(pipe(&fds) == 0)
            defer { for fd in fds { close(fd) } }
            #expect(lt_wait(-1, fds[0], 0) == 0)
            var byte: UInt8 = 1
            #expect(write(fds[1], &byte, 1) == 1)
            #expect(lt_wait(-1, fds[0], -1) == Int32(LT_WAIT_EXTRA))
        }

        @Test func waitForInputSeesInputAndWhatNcursesHolds() throws {
            var fds: [Int32] = [-1, -1]
            #expect(pipe(&fds) == 0)
            defer { for fd in fds { close(fd) } }
            let screen = try TerminalScreen.headless(inputFD: fds[0])
            defer { screen.close() }
            #expect(screen.waitForInput(timeoutMs: 0) == [])
            // a key pushed back inside the reader: the descriptor has nothing, the wait must not block
            #expect(lt_unget_key(0x61) == 0)
            #expect(screen.waitForInput(timeoutMs: -1) == .input)
            #expect(screen.readKey(timeoutMs: 0) == .char("a"))
            #expect(screen.waitForInput(timeoutMs: 0) == [])
            var byte: UInt8 = 0x62
            #expect(write(fds[1], &byte, 1) == 1)
            #expect(screen.waitForInput(timeoutMs: -1) == .input)
            #expect(screen.readKey(timeoutMs: 0) == .char("b"))
            close(fds[1])
            fds[1] = -1
            #expect(screen.waitForInput(timeoutMs: -1).contains(.hangUp))
        }

        @Test func sessionEndsBySignalExitWith128PlusN() {
            #expect(SessionEnd.signaled(SIGQUIT).exitStatus == 131)
            #expect(SessionEnd.signaled(SIGUSR1).exitStatus == 138)
            #expect(SessionEnd.interrupted.exitStatus == 130)
            #expect(SessionEnd.terminated.exitStatus == 143)
            #expect(SessionEnd.hungUp.exitStatus == 129)
            #expect(SessionEnd.signaled(SIGALRM).isSignal && SessionEnd.hungUp.isSignal)
            #expect(!SessionEnd.success.isSignal && !SessionEnd.exited.isSignal)
        }

        @Test func signalNames() {
            let low = Int32(__libc_current_sigrtmin()), high = Int32(__libc_current_sigrtmax())
            #expect(TerminalSignal.name(of: SIGTERM) == "SIGTERM")
            #expect(TerminalSignal.name(of: SIGSTKFLT) == "SIGSTKFLT")
            #expect(TerminalSignal.name(of: low) == "SIGRTMIN")
            #expect(TerminalSignal.name(of: low + 3) == "SIGRTMIN+3")
            #expect(TerminalSignal.name(of: high - 2) == "SIGRTMAX-2")
            #expect(TerminalSignal.name(of: high) == "SIGRTMAX")
        }
    }
}
