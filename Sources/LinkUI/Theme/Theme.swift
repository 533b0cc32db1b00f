/// Theme: the semantic colours every style of linkterm derives from.
///
/// A theme file changes the whole look by setting these few roles; panes never name a colour.
public struct Theme: Hashable, Sendable {
    /// The theme's name (`default`, `light`, … or the file's).
    public var name: String
    /// Pane background.
    public var background: TermColor
    /// Ordinary text.
    public var foreground: TermColor
    /// Secondary text: hints, labels, timestamps.
    public var muted: TermColor
    /// Titles, the focused field, buttons.
    public var accent: TermColor
    /// The background of the highlighted row; `default` means reverse video.
    public var selection: TermColor
    /// The text of the highlighted row.
    public var selectionText: TermColor
    /// Box borders.
    public var border: TermColor
    /// Success messages and the connected pane.
    public var success: TermColor
    /// Warnings (degraded institution).
    public var warning: TermColor
    /// Errors.
    public var error: TermColor
    /// The matched characters of a search result.
    public var match: TermColor
    /// Event names in the log panel.
    public var logEvent: TermColor
    /// Callbacks (onLoad, onSuccess, onExit) in the log panel.
    public var logCallback: TermColor
    /// Timestamps in the log panel.
    public var logTime: TermColor

    /// The roles, as theme files name them, in the order files list them.
    public static let roleNames = [
        "background", "foreground", "muted", "accent", "selection", "selection_text", "border", "success",
        "warning", "error", "match", "log_event", "log_callback", "log_time",
    ]

    /// The colour of a role by its file name.
    public subscript(role role: String) -> TermColor? {
        get {
            switch role {
            case "background": background
            case "foreground": foreground
            case "muted": muted
            case "accent": accent
            case "selection": selection
            case "selection_text": selectionText
            case "border": border
            case "success": success
            case "warning": warning
            case "error": error
            case "match": match
            case "log_event": logEvent
            case "log_callback": logCallback
            case "log_time": logTime
            default: nil
            }
        }
        set {
            guard let newValue else { return }
            switch role {
            case "background": background = newValue
            case "foreground": foreground = newValue
            case "muted": muted = newValue
            case "accent": accent = newValue
            case "selection": selection = newValue
            case "selection_text": selectionText = newValue
            case "border": border = newValue
            case "success": success = newValue
            case "warning": warning = newValue
            case "error": error = newValue
            case "match": match = newValue
            case "log_event": logEvent = newValue
            case "log_callback": logCallback = newValue
            case "log_time": logTime = newValue
            default: break
            }
        }
    }

    /// A theme with every role at the terminal's default colour (monochrome).
    public init(name: String) {
        self.name = name
        background = .default
        foreground = .default
        muted = .default
        accent = .default
        selection = .default
        selectionText = .default
        border = .default
        success = .default
        warning = .default
        error = .default
        match = .default
        logEvent = .default
        logCallback = .default
        logTime = .default
    }
}

/// ThemeStyles: the styles panes draw with, derived from a ``Theme``.
///
/// Every style stays readable without colour: titles are bold, the selection is reverse video
/// when the theme gives it no colour, matches are underlined, errors bold.
public struct ThemeStyles: Hashable, Sendable {
    /// Ordinary text.
    public var text: Style
    /// Secondary text.
    public var muted: Style
    /// Titles.
    public var title: Style
    /// Accented text (keys in hints, the focused field's label).
    public var accent: Style
    /// The highlighted row.
    public var selected: Style
    /// Box borders.
    public var border: Style
    /// Success text.
    public var success: Style
    /// Warning text.
    public var warning: Style
    /// Error text.
    public var error: Style
    /// Matched characters in a result.
    public var match: Style
    /// Matched characters in the highlighted row.
    public var selectedMatch: Style
    /// The name on the highlighted row of a long list (search results): ordinary text when the
    /// theme has a selection colour (the row is marked by `selectionMarker` alone, so that moving
    /// the selection over ssh rewrites two cells a row, not the row), else the whole row reversed.
    public var selectedItem: Style
    /// The marker (`› `) of the highlighted row of a long list: the selection colours, no
    /// attributes (an attribute change costs a full reset on the wire).
    public var selectionMarker: Style
    /// A text field: a box of grey on a terminal of 256 colours or more, else underlined.
    public var field: Style
    /// The focused text field: as `field`, in the accent colour.
    public var focusedField: Style
    /// Log panel: event names.
    public var logEvent: Style
    /// Log panel: callbacks.
    public var logCallback: Style
    /// Log panel: times.
    public var logTime: Style
    /// The backdrop's shades around the Link card, top to bottom (Link's gradient background);
    /// empty where the theme has no colours.
    public var backdrop: [Style]
    /// The primary button.
    public var primaryButton: Style

