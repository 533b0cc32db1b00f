// seed 003, lines 77-78: Mesh: V1 -> V2 migration, the LinkStore. Verbatim: Tests/pty/test_outside_package.py
// type-checks it with only the imports changed (added) and counts what compiles.
let linkStore = LinkStore()
let accessTokens = linkStore.accessTokens
