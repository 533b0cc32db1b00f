import LinkKit
import Testing
@testable import LinkUI

/// Builds log records by hand, at fixed times, so renders are exact.
private struct Records {
    static let sessionID = "2f1c6a1e-9b7d-4c1e-8f1a-3b5d7e9c0a12"
    static let start = Timestamp(iso8601: "2026-01-01T12:34:56.789Z")!

    /// Time `ms` milliseconds after ``start``.
    static func at(_ ms: Int64) -> Timestamp { start.adding(millis: ms) }

    /// An event at `ms`, with `configure` filling its metadata.
    static func event(
        _ name: EventName, _ ms: Int64, request: String? = "R2d2C3poBb8Ewok",
        _ configure: (inout EventMetadata) -> Void = { _ in }
    ) -> SessionRecord {
        var metadata = EventMetadata(timestamp: at(ms), linkSessionID: sessionID, requestID: request)
        configure(&metadata)
        return .event(LinkEvent(eventName: name, metadata: metadata))
    }

    static let platypus = Institution(id: "ins_109508", name: "First Platypus Bank")

    /// A short session that links First Platypus Bank, and the arrival time of each record.
    static let shortSession: [(SessionRecord, Timestamp)] = [
        (.load, at(0)),
        (event(.open, 5) { $0.viewName = .consent }, at(5)),
        (event(.transitionView, 1200) { $0.viewName = .selectInstitution }, at(1200)),
        (event(.searchInstitution, 2400) { $0.institutionSearchQuery = "platypus" }, at(2400)),
        (event(.selectInstitution, 3100) {
            $0.institutionID = "ins_109508"; $0.institutionName = "First Platypus Bank"
        }, at(3100)),
        (event(.transitionView, 3150) { $0.viewName = .credential; $0.institutionID = "ins_109508" }, at(3150)),
        (event(.submitCredentials, 6000) { $0.institutionID = "ins_109508" }, at(6000)),
        (event(.transitionView, 6800) { $0.viewName = .mfa; $0.mfaType = .code }, at(6800)),
        (event(.submitMFA, 9000) { $0.mfaType = .code }, at(9000)),
        (event(.transitionView, 9700) { $0.viewName = .selectAccount }, at(9700)),
        (.success(LinkSuccess(
            publicToken: "public-sandbox-0f0e0d0c-1111-4222-8333-444455556666",
            metadata: SuccessMetadata(institution: platypus, accounts: [
                Account(id: "a1", name: "Plaid Checking", mask: "0000", subtype: .depository(.checking)),
                Account(id: "a2", name: "Plaid Saving", mask: "1111", subtype: .depository(.savings)),
            ], linkSessionID: sessionID))), at(12_345)),
        (event(.handoff, 12_346), at(12_346)),
    ]

    static func panel(_ records: [(SessionRecord, Timestamp)]) -> LogPanel {
        var panel = LogPanel()
        for (record, time) in records { panel.append(record, at: time) }
        return panel
    }
}

/// Draws `panel` into a fresh `rows` x `cols` buffer (area = the whole buffer) and returns its lines.
private func render(_ panel: LogPanel, rows: Int = 8, cols: Int = 50) -> [String] {
    var buffer = CellBuffer(rows: rows, cols: cols)
    panel.draw(into: &buffer, area: buffer.bounds, styles: styles)
    return buffer.lines()
}

private let styles = ThemeStyles(theme: ThemeLoader.defaultTheme)

/// An `ERROR` event for a wrong MFA code.
private let invalidMFA = Records.event(.error, 13_000) {
    $0.errorCode = ExitErrorCode(errorType: "ITEM_ERROR", errorCode: "INVALID_MFA")
    $0.errorMessage = "the provided MFA code was not correct"
    $0.institutionID = "ins_109508"
    $0.institutionName = "First Platypus Bank"
    $0.mfaType = .code
}

@Suite("Log panel")
struct LogPanelTests {
    // MARK: Lines

    @Test("under load: an onLoad that arrived 1 ms after the OPEN stamped before it stays first, and the times never go backwards")
    func timesNeverGoBackwards() {
        let panel = Records.panel([(.load, Records.at(6)), (Records.event(.open, 5) { $0.viewName = .consent }, Records.at(6))])
        let lines = render(panel, rows: 4, cols: 50).filter { $0.contains("12:34:56") }
        #expect(lines.count == 2 && lines[0].contains("onLoad") && lines[1].contains("OPEN"), "\(lines)")
        #expect(lines.allSatisfy { $0.contains("12:34:56.794") }, "\(lines)")
    }

