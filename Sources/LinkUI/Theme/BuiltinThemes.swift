/// BuiltinThemes: the themes compiled into linkterm, so they work from any working directory.
///
/// Each is the text of the file of the same name in `Themes/`; a test keeps the two identical.
enum BuiltinThemes {
    /// Name and JSON text of every built-in theme, the default first.
    static let sources: [(name: String, json: String)] = [
        ("default", #"""
{
  "name": "default",
  "description": "Plaid-like blue accents on the terminal's own background.",
  "colors": {
    "background": "default",
    "foreground": "default",
    "muted": 245,
    "accent": "#00a3e0",
    "selection": "#005f87",
    "selection_text": "bright-white",
    "border": 240,
    "success": "#5fd75f",
    "warning": "#ffaf00",
    "error": "#ff5f5f",
    "match": "bright-yellow",
    "log_event": "#87d7ff",
    "log_callback": "#d787ff",
    "log_time": 244
  }
}
"""#),
        ("light", #"""
{
  "name": "light",
  "description": "Dark text on a light background.",
  "colors": {
    "background": 255,
    "foreground": 235,
    "muted": 243,
    "accent": "#005fd7",
    "selection": "#afd7ff",
    "selection_text": "black",
    "border": 249,
    "success": "#008700",
    "warning": "#af5f00",
    "error": "#d70000",
    "match": "#af00af",
    "log_event": "#005f87",
    "log_callback": "#870087",
    "log_time": 244
  }
}
"""#),
        ("high-contrast", #"""
{
  "name": "high-contrast",
  "description": "Pure black and white with the brightest accents.",
  "colors": {
    "background": "black",
    "foreground": "bright-white",
    "muted": "white",
    "accent": "bright-yellow",
    "selection": "bright-yellow",
    "selection_text": "black",
    "border": "bright-white",
    "success": "bright-green",
    "warning": "bright-yellow",
    "error": "bright-red",
    "match": "bright-cyan",
    "log_event": "bright-cyan",
    "log_callback": "bright-magenta",
    "log_time": "white"
  }
}
"""#),
        ("monochrome", #"""
{
  "name": "monochrome",
  "description": "No colour at all: bold, underline, dim and reverse video only.",
  "colors": {
    "background": "default",
    "foreground": "default",
    "muted": "default",
    "accent": "default",
    "selection": "default",
    "selection_text": "default",
    "border": "default",
    "success": "default",
    "warning": "default",
    "error": "default",
    "match": "default",
    "log_event": "default",
    "log_callback": "default",
    "log_time": "default"
  }
}
"""#),
    ]
}
