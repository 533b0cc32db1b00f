// seed 000, lines 339-340: Open Link (Swift). Verbatim: Tests/pty/test_outside_package.py
// type-checks it with only the imports changed (added) and counts what compiles.
let method: PresentationMethod = .viewController(self)
handler.open(presentUsing: method)
