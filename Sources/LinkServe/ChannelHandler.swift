import Foundation
import NIOCore
import NIOPosix
import NIOSSH

/// SessionChannelHandler: one SSH session channel. A pty request and a shell request start the
/// visitor's linkterm on a pty of their size (``SessionProcess``); the channel's data goes to the
/// pty, the pty's output to the channel; window changes resize the pty. Everything else a client
/// can ask of a session (exec, subsystems such as sftp, env, X11, agent forwarding) is refused.
/// When linkterm exits, its status is sent and the channel closed; when the visitor goes away,
/// linkterm gets SIGHUP, then SIGKILL after a short grace. Runs on the connection's event loop.
final class SessionChannelHandler: ChannelInboundHandler {
    typealias InboundIn = SSHChannelData
    typealias OutboundOut = SSHChannelData

    private let connection: ConnectionContext
    var server: ServerShared { connection.server }
    var context: ChannelHandlerContext?
    var terminal: (term: String, size: WindowSize)?
    private var unusableTerm: String?
    private var process: SessionProcess?
    private var ptyChannel: Channel?
    /// Keys typed before the pty's channel is set up (bounded: a visitor cannot fill the server).
    private var earlyInput: ByteBuffer?
    private var childStatus: Int32?
    private var outputClosed = false
    private var farewell: String?
    var finished = false
    private var holdsSessionPlace = false
    private var holdsWatcherPlace = false
    /// With --events-dir: the session's events file (made by the server).
    private var eventsFile: EventsFile?
    /// With --watch: the session's audience socket (every session may come to present).
    private var audience: AudienceControl?
    var watching = false
    /// A watcher's copy of the presenter's screen for them (``WatchHub``), while open.
    var watchPipe: Channel?
    /// Whether a screen is being copied (opening, open or draining): what comes next waits for it.
    var watchPipeBusy = false
    /// What the hub said while a screen was still draining, in order.
    var watchQueue: [WatchEvent] = []
    var drainTimer: Scheduled<Void>?
    private var lastInput = NIODeadline.now()
    private var idleTimer: Scheduled<Void>?
    private var killTimer: Scheduled<Void>?

    init(connection: ConnectionContext) {
        self.connection = connection
    }

    var id: ObjectIdentifier { ObjectIdentifier(self) }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        _ = context.channel.setOption(ChannelOptions.allowRemoteHalfClosure, value: true)
        connection.channelOpened(id) { [unowned self] reason in stop(telling: reason, outcome: "ended: server stopping") }
        armIdleTimer()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    // MARK: requests

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case let request as SSHChannelRequestEvent.PseudoTerminalRequest:
            let size = WindowSize(rows: request.terminalRowHeight, columns: request.terminalCharacterWidth)
            if ClientText.isSafeTerm(request.term) {
                terminal = (request.term, size)
            } else {
                unusableTerm = ClientText.sanitized(request.term, limit: 32)
            }
            reply(request.wantReply, ok: true)  // an unusable TERM is explained at the shell request
        case let request as SSHChannelRequestEvent.ShellRequest:
            startShell(wantReply: request.wantReply)
        case let request as SSHChannelRequestEvent.ExecRequest:
            refuse(wantReply: request.wantReply, outcome: "refused: exec request",
                   message: "linkterm serve: commands are not run here; for a Link session connect without one: \(connectHint)")
        case let request as SSHChannelRequestEvent.SubsystemRequest:
            let name = ClientText.sanitized(request.subsystem, limit: 32)
            refuse(wantReply: request.wantReply, outcome: "refused: subsystem \(name)",
                   message: "linkterm serve: no subsystem (\(name)) here; for a Link session connect with: \(connectHint)")
        case let request as SSHChannelRequestEvent.EnvironmentRequest:
            reply(request.wantReply, ok: false)  // the session's options come from the server only
        case let request as SSHChannelRequestEvent.WindowChangeRequest:
            let size = WindowSize(rows: request.terminalRowHeight, columns: request.terminalCharacterWidth)
            if watching {
                terminal?.size = size.within(server.state.limits.maxWatcherSize)
                server.hub.resizeWatcher(id, size: size.within(server.state.limits.maxWatcherSize))
            } else {
                terminal?.size = size
                if childStatus == nil { process?.resize(size) }
            }
        case is SSHChannelRequestEvent.SignalRequest, is SSHChannelRequestEvent.LocalFlowControlRequest:
            break  // a visitor sends keys, not signals
        case let event as ChannelEvent where event == .inputClosed:
            break  // the visitor's input ended; the session's output still goes to them
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    private func reply(_ wantReply: Bool, ok: Bool) {
        guard wantReply, let context else { return }
        let event: any Sendable = ok ? ChannelSuccessEvent() : ChannelFailureEvent()
        context.triggerUserOutboundEvent(event, promise: nil)
    }