    @Test func aShortSessionShowsTheNewestAtTheBottom() {
        var panel = Records.panel(Array(Records.shortSession.prefix(3)))
        #expect(render(panel) == [
            "┌ Events (3) · UTC · F3 to browse ───────────────┐",
            "│12:34:56.789 ◆ onLoad                           │",
            "│12:34:56.794 OPEN → CONSENT                     │",
            "│12:34:57.989 TRANSITION_VIEW → SELECT_INSTITUTI…│",
            "│                                                │",
            "│                                                │",
            "│                                                │",
            "└────────────────────────────────────────────────┘",
        ])
        for (record, time) in Records.shortSession.dropFirst(3) { panel.append(record, at: time) }
        #expect(render(panel) == [
            "┌ Events (12) · UTC · F3 to browse ──────────────┐",
            "│12:35:02.789 SUBMIT_CREDENTIALS                 │",
            "│12:35:03.589 TRANSITION_VIEW → MFA (code)       │",
            "│12:35:05.789 SUBMIT_MFA code                    │",
            "│12:35:06.489 TRANSITION_VIEW → SELECT_ACCOUNT   │",
            "│12:35:09.134 ◆ onSuccess public-sandbox-…  (2 a…│",
            "│12:35:09.135 HANDOFF                            │",
            "└────────────────────────────────────────────────┘",
        ])
        // Nothing is highlighted while the panel is not focused.
        #expect((1...6).allSatisfy { y in (1...48).allSatisfy { render(panel, cell: (y, $0)).style != styles.selected } })
    }

    @Test func eachEntryIsFormattedOnceWithTheMetadataThatMatters() {
        let panel = Records.panel(Records.shortSession)
        #expect(panel.entries.map(\.text) == [
            "12:34:56.789 ◆ onLoad",
            "12:34:56.794 OPEN → CONSENT",
            "12:34:57.989 TRANSITION_VIEW → SELECT_INSTITUTION",
            "12:34:59.189 SEARCH_INSTITUTION \"platypus\"",
            "12:34:59.889 SELECT_INSTITUTION First Platypus Bank",
            "12:34:59.939 TRANSITION_VIEW → CREDENTIAL",
            "12:35:02.789 SUBMIT_CREDENTIALS",
            "12:35:03.589 TRANSITION_VIEW → MFA (code)",
            "12:35:05.789 SUBMIT_MFA code",
            "12:35:06.489 TRANSITION_VIEW → SELECT_ACCOUNT",
            "12:35:09.134 ◆ onSuccess public-sandbox-…  (2 accounts)",
            "12:35:09.135 HANDOFF",
        ])
        #expect(panel.entries.map(\.isCallback) == [true] + Array(repeating: false, count: 9) + [true, false])
        // The label is drawn in the callback style for callbacks, the event style for events.
        let lines = render(panel, rows: 14, cols: 60)
        #expect(lines[11] == "│12:35:09.134 ◆ onSuccess public-sandbox-…  (2 accounts)   │")
        #expect(render(panel, rows: 14, cols: 60, cell: (11, 14)).style == styles.logCallback)
        #expect(render(panel, rows: 14, cols: 60, cell: (12, 14)).style == styles.logEvent)
        #expect(render(panel, rows: 14, cols: 60, cell: (12, 1)).style == styles.logTime)
        #expect(render(panel, rows: 14, cols: 60, cell: (9, 25)).style == styles.text)  // "code"
    }

    @Test func exitAndErrorsShowStatusAndCode() {
        let exit = LinkExit(
            error: ExitError(
                errorCode: ExitErrorCode(errorType: "ITEM_ERROR", errorCode: "INVALID_MFA"),
                errorMessage: "the provided MFA code was not correct", displayMessage: nil),
            metadata: ExitMetadata(status: .requiresCode, institution: Records.platypus,
                                   linkSessionID: Records.sessionID, requestID: "R2d2C3poBb8Ewok"))
        let panel = Records.panel([
            (invalidMFA, Records.at(13_000)),
            (Records.event(.exit, 14_000) {
                $0.exitStatus = .requiresCode
                $0.errorCode = ExitErrorCode(errorType: "ITEM_ERROR", errorCode: "INVALID_MFA")
            }, Records.at(14_000)),
            (.exit(exit), Records.at(14_001)),
            (.exit(LinkExit(error: nil, metadata: ExitMetadata(status: nil, institution: nil,
                                                               linkSessionID: nil, requestID: nil))), Records.at(14_002)),
        ])
        #expect(panel.entries.map(\.text) == [
            "12:35:09.789 ERROR INVALID_MFA",
            "12:35:10.789 EXIT requires_code · INVALID_MFA",
            "12:35:10.790 ◆ onExit requires_code · INVALID_MFA",
            "12:35:10.791 ◆ onExit",
        ])
        #expect(panel.entries[2].details.map(\.text) == [
            "callback: onExit",
            "status: requires_code",
            "error_type: ITEM_ERROR",
            "error_code: INVALID_MFA",
            "error_message: the provided MFA code was not correct",
            "display_message: —",
            "institution: First Platypus Bank (ins_109508)",
            "link_session_id: \(Records.sessionID)",
            "request_id: R2d2C3poBb8Ewok",
        ])
    }

    @Test func theTimeIsTheUTCTimeOfDay() {
        #expect(LogEntry.timeOfDay(Timestamp(millis: 0)) == "00:00:00.000")
        #expect(LogEntry.timeOfDay(Timestamp(millis: 86_399_999)) == "23:59:59.999")
        #expect(LogEntry.timeOfDay(Timestamp(millis: -1)) == "23:59:59.999")
        #expect(LogEntry.timeOfDay(ManualClock.defaultStart.adding(millis: 3_723_004)) == "01:02:03.004")
        // Records without a timestamp show their arrival time, events their own timestamp; a
        // callback that arrived after the event stamped below it shows the event's time (times
        // never go backwards down the list)
        let late = Records.at(60_000)
        var panel = LogPanel()
        panel.append(.load, at: late)
        #expect(panel.entries.map(\.timeText) == ["12:35:56.789"])
        panel.append(Records.event(.open, 5) { $0.viewName = .consent }, at: late)
        #expect(panel.entries.map(\.timeText) == ["12:34:56.794", "12:34:56.794"])
        panel.append(.exit(LinkExit(error: nil, metadata: ExitMetadata(status: nil, institution: nil, linkSessionID: nil, requestID: nil))), at: late)
        #expect(panel.entries.map(\.timeText) == ["12:34:56.794", "12:34:56.794", "12:35:56.789"])
    }

    @Test func successDetailsListTheAccounts() {
        let panel = Records.panel(Records.shortSession)
        #expect(panel.entries[10].details.map(\.text) == [
            "callback: onSuccess",
            "public_token: public-sandbox-0f0e0d0c-1111-4222-8333-444455556666",
            "institution: First Platypus Bank (ins_109508)",
            "link_session_id: \(Records.sessionID)",
            "account: Plaid Checking ••0000 depository/checking",
            "account: Plaid Saving ••1111 depository/savings",
        ])
    }

    // MARK: Focus, selection and scrolling

    @Test func focusedTheSelectionMovesAndTheViewScrolls() {
        var panel = Records.panel(Records.shortSession)
        panel.isFocused = true
        #expect(panel.selectedIndex == 11)
        #expect(render(panel) == [
            "┌ Events (12) · UTC ─────────────────────────────┐",
            "│12:35:02.789 SUBMIT_CREDENTIALS                 │",
            "│12:35:03.589 TRANSITION_VIEW → MFA (code)       │",
            "│12:35:05.789 SUBMIT_MFA code                    │",
            "│12:35:06.489 TRANSITION_VIEW → SELECT_ACCOUNT   │",
            "│12:35:09.134 ◆ onSuccess public-sandbox-…  (2 a…│",
            "│12:35:09.135 HANDOFF                            │",
            "└──────────────────────────────────────── 12/12 ─┘",
        ])
        #expect(render(panel, cell: (6, 20)).style == styles.selected)

        #expect(press(&panel, .home))
        #expect(press(&panel, .down))
        #expect(press(&panel, .ctrl("n")))
        #expect(panel.selectedIndex == 2)
        #expect(render(panel) == [
            "┌ Events (12) · UTC ─────────────────────────────┐",
            "│12:34:56.789 ◆ onLoad                           │",
            "│12:34:56.794 OPEN → CONSENT                     │",
            "│12:34:57.989 TRANSITION_VIEW → SELECT_INSTITUTI…│",
            "│12:34:59.189 SEARCH_INSTITUTION \"platypus\"      │",
            "│12:34:59.889 SELECT_INSTITUTION First Platypus …│",
            "│12:34:59.939 TRANSITION_VIEW → CREDENTIAL       │",
            "└───────────────────────────────────────── 3/12 ─┘",
        ])
        // The whole selected row, to the border, is highlighted; the others are not.
        #expect((1...48).allSatisfy { render(panel, cell: (3, $0)).style == styles.selected })
        #expect(render(panel, cell: (2, 20)).style != styles.selected)

        // Moving past the bottom scrolls one row at a time; PgDn by a page.
        for _ in 0..<4 { #expect(press(&panel, .down)) }
        #expect(panel.selectedIndex == 6)
        #expect(render(panel)[1] == "│12:34:56.794 OPEN → CONSENT                     │")
        #expect(render(panel)[6] == "│12:35:02.789 SUBMIT_CREDENTIALS                 │")
        #expect(press(&panel, .ctrl("p")))
        #expect(press(&panel, .pageDown))
        #expect(panel.selectedIndex == 10)
        #expect(press(&panel, .pageUp))
        #expect(panel.selectedIndex == 5)
        #expect(press(&panel, .up))
        #expect(panel.selectedIndex == 4)

        // Not on the newest: arriving entries do not move the view or the selection.
        let before = render(panel)
        panel.append(Records.event(.transitionView, 13_000) { $0.viewName = .connected }, at: Records.at(13_000))
        #expect(panel.selectedIndex == 4)
        #expect(Array(render(panel).dropFirst()) == Array(before.dropFirst()).map {
            $0.replacingOccurrences(of: "5/12", with: "5/13")
        })
        #expect(render(panel)[0].hasPrefix("┌ Events (13) · UTC "))

        // Back on the newest (End): the panel follows new entries again.
        #expect(press(&panel, .end))
        panel.append(Records.event(.handoff, 14_000), at: Records.at(14_000))
        #expect(panel.selectedIndex == 13)
        #expect(render(panel)[6] == "│12:35:10.789 HANDOFF                            │")
        #expect(render(panel)[7] == "└──────────────────────────────────────── 14/14 ─┘")
    }

    @Test func theMouseWheelScrolls() {
        var panel = Records.panel(Records.shortSession)
        panel.isFocused = true
        #expect(press(&panel, .mouse(MouseEvent(y: 3, x: 10, kind: .wheelUp))))
        #expect(panel.selectedIndex == 8)
        #expect(press(&panel, .mouse(MouseEvent(y: 3, x: 10, kind: .wheelUp))))
        #expect(press(&panel, .mouse(MouseEvent(y: 3, x: 10, kind: .wheelUp))))
        #expect(panel.selectedIndex == 2)
        #expect(render(panel)[1] == "│12:34:57.989 TRANSITION_VIEW → SELECT_INSTITUTI…│")
        #expect(press(&panel, .mouse(MouseEvent(y: 3, x: 10, kind: .wheelDown))))
        #expect(panel.selectedIndex == 5)
        #expect(render(panel)[1] == "│12:34:57.989 TRANSITION_VIEW → SELECT_INSTITUTI…│")
        // A click on a row selects it (with the panel's area known).
        #expect(press(&panel, .mouse(MouseEvent(y: 2, x: 10, kind: .click)), area: Rect(rows: 8, cols: 50)))
        #expect(panel.selectedIndex == 3)
        #expect(!press(&panel, .mouse(MouseEvent(y: 0, x: 10, kind: .click)), area: Rect(rows: 8, cols: 50)))
    }

    @Test func keysItDoesNotUseAreLeftToTheApp() {
        var panel = Records.panel(Records.shortSession)
        panel.isFocused = true
        #expect(!press(&panel, .escape))
        #expect(!press(&panel, .char("x")))
        #expect(!press(&panel, .tab))
        #expect(!press(&panel, .function(3)))
        #expect(press(&panel, .enter))
        #expect(panel.showsDetails)
        #expect(!press(&panel, .char("x")))
        #expect(press(&panel, .escape))
        #expect(!panel.showsDetails)
        #expect(press(&panel, .enter))
        #expect(press(&panel, .enter))
        #expect(!panel.showsDetails)
        // An empty panel takes Enter without opening anything.
        var empty = LogPanel()
        empty.isFocused = true
        #expect(press(&empty, .enter))
        #expect(!empty.showsDetails)
        #expect(press(&empty, .down))
        #expect(empty.selectedIndex == nil)
    }

    @Test func leavingFocusClosesTheDetailsAndFollowsTheNewestAgain() {
        var panel = Records.panel(Records.shortSession)
        panel.isFocused = true
        _ = panel.handle(.home, visibleRows: 6)
        _ = panel.handle(.enter, visibleRows: 6)
        panel.isFocused = false
        #expect(!panel.showsDetails)
        #expect(panel.followsNewest)
        #expect(panel.selectedIndex == 11)
        panel.append(Records.event(.handoff, 14_000), at: Records.at(14_000))
        #expect(render(panel)[6] == "│12:35:10.789 HANDOFF                            │")
    }

    // MARK: Details

    @Test func detailsOfAnErrorShowEveryWireKey() {
        var panel = Records.panel(Records.shortSession)
        panel.append(invalidMFA, at: Records.at(13_000))
        let fields = panel.entries[12].details
        #expect(fields.map(\.key) == ["event_name"] + EventMetadata.wireKeys)
        panel.isFocused = true
        #expect(press(&panel, .enter))
        // the keys with a value first, then the null ones
        #expect(render(panel, rows: 24) == [
            "┌ Events (13) · UTC ─────────────────────────────┐",
            "│event_name: ERROR                               │",
            "│error_type: ITEM_ERROR                          │",
            "│error_code: INVALID_MFA                         │",
            "│error_message: the provided MFA code was not    │",
            "│  correct                                       │",
            "│institution_id: ins_109508                      │",
            "│institution_name: First Platypus Bank           │",
            "│mfa_type: code                                  │",
            "│timestamp: 2026-01-01T12:35:09.789Z             │",
            "│link_session_id:                                │",
            "│  2f1c6a1e-9b7d-4c1e-8f1a-3b5d7e9c0a12          │",
            "│request_id: R2d2C3poBb8Ewok                     │",
            "│account_number_mask: —                          │",
            "│exit_status: —                                  │",
            "│institution_search_query: —                     │",
            "│is_update_mode: —                               │",
            "│match_reason: —                                 │",
            "│routing_number: —                               │",
            "│view_name: —                                    │",
            "│selection: —                                    │",
            "│                                                │",
            "│                                                │",
            "└──────────────────────────────────────── 13/13 ─┘",
        ])
        #expect(render(panel, rows: 24, cell: (3, 1)).style == styles.accent)  // "error_code:"
        #expect(render(panel, rows: 24, cell: (3, 13)).style == styles.text)  // "INVALID_MFA"
        #expect(render(panel, rows: 24, cell: (13, 1)).style == styles.muted)  // "account_number_mask:", null
        #expect(render(panel, rows: 24, cell: (13, 22)).style == styles.muted)  // its "—"
        // n hides the null ones; n again shows them
        #expect(press(&panel, .char("n")))
        #expect(render(panel, rows: 24)[13] == "│                                                │")
        #expect(press(&panel, .char("n")))
        #expect(render(panel, rows: 24)[13] == "│account_number_mask: —                          │")
    }

    @Test func detailsScrollWithTheListKeys() {
        var panel = Records.panel(Records.shortSession)
        panel.append(invalidMFA, at: Records.at(13_000))
        panel.isFocused = true
        let area = Rect(rows: 8, cols: 50)
        #expect(press(&panel, .enter, area: area))
        #expect(render(panel) == [
            "┌ Events (13) · UTC ─────────────────────────────┐",
            "│event_name: ERROR                               │",
            "│error_type: ITEM_ERROR                          │",
            "│error_code: INVALID_MFA                         │",
            "│error_message: the provided MFA code was not    │",
            "│  correct                                       │",
            "│institution_id: ins_109508                      │",
            "└──────────────────────────────────────── 13/13 ─┘",
        ])
        #expect(press(&panel, .down, area: area))
        #expect(press(&panel, .ctrl("n"), area: area))
        #expect(render(panel)[1] == "│error_code: INVALID_MFA                         │")
        #expect(press(&panel, .end, area: area))
        #expect(render(panel) == [
            "┌ Events (13) · UTC ─────────────────────────────┐",
            "│institution_search_query: —                     │",
            "│is_update_mode: —                               │",
            "│match_reason: —                                 │",
            "│routing_number: —                               │",
            "│view_name: —                                    │",
            "│selection: —                                    │",
            "└──────────────────────────────────────── 13/13 ─┘",
        ])
        // Past the end stays at the end; one PgUp comes back a page.
        #expect(press(&panel, .pageDown, area: area))
        #expect(press(&panel, .mouse(MouseEvent(y: 2, x: 2, kind: .wheelDown)), area: area))
        #expect(panel.detailsOffset == 14)
        #expect(press(&panel, .pageUp, area: area))
        #expect(panel.detailsOffset == 9)
        #expect(press(&panel, .home, area: area))
        #expect(panel.detailsOffset == 0)
        // ←/→ show the neighbours' details.
        #expect(press(&panel, .left, area: area))
        #expect(panel.selectedIndex == 11)
        #expect(render(panel)[1] == "│event_name: HANDOFF                             │")
        #expect(press(&panel, .right, area: area))
        #expect(render(panel)[1] == "│event_name: ERROR                               │")
        // New entries do not change the details being read.
        panel.append(Records.event(.exit, 14_000) { $0.exitStatus = .requiresCode }, at: Records.at(14_000))
        #expect(panel.selectedIndex == 12)
        #expect(render(panel)[1] == "│event_name: ERROR                               │")
        #expect(press(&panel, .escape, area: area))
        #expect(render(panel)[6] == "│12:35:09.789 ERROR INVALID_MFA                  │")
    }

    // MARK: Untrusted text and small areas

    @Test func textFromDataIsSanitized() {
        let evil = "Evil\u{1b}[31m Bank\u{202e}gnp.exe\n\u{7}"
        var panel = Records.panel([
            (Records.event(.selectInstitution, 0) { $0.institutionName = evil; $0.institutionID = "ins_1" }, Records.at(0)),
            (Records.event(.searchInstitution, 1) { $0.institutionSearchQuery = "\u{1b}]0;pwned\u{7}chase" }, Records.at(1)),
        ])
        #expect(render(panel) == [
            "┌ Events (2) · UTC · F3 to browse ───────────────┐",
            "│12:34:56.789 SELECT_INSTITUTION Evil Bankgnp.exe│",
            "│12:34:56.790 SEARCH_INSTITUTION \"chase\"         │",
            "│                                                │",
            "│                                                │",
            "│                                                │",
            "│                                                │",
            "└────────────────────────────────────────────────┘",
        ])
        panel.isFocused = true
        _ = panel.handle(.home, visibleRows: 6)
        _ = panel.handle(.enter, visibleRows: 6)
        let lines = render(panel, rows: 24)
        #expect(lines.contains("│institution_name: Evil Bankgnp.exe              │"))
        for line in lines + render(panel) {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{202e}" || $0 == "\u{7f}" })
        }
    }

    @Test func longNamesAreTruncatedNeverWrapped() {
        let long = String(repeating: "Very Long Credit Union of the Greater Metropolitan Area ", count: 3)
        let panel = Records.panel([
            (Records.event(.selectInstitution, 0) { $0.institutionName = long }, Records.at(0)),
            (Records.event(.transitionView, 1) { $0.viewName = .credential }, Records.at(1)),
            (Records.event(.selectInstitution, 2) { $0.institutionName = "銀行銀行銀行銀行銀行銀行銀行銀行銀行" }, Records.at(2)),
        ])
        #expect(Array(render(panel, rows: 5).dropFirst().prefix(3)) == [
            "│12:34:56.789 SELECT_INSTITUTION Very Long Credi…│",
            "│12:34:56.790 TRANSITION_VIEW → CREDENTIAL       │",
            "│12:34:56.791 SELECT_INSTITUTION 銀行銀行銀行銀 …│",
        ])
        // A narrow panel drops the time column; the name is still cut, not wrapped.
        #expect(render(panel, rows: 5, cols: 20) == [
            "┌ Events (3) · UTC ┐",
            "│SELECT_INSTITUTIO…│",
            "│TRANSITION_VIEW →…│",
            "│SELECT_INSTITUTIO…│",
            "└──────────────────┘",
        ])
    }

    @Test func tinyAreasNeverCrash() {
        var list = Records.panel(Records.shortSession)
        list.append(invalidMFA, at: Records.at(13_000))
        var focused = list
        focused.isFocused = true
        var details = focused
        _ = details.handle(.enter, visibleRows: 0)
        for panel in [LogPanel(), list, focused, details] {
            for (rows, cols) in [(0, 0), (1, 1), (2, 3), (3, 2), (2, 2), (1, 5), (5, 1), (3, 3), (3, 6), (4, 12)] {
                _ = render(panel, rows: rows, cols: cols)
                // Also an area larger than, or outside, the buffer.
                var buffer = CellBuffer(rows: rows, cols: cols)
                panel.draw(into: &buffer, area: Rect(x: -3, y: -2, width: cols + 9, height: rows + 7), styles: styles)
                panel.draw(into: &buffer, area: Rect(x: cols + 1, y: rows + 1, width: 4, height: 4), styles: styles)
                panel.draw(into: &buffer, area: Rect(x: 0, y: 0, width: 0, height: 5), styles: styles)
            }
            var keys = panel
            for key: Key in [.down, .up, .pageDown, .pageUp, .end, .home, .left, .right, .enter, .escape] {
                _ = keys.handle(key, visibleRows: 0)
                _ = keys.handle(key, visibleRows: -3, width: 0)
                _ = keys.handle(key, area: Rect(rows: 1, cols: 1))
                _ = keys.handle(.mouse(MouseEvent(y: 0, x: 0, kind: .click)), area: Rect(rows: 0, cols: 0))
            }
        }
        #expect(render(list, rows: 0, cols: 0) == [])
        #expect(render(list, rows: 1, cols: 1) == ["…"])
        #expect(render(list, rows: 2, cols: 3) == ["┌─┐", "└─┘"])
        #expect(render(list, rows: 3, cols: 2) == ["┌┐", "││", "└┘"])
        #expect(render(list, rows: 3, cols: 3) == ["┌─┐", "│…│", "└─┘"])
        #expect(render(details, rows: 3, cols: 6) == ["┌ Eve┐", "│even│", "└────┘"])
    }

    // MARK: With the engine

    @Test func aDriverSessionFillsThePanelLive() throws {
        let driver = SessionDriver(configuration: SessionConfiguration(), clock: ManualClock())
        var panel = LogPanel()
        driver.observe { record in panel.append(record, at: driver.clock.now) }
        try ScenarioRunner(scenario: Scenario(text: """
            continue
            search first platypus
            select ins_109508
            credentials user_good pass_good
            accounts all
            continue
            """)).run(on: driver)
        #expect(panel.entries.count == driver.records.count)
        #expect(panel.entries.first?.label == "◆ onLoad")
        #expect(panel.entries.map(\.record) == driver.records)
        for (entry, record) in zip(panel.entries, driver.records) {
            if case .event(let event) = record {
                #expect(entry.name == event.eventName.description)
                #expect(entry.timeText == LogEntry.timeOfDay(event.metadata.instant))
                #expect(entry.details.count == 18)
            }
        }
        let lines = render(panel, rows: 8, cols: 60)
        #expect(lines[6].contains("HANDOFF"))
        #expect(lines[5].contains("◆ onSuccess public-sandbox-…  ("))
        #expect(panel.entries.contains { $0.text.hasSuffix("SEARCH_INSTITUTION \"first platypus\"") })
        #expect(panel.entries.contains { $0.text.hasSuffix("SELECT_INSTITUTION First Platypus Bank") })
    }

    @Test func theKeyMapNamesTheKeys() {
        #expect(LogPanel.keyMap.bindings.map(\.keys) == ["↑/↓", "Enter", "/", "z", "PgUp/PgDn", "Home/End", "Esc"])
        var panel = Records.panel(Records.shortSession)
        #expect(panel.currentKeyMap == LogPanel.keyMap)
        panel.isFocused = true
        _ = panel.handle(.enter, visibleRows: 6)
        #expect(panel.currentKeyMap == LogPanel.detailsKeyMap)
        _ = panel.handle(.escape, visibleRows: 6)
        _ = panel.handle(.char("/"), visibleRows: 6)
        #expect(panel.currentKeyMap == LogPanel.filterKeyMap)
        _ = panel.handle(.char("x"), visibleRows: 6)
        _ = panel.handle(.enter, visibleRows: 6)
        #expect(panel.currentKeyMap == LogPanel.filteredKeyMap)
    }

    @Test func slashFiltersTheListByNameOrText() {
        var panel = Records.panel(Records.shortSession)
        panel.isFocused = true
        let area = Rect(rows: 8, cols: 50)
        #expect(press(&panel, .char("/"), area: area))
        for character in "Trans" { #expect(press(&panel, .char(character), area: area)) }
        #expect(render(panel) == [
            "┌ Events (4 of 12) · /Trans▏ ────────────────────┐",
            "│12:34:57.989 TRANSITION_VIEW → SELECT_INSTITUTI…│",
            "│12:34:59.939 TRANSITION_VIEW → CREDENTIAL       │",
            "│12:35:03.589 TRANSITION_VIEW → MFA (code)       │",
            "│12:35:06.489 TRANSITION_VIEW → SELECT_ACCOUNT   │",
            "│                                                │",
            "│                                                │",
            "└────────────────────────────────────────── 4/4 ─┘",
        ])
        // Enter keeps the filter, the list's keys act on what it shows; the selection is the newest kept
        #expect(press(&panel, .enter, area: area))
        #expect(panel.selectedEntry?.summary == "→ SELECT_ACCOUNT")
        #expect(press(&panel, .home, area: area))
        #expect(panel.selectedEntry?.summary == "→ SELECT_INSTITUTION")
        // text of the summary matches too ("platypus" is a query), in any case
        #expect(press(&panel, .char("/"), area: area))
        #expect(press(&panel, .ctrl("u"), area: area))
        for character in "PLATYPUS" { _ = press(&panel, .char(character), area: area) }
        #expect(panel.shown.map { panel.entries[$0].name } == ["SEARCH_INSTITUTION", "SELECT_INSTITUTION"])
        // nothing kept: the panel says so; Esc clears the filter, and Esc again leaves
        for character in "zzz" { _ = press(&panel, .char(character), area: area) }
        #expect(render(panel)[1].hasPrefix("│No event matches \"PLATYPUSzzz\""))
        #expect(press(&panel, .escape, area: area))
        #expect(panel.filter.isEmpty && panel.shown.count == 12)
        #expect(!press(&panel, .escape, area: area))
    }

    @Test func theInspectorShowsJSONAndCopiesIt() {
        var panel = Records.panel(Records.shortSession)
        panel.append(invalidMFA, at: Records.at(13_000))
        panel.isFocused = true
        #expect(press(&panel, .enter))
        #expect(press(&panel, .char("j")))
        let lines = render(panel, rows: 30, cols: 70)
        #expect(lines[1] == "│{" + String(repeating: " ", count: 67) + "│")
        #expect(lines[2].hasPrefix("│  \"type\": \"event\","))
        #expect(lines[5].hasPrefix("│    \"account_number_mask\": null,"))
        #expect(render(panel, rows: 30, cols: 70, cell: (2, 3)).style == styles.accent)  // the key "type"
        #expect(render(panel, rows: 30, cols: 70, cell: (2, 11)).style == styles.success)  // its value
        #expect(render(panel, rows: 30, cols: 70, cell: (5, 28)).style == styles.muted)  // null
        #expect(press(&panel, .char("y")))
        let copied = panel.takeCopyRequest()
        #expect(copied == panel.entries[12].jsonLine && copied?.hasPrefix("{\"type\":\"event\",\"event_name\":\"ERROR\"") == true)
        #expect(panel.takeCopyRequest() == nil, "taken once")
        // the inspector over a whole body, titled with its place and time
        var buffer = CellBuffer(rows: 12, cols: 60)
        panel.drawInspector(into: &buffer, area: buffer.bounds, styles: styles)
        #expect(buffer.lines()[0].hasPrefix("╭ Event 13 of 13 · ERROR · 12:35:09.789 UTC · copied ─"))
    }
}

/// The cell at (`y`, `x`) after drawing `panel` into a `rows` x `cols` buffer.
private func render(_ panel: LogPanel, rows: Int = 8, cols: Int = 50, cell: (Int, Int)) -> Cell {
    var buffer = CellBuffer(rows: rows, cols: cols)
    panel.draw(into: &buffer, area: buffer.bounds, styles: styles)
    return buffer[cell.0, cell.1]
}

/// Hands `key` to a focused `panel` with 6 visible rows (or its `area`) and returns whether it was used.
private func press(_ panel: inout LogPanel, _ key: Key, area: Rect? = nil) -> Bool {
    if let area { return panel.handle(key, area: area) }
    return panel.handle(key, visibleRows: 6)
}
