// seed 003, lines 56-61: Mesh: createHandler() and present(in:). Verbatim: Tests/pty/test_outside_package.py
// type-checks it with only the imports changed (added) and counts what compiles.
let result = configuration.createHandler()
switch result {
case .failure(let error):
case .success(let handler):
    handler.present(in: self)

