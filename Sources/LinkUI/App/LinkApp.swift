import LinkKit

/// LinkApp: the terminal UI's state over one session: the panes' own state, the log panel, the
/// overlays; turns keys into engine actions and draws the whole screen into a cell buffer.
///
/// It owns no terminal: ``TerminalRunner`` feeds it keys and presents what it draws, and tests
/// drive it directly and read the buffer.
public final class LinkApp {
    /// The session.
    public let driver: SessionDriver
    /// The styles drawn with.
    public var styles: ThemeStyles
    /// The search index of the session's directory.
    public let search: InstitutionSearch
    /// The log panel.
    public var log = LogPanel()
    /// Where the log panel goes.
    public var logPlacement: LogPlacement
    /// Whether the log panel is shown (F2).
    public var logVisible: Bool
    /// Whether the help overlay is shown (F1).
    public var helpVisible = false
    /// A one-line message for the footer (a refused action), cleared by the next key.
    public var status: String?
    /// A line shown in the footer above everything else (the autopilot's progress or verdict).
    public var banner: String?
    /// Whether ``banner`` reports a failure (drawn in the error style).
    public var bannerIsError = false
    /// Set when the screen must be repainted from scratch (Ctrl-L).
    public var wantsFullRepaint = false
    /// The spinner frame of the LOADING pane.
    public var spinnerTick = 0

    var searchPane = SearchPane()
    var credentials = CredentialsPane()
    var mfa = MFAPane()
    var accounts = AccountsPane()
    var oauth = OAuthPane()
    var lastPane: Pane?
    var lastLayout: Layout?
    /// Whether the last frame was the "terminal too small" note: keys do nothing behind it
    /// (the panes are not shown), except Ctrl-C.
    var isTooSmall = false
    var lastChallenge: MFAChallenge?

    /// Creates the UI over `driver` (not yet started). `search` is the index of the driver's
    /// directory when it was built already (elsewhere, while the first frame showed).
    public init(driver: SessionDriver, theme: Theme, logPlacement: LogPlacement = .auto, search: InstitutionSearch? = nil) {
        self.driver = driver
        styles = ThemeStyles(theme: theme)
        self.search = search ?? InstitutionSearch(directory: driver.engine.configuration.directory)
        self.logPlacement = logPlacement
        logVisible = logPlacement != .off
    }

    /// Starts the session; every record goes to the log panel as it happens.
    public func start() {
        driver.observe { [unowned self] record in
            self.log.append(record, at: self.driver.clock.now)
        }
        driver.start()
        sync()
    }

    /// What panes read.
    public var context: PaneContext {
        PaneContext(engine: driver.engine, styles: styles, search: search)
    }

    /// Applies an action to the engine; a refusal becomes the footer's message.
    public func send(_ action: UserAction) {
        do {
            try driver.send(action)
        } catch {
            status = error.reason
        }
        sync()
    }

    /// Handles one key.
    public func handle(_ key: Key) {
        if key == .resize { return }
        // behind "terminal too small" nothing is shown, so nothing may act: only Ctrl-C quits
        if isTooSmall && key != .ctrl("c") { return }
        status = nil
        if key == .ctrl("c") {
            // Ctrl-C quits from anywhere, the help overlay included.
            helpVisible = false
            send(.quit)
            return
        }
        if helpVisible {
            helpVisible = false
            return
        }
        switch key {
        case .function(1):
            helpVisible = true
            return
        case .char("?") where !paneHasTextField:
            helpVisible = true
            return
        case .function(2):
            logVisible.toggle()
            if !logVisible { log.isFocused = false }
            return
        case .function(3):
            if !logVisible { logVisible = true }
            log.isFocused.toggle()
            return
        case .ctrl("l"):
            wantsFullRepaint = true
            return
        case .ctrl("x"):
            if case .exitConfirmation = driver.engine.pane { return }
            send(.requestExit)
            return
        default:
            break
        }
        if case .mouse(let event) = key, let area = lastLayout?.log, area.contains(y: event.y, x: event.x) {
            if event.kind == .press || event.kind == .click { log.isFocused = true }
            _ = log.handle(key, area: area)
            return
        }
        if log.isFocused {
            let area = lastLayout?.log ?? Rect(x: 0, y: 0, width: 40, height: 12)
            if !log.handle(key, area: area) && (key == .escape || key == .tab) { log.isFocused = false }
            return
        }
        switch handlePane(key) {
        case .send(let action): send(action)
        case .handled, .ignored: break
        }
    }

    /// Whether the focused pane element takes typed text (so `?` is text, not help).
    var paneHasTextField: Bool {
        switch driver.engine.pane {
        case .selectInstitution, .credential: true
        case .oauth(.signIn): oauth.focus < 2
        case .mfa: driver.engine.currentChallenge.map { $0.type == .code || $0.type == .questions } ?? false
        default: false
        }
    }

    func handlePane(_ key: Key) -> PaneResult {
        let context = context
        switch driver.engine.pane {
        case .consent: return ConsentPane().handle(key)
        case .selectInstitution: return searchPane.handle(key, context: context)
        case .institutionNotice: return NoticePane.handle(key)
        case .oauth(.notice): return OAuthPane.handleNotice(key)
        case .oauth(.signIn): return oauth.handleSignIn(key)
        case .credential: return credentials.handle(key)
        case .loading, .finished: return .ignored
        case .mfa:
            guard let challenge = driver.engine.currentChallenge else { return .ignored }
            return mfa.handle(key, challenge: challenge)
        case .selectAccount: return accounts.handle(key, context: context)
        case .connected: return ConnectedPane.handle(key)
        case .error: return ErrorPane.handle(key)
        case .exitConfirmation: return ExitConfirmPane.handle(key)
        }
    }

    /// Prepares pane state when the engine moves to another pane.
    func sync() {
        let pane = driver.engine.pane
        let challenge = driver.engine.currentChallenge
        defer {
            lastPane = pane
            lastChallenge = challenge
        }
        guard pane != lastPane || challenge != lastChallenge else { return }
        var returning = false
        if case .exitConfirmation? = lastPane { returning = true }
        switch pane {
        case .selectInstitution:
            if case .institutionNotice? = lastPane { returning = true }
            if !returning {
                searchPane.field.set(driver.engine.query)
                searchPane.cursor.reset()
            }
        case .credential:
            if driver.engine.inlineError != nil { credentials.retry() } else if !returning { credentials.reset() }
        case .mfa:
            if let challenge, !returning { mfa.reset(for: challenge) }
        case .selectAccount:
            if !returning { accounts.reset() }
        case .oauth(.signIn):
            oauth.reset()
        default:
            break
        }
    }

    /// The bindings shown in the footer for the current pane.
    public var paneKeyMap: KeyMap {
        switch driver.engine.pane {
        case .consent: ConsentPane.keyMap
        case .selectInstitution: SearchPane.keyMap
        case .institutionNotice(let notice): NoticePane.keyMap(notice)
        case .oauth(.notice): OAuthPane.noticeKeyMap
        case .oauth(.signIn): OAuthPane.signInKeyMap
        case .credential: CredentialsPane.keyMap
        case .loading, .finished: LoadingPane.keyMap
        case .mfa: MFAPane.keyMap(driver.engine.currentChallenge?.type ?? .code)
        case .selectAccount: AccountsPane.keyMap(single: driver.engine.configuration.accountSelection == .single)
        case .connected: ConnectedPane.keyMap
        case .error: ErrorPane.keyMap
        case .exitConfirmation: ExitConfirmPane.keyMap
        }
    }
}