    /// The greys of the backdrop, top to bottom: darker than a dark page, lighter than a light
    /// one (by the theme's background); none for a theme without colours.
    static func backdropShades(of theme: Theme) -> [UInt8] {
        if theme.accent == .default && theme.foreground == .default { return [] }
        let (r, g, b): (UInt8, UInt8, UInt8)
        switch theme.background {
        case .default: (r, g, b) = (0, 0, 0)
        case .indexed(let index): (r, g, b) = TermColor.rgbValue(ofIndex: index)
        case .rgb(let red, let green, let blue): (r, g, b) = (red, green, blue)
        }
        let light = Int(r) * 299 + Int(g) * 587 + Int(b) * 114 > 128_000
        return light ? [255, 254, 253, 252] : [233, 234, 235, 236]
    }

    /// Derives the styles of `theme` for a terminal of `colorCount` colours (256 unless said).
    public init(theme: Theme, colorCount: Int = 256) {
        let bg = theme.background
        text = Style(fg: theme.foreground, bg: bg)
        muted = Style(fg: theme.muted, bg: bg, dim: theme.muted == .default)
        title = Style(fg: theme.accent, bg: bg, bold: true)
        accent = Style(fg: theme.accent, bg: bg, bold: true)
        if theme.selection == .default {
            selected = Style(fg: theme.foreground, bg: bg, bold: true, reverse: true)
        } else {
            selected = Style(fg: theme.selectionText, bg: theme.selection, bold: true)
        }
        border = Style(fg: theme.border, bg: bg)
        success = Style(fg: theme.success, bg: bg, bold: true)
        warning = Style(fg: theme.warning, bg: bg, bold: true)
        error = Style(fg: theme.error, bg: bg, bold: true)
        // with colours, matches differ by colour alone: a change of attributes costs a full
        // reset and every colour again on the wire, a change of colour a few bytes
        if theme.match == .default {
            match = Style(fg: theme.match, bg: bg, bold: true, underline: true)
        } else {
            match = Style(fg: theme.match, bg: bg)
        }
        if theme.selection == .default {
            selectedItem = selected
            selectionMarker = selected
            selectedMatch = Style(fg: selected.fg, bg: selected.bg, bold: true, underline: true, reverse: selected.reverse)
        } else {
            selectedItem = text
            selectionMarker = Style(fg: theme.selectionText, bg: theme.selection)
            selectedMatch = match
        }
        // a field is a box of the backdrop's last grey where the terminal shows that grey: the
        // blanks of a box are erased in a few bytes on the wire, an underline's are written one
        // by one (typing the first letter of a search cleared its hint cell by cell); without
        // colours, or where the greys would fall back to black, it is underlined
        if colorCount >= 256, let box = Self.backdropShades(of: theme).last {
            field = Style(fg: theme.foreground, bg: .indexed(box))
            focusedField = Style(fg: theme.accent, bg: .indexed(box))
        } else {
            field = Style(fg: theme.foreground, bg: bg, underline: true)
            focusedField = Style(fg: theme.accent, bg: bg, bold: true, underline: true)
        }
        logEvent = Style(fg: theme.logEvent, bg: bg, bold: true)
        logCallback = Style(fg: theme.logCallback, bg: bg, bold: true, reverse: theme.logCallback == .default)
        logTime = Style(fg: theme.logTime, bg: bg, dim: theme.logTime == .default)
        backdrop = Self.backdropShades(of: theme).map { Style(fg: theme.muted, bg: .indexed($0)) }
        primaryButton = theme.accent == .default ? Style(fg: theme.foreground, bg: bg, bold: true, reverse: true)
            : Style(fg: theme.selectionText, bg: theme.selection, bold: true)
    }
}