    /// Refuses an exec or subsystem request: nothing is run; the visitor reads one line on their
    /// standard error saying so and how to connect, then the channel closes with status 2, as a
    /// shell without a pty is told. The request is answered with success, not failure: OpenSSH's
    /// client ends at once on a failed exec or subsystem request (its generic "exec request failed
    /// on channel 0"), before it writes out the line sent with it.
    private func refuse(wantReply: Bool, outcome: String, message: String) {
        guard process == nil, !watching, !finished, !connection.hasStarted else {
            reply(wantReply, ok: false)  // a second request on a channel already in use
            return
        }
        connection.hasStarted = true
        connection.handshakeTimer?.cancel()
        connection.settle(outcome)
        reply(wantReply, ok: true)
        if let context {
            // a client that asked for a pty has its terminal raw: it needs \r\n
            let line = message + (terminal != nil || unusableTerm != nil ? "\r\n" : "\n")
            let buffer = context.channel.allocator.buffer(string: line)
            context.writeAndFlush(wrapOutboundOut(SSHChannelData(type: .stdErr, data: .byteBuffer(buffer))), promise: nil)
        }
        end(status: 2)
    }

    /// How to connect for a session: `ssh -t -p PORT HOST`, with the port this visitor came in on.
    private var connectHint: String {
        let port = connection.channel.localAddress?.port ?? server.configuration.port
        return port == 22 ? "ssh -t HOST" : "ssh -t -p \(port) HOST"
    }

