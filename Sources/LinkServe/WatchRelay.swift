import Foundation
import NIOCore
import NIOPosix
import NIOSSH

/// WatchScreen: what the server itself writes on a watcher's terminal (the presenter's linkterm
/// writes the frames, see ``WatchHub``).
enum WatchScreen {
    /// Watching starts: the alternate screen, cleared, the cursor hidden.
    static let enter = "\u{1b}[?1049h\u{1b}[0m\u{1b}[H\u{1b}[2J\u{1b}[?25l"
    /// Watching ends: the visitor's own screen back, the cursor shown.
    static let leave = "\u{1b}[0m\u{1b}[?25h\u{1b}[?1049l"

    /// A note on the bottom row of a terminal of `size` (whatever is drawn above stays).
    static func note(_ text: String, size: WindowSize) -> String {
        let line = "[linkterm serve: \(text)]"
        return "\u{1b}[\(size.rows);1H\u{1b}[0m\u{1b}[2K" + String(line.prefix(max(1, size.columns - 1)))
    }
}

/// A watcher's side of ``SessionChannelHandler``: the screens the hub hands over, copied to the
/// watcher one after the other (a screen's last bytes, the presenter's last frame, are copied
/// before the next screen or a note), and the watcher's terminal given back when they leave.
extension SessionChannelHandler {
    /// What the hub said (on this channel's loop).
    func watchEvent(_ event: WatchEvent) {
        guard watching, !finished, context != nil else {
            if case .screen(let fd) = event { close(fd) }
            return
        }
        if watchPipeBusy {
            watchQueue.append(event)
            if drainTimer == nil, let loop = context?.eventLoop {
                // the presenter's process has ended, so its screen's end is near; a descendant
                // holding it open must not keep the watcher from the next one
                let bound = NIOLoopBound(self, eventLoop: loop)
                drainTimer = loop.scheduleTask(in: .milliseconds(300)) { bound.value.watchPipe?.close(promise: nil) }
            }
            return
        }
        switch event {
        case .screen(let fd): openWatchPipe(fd)
        case .waiting(let text): write(WatchScreen.note(text, size: terminal?.size ?? WindowSize(rows: 24, columns: 80)))
        }
    }

    private func openWatchPipe(_ fd: Int32) {
        guard let context else {
            close(fd)
            return
        }
        watchPipeBusy = true
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        NIOPipeBootstrap(group: context.eventLoop)
            .channelOption(ChannelOptions.autoRead, value: context.channel.isWritable)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(WatchPipeHandler(session: bound))
                }
            }
            .takingOwnershipOfDescriptor(input: fd)
            .whenComplete { result in
                switch result {
                case .success(let channel): bound.value.watchPipeOpened(channel)
                case .failure:
                    close(fd)
                    bound.value.watchPipeClosed(nil)
                }
            }
    }

    func watchPipeOpened(_ channel: Channel) {
        if finished || context == nil {
            channel.close(promise: nil)
        } else {
            watchPipe = channel
            if context?.channel.isWritable == true { channel.read() }
        }
    }

    /// A screen came to its end (its presenter ended, or it was cut): the next thing the hub said goes on.
    func watchPipeClosed(_ channel: Channel?) {
        if let channel, let watchPipe, channel !== watchPipe { return }
        watchPipe = nil
        watchPipeBusy = false
        drainTimer?.cancel()
        drainTimer = nil
        while !watchPipeBusy, !watchQueue.isEmpty {
            watchEvent(watchQueue.removeFirst())
        }
    }

    /// Bytes of the presenter's screen for this watcher.
    func watchFrames(_ bytes: ByteBuffer) {
        context?.write(NIOAny(SSHChannelData(type: .channel, data: .byteBuffer(bytes))), promise: nil)
    }

    /// The watcher leaves: no more frames, their terminal given back.
    func leaveWatch() {
        guard watching else { return }
        watchQueue.removeAll()
        watchPipe?.close(promise: nil)
        write(WatchScreen.leave)
    }

    /// Writes `text` to the visitor as it is.
    func write(_ text: String) {
        guard let context else { return }
        let buffer = context.channel.allocator.buffer(string: text)
        context.writeAndFlush(NIOAny(SSHChannelData(type: .channel, data: .byteBuffer(buffer))), promise: nil)
    }

    func flushWatchFrames() {
        context?.flush()
    }
}

/// WatchPipeHandler: the reads of a watcher's screen socket, handed to the watcher's channel.
final class WatchPipeHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let session: NIOLoopBound<SessionChannelHandler>

    init(session: NIOLoopBound<SessionChannelHandler>) {
        self.session = session
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        session.value.watchFrames(unwrapInboundIn(data))
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        session.value.flushWatchFrames()
    }

    func channelInactive(context: ChannelHandlerContext) {
        session.value.watchPipeClosed(context.channel)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
