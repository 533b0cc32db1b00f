// seed 000, lines 264-282: Create a Handler: Plaid.create with onLoad (Swift). Verbatim: Tests/pty/test_outside_package.py
// type-checks it with only the imports changed (added) and counts what compiles.
let result = Plaid.create(linkConfiguration, onLoad: { [weak self] in
    // Optional callback invoked once Plaid Link has finished preloading and is ready
    // to be presented.
    //
    // Example: Enable a button once Link has loaded
    // self?.openButton.isEnabled = true
    //
    // Example: Automatically present Link once it has loaded
    // guard let self = self else { return }
    // self.handler?.open(presentUsing: .viewController(self))
})

switch result {
case .failure(let error):
    logger.error("Unable to create Plaid handler due to: \(error)")
case .success(let handler):
    // Retain the handler for the duration of the Link flow (and OAuth redirects)
    self.handler = handler
}