    private func startShell(wantReply: Bool) {
        guard process == nil, !watching, !finished, !connection.hasStarted, let context else {
            reply(wantReply, ok: false)  // one session (or watch) per connection
            return
        }
        connection.hasStarted = true
        // the handshake timer runs until a session (or a watch) starts: a channel opened and left
        // unused does not hold the connection for the idle timeout
        connection.handshakeTimer?.cancel()
        if let unusableTerm {
            connection.settle("refused: unusable TERM \(unusableTerm)")
            reply(wantReply, ok: true)
            tell("linkterm serve: the terminal type \"\(unusableTerm)\" cannot be used: set TERM to a terminfo name such as xterm-256color.")
            return end(status: 2)
        }
        guard let terminal else {
            connection.settle("refused: shell without a pty")
            reply(wantReply, ok: true)
            tell("linkterm serve: a Link session needs a terminal: connect with ssh -t.")
            return end(status: 2)
        }
        if connection.isWatcher {
            let limits = server.state.limits
            guard server.state.reserveWatcher() else {
                connection.settle("refused: all \(limits.maxWatchers) watcher places in use")
                reply(wantReply, ok: true)
                tell("linkterm serve: all \(limits.maxWatchers) watcher places are taken right now; please try again later.")
                return end(status: 1)
            }
            holdsWatcherPlace = true
            reply(wantReply, ok: true)
            watching = true
            connection.settle("watched")
            server.metrics.watcherStarted()
            // a watcher's screen is drawn by the presenter's process: at most this size
            let size = terminal.size.within(limits.maxWatcherSize)
            self.terminal?.size = size
            write(WatchScreen.enter)
            let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
            let loop = context.eventLoop
            server.hub.addWatcher(id, size: size, colors: AudienceControl.colorCount(term: terminal.term)) { event in
                loop.execute { bound.value.watchEvent(event) }
            }
            return
        }
        guard server.state.reserveSession() else {
            connection.settle("refused: all \(server.state.limits.maxSessions) sessions in use")
            reply(wantReply, ok: true)
            tell("linkterm serve: all \(server.state.limits.maxSessions) sessions are in use right now; please try again in a few minutes.")
            return end(status: 1)
        }
        holdsSessionPlace = true
        let process: SessionProcess
        do {
            var environment = server.configuration.childEnvironment(term: terminal.term)
            var sessionEnd: Int32 = -1
            var descriptors: [Int32: Int32] = [:]
            defer {
                if sessionEnd >= 0 { close(sessionEnd) }
                if let eventsFile { close(eventsFile.descriptor) }
            }
            if server.configuration.watch {
                let made = try AudienceControl.make()
                audience = made.control
                sessionEnd = made.sessionEnd
                environment[AudienceControl.environmentName] = String(AudienceControl.childDescriptor)
                descriptors[AudienceControl.childDescriptor] = sessionEnd
            }
            var eventsDescriptor: Int32?
            eventsFile = try server.configuration.makeEventsFile(session: connection.sessionID)
            if let eventsFile {
                eventsDescriptor = AudienceControl.childDescriptor + Int32(descriptors.count)
                descriptors[eventsDescriptor!] = eventsFile.descriptor
            }
            process = try SessionProcess.spawn(
                executable: server.configuration.executable,
                arguments: server.configuration.childArguments(eventsDescriptor: eventsDescriptor, session: connection.sessionID),
                environment: environment, size: terminal.size, descriptors: descriptors)
        } catch {
            audience?.close()
            audience = nil
            if let eventsFile { connection.note = eventsFile.settle(exitCode: -1) }
            eventsFile = nil
            connection.settle("failed: \(error)")
            reply(wantReply, ok: true)
            tell("linkterm serve: the session could not start; please try again later.")
            return end(status: 1)
        }
        self.process = process
        connection.sessionStarted = .now()
        server.metrics.sessionStarted()
        reply(wantReply, ok: true)
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        let loop = context.eventLoop
        ChildReaper.shared.watch(process.pid) { status in
            loop.execute { bound.value.childExited(status) }
        }
        NIOPipeBootstrap(group: loop)
            .channelOption(ChannelOptions.allowRemoteHalfClosure, value: true)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(PtyOutputHandler(session: bound))
                }
            }
            .takingOwnershipOfDescriptor(inputOutput: process.master)
            .whenComplete { result in
                switch result {
                case .success(let channel): bound.value.ptyOpened(channel)
                case .failure:
                    close(process.master)
                    bound.value.ptyClosed()
                }
            }
        if let audience {
            server.hub.sessionStarted(id, fingerprint: connection.keyFingerprint, control: audience)
        }
    }

    // MARK: data

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let message = unwrapInboundIn(data)
        guard case .channel = message.type, case .byteBuffer(let bytes) = message.data else { return }
        lastInput = .now()
        if watching {
            // a watcher's keys never reach the session; q or Ctrl-C leaves
            if bytes.readableBytesView.contains(where: { $0 == UInt8(ascii: "q") || $0 == 3 }) {
                leaveWatch()
                tell("linkterm serve: stopped watching.")
                end(status: 0)
            }
            return
        }
        if let ptyChannel {
            ptyChannel.writeAndFlush(bytes, promise: nil)
        } else if process != nil, (earlyInput?.readableBytes ?? 0) + bytes.readableBytes <= 1 << 16 {
            var pending = earlyInput ?? context.channel.allocator.buffer(capacity: bytes.readableBytes)
            var bytes = bytes
            pending.writeBuffer(&bytes)
            earlyInput = pending
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        // a visitor who reads slowly slows their own session, not the server
        for relay in [ptyChannel, watchPipe].compactMap({ $0 }) {
            _ = relay.setOption(ChannelOptions.autoRead, value: context.channel.isWritable)
            if context.channel.isWritable { relay.read() }
        }
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        connection.channelClosed(id)
        idleTimer?.cancel()
        if watching {
            server.hub.removeWatcher(id)
            watchPipe?.close(promise: nil)
            drainTimer?.cancel()
        }
        if holdsWatcherPlace {
            holdsWatcherPlace = false
            server.state.releaseWatcher()
        }
        if let process, childStatus == nil {
            // the visitor went away: SIGHUP (linkterm restores, writes EXIT, leaves), then SIGKILL;
            // SIGCONT with it, for a stopped process would not act on SIGHUP before SIGKILL
            connection.settle("dropped: session hung up")
            process.signal(SIGHUP)
            process.signal(SIGCONT)
            ptyChannel?.close(promise: nil)
            killTimer = context.eventLoop.scheduleTask(in: server.state.limits.hangUpGrace) { process.signal(SIGKILL) }
        }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    // MARK: the pty

    func ptyOpened(_ channel: Channel) {
        if outputClosed || context == nil {
            channel.close(promise: nil)
        } else {
            ptyChannel = channel
            if let earlyInput {
                channel.writeAndFlush(earlyInput, promise: nil)
                self.earlyInput = nil
            }
        }
    }

    func ptyOutput(_ bytes: ByteBuffer) {
        guard let context else { return }
        context.write(wrapOutboundOut(SSHChannelData(type: .channel, data: .byteBuffer(bytes))), promise: nil)
    }

    /// linkterm reads its keys slowly: the visitor's channel stops reading (its SSH window closes)
    /// until the pty takes input again, so nothing piles up in the server.
    func ptyWritabilityChanged(_ writable: Bool) {
        guard let context else { return }
        _ = context.channel.setOption(ChannelOptions.autoRead, value: writable)
        if writable { context.read() }  // an SSH channel does not read again by itself when autoRead comes back
    }

    func flushOutput() {
        context?.flush()
    }

    func ptyClosed() {
        outputClosed = true
        ptyChannel = nil
        finishIfDone()
    }

    func childExited(_ status: Int32) {
        childStatus = status
        killTimer?.cancel()
        process?.close()
        if holdsSessionPlace {
            holdsSessionPlace = false
            server.state.releaseSession()
        }
        if let audience {
            server.hub.sessionEnded(id)
            audience.close()
            self.audience = nil
        }
        if !outputClosed, let ptyChannel, let loop = context?.eventLoop {
            // its output is read to the end (EIO when the last slave descriptor closes); a
            // descendant still holding the slave must not keep the visitor waiting
            loop.scheduleTask(in: .milliseconds(500)) { ptyChannel.close(promise: nil) }
        }
        finishIfDone()
    }

    private func finishIfDone() {
        guard let status = childStatus, outputClosed, !finished else { return }
        let code: Int32 = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        if let eventsFile, let note = eventsFile.settle(exitCode: code) { connection.note = note }
        eventsFile = nil
        connection.settle(status & 0x7F == 0 ? "ended: exit \(code)" : "ended: signal \(status & 0x7F)")
        if let farewell { tell(farewell) }
        end(status: code)
    }

    // MARK: ending

    /// Ends the session for the server's reason (idle, stopping): SIGTERM, so linkterm restores the
    /// visitor's terminal and completes its events, then the reason is told; SIGKILL after a grace.
    private func stop(telling reason: String, outcome: String) {
        connection.settle(outcome)
        if let process, childStatus == nil {
            farewell = reason
            // a stopped process (SIGSTOP) acts on SIGTERM only once continued: restoring its
            // visitor's terminal and completing its events, instead of dying by SIGKILL
            process.signal(SIGTERM)
            process.signal(SIGCONT)
            killTimer?.cancel()
            killTimer = context?.eventLoop.scheduleTask(in: server.state.limits.terminateGrace) { process.signal(SIGKILL) }
        } else if process == nil {
            leaveWatch()
            tell(reason)
            end(status: 1)
        }
    }

    private func armIdleTimer() {
        guard let loop = context?.eventLoop else { return }
        let limit = server.state.limits.idleTimeout
        let bound = NIOLoopBound(self, eventLoop: loop)
        idleTimer = loop.scheduleTask(deadline: lastInput + limit) {
            let handler = bound.value
            handler.idleCheck(limit)
        }
    }

    private func idleCheck(_ limit: TimeAmount) {
        guard !finished else { return }
        if NIODeadline.now() - lastInput >= limit {
            let seconds = limit.nanoseconds / 1_000_000_000
            // a watcher too: a key (any key but q) keeps them watching
            stop(telling: watching ? "linkterm serve: no key for \(seconds) s: stopped watching." : "linkterm serve: no key for \(seconds) s: the session has ended.",
                 outcome: watching ? "ended: idle watcher" : "ended: idle")
        } else {
            armIdleTimer()
        }
    }

    /// Writes `text` and a line end to the visitor.
    func tell(_ text: String, type: SSHChannelData.DataType = .channel) {
        guard let context else { return }
        let buffer = context.channel.allocator.buffer(string: "\r\n" + text + "\r\n")
        context.writeAndFlush(wrapOutboundOut(SSHChannelData(type: type, data: .byteBuffer(buffer))), promise: nil)
    }

    /// Sends the exit status and closes the channel.
    func end(status: Int32) {
        guard !finished else { return }
        finished = true
        idleTimer?.cancel()
        guard let context else { return }
        context.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: Int(status)), promise: nil)
        context.close(promise: nil)
    }
}

/// PtyOutputHandler: the pty master's reads, handed to the session's channel.
final class PtyOutputHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let session: NIOLoopBound<SessionChannelHandler>

    init(session: NIOLoopBound<SessionChannelHandler>) {
        self.session = session
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        session.value.ptyOutput(unwrapInboundIn(data))
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        session.value.flushOutput()
    }

    func channelInactive(context: ChannelHandlerContext) {
        session.value.ptyClosed()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        session.value.ptyWritabilityChanged(context.channel.isWritable)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)  // EIO: the last slave descriptor closed
    }
}
