// seed 004, lines 341-344: v1: Re-initialize Link with oauthNonce and oauthStateId (first lines). Verbatim: Tests/pty/test_outside_package.py
// type-checks it with only the imports changed (added) and counts what compiles.
// With custom configuration
let oauthStateId = PLKOAuthStateIdFromURL(url: "<YOUR_OAUTH_RESPONSE_URL>")
let linkConfiguration = PLKConfiguration(linkToken: "<GENERATED_LINK_TOKEN>")
linkConfiguration.oauthNonce = "<YOUR_OAUTH_NONCE>"
