// seed 003, lines 24-24: Mesh: LinkSettings with on-device storage. Verbatim: Tests/pty/test_outside_package.py
// type-checks it with only the imports changed (added) and counts what compiles.
let settings = LinkSettings(useSecureOnDeviceStorage: true)
