// seed 000, lines 208-226: Create a Configuration (Swift). Verbatim: Tests/pty/test_outside_package.py
// type-checks it with only the imports changed (added) and counts what compiles.
var linkConfiguration = LinkTokenConfiguration(
    token: "<#LINK_TOKEN_FROM_SERVER#>",
    onSuccess: { linkSuccess in
        // Send the linkSuccess.publicToken to your app server.
    }
)

// Optional: Configure additional Link presentation options. 

// If true, skips the default Link loading animation.
// Use this if you're displaying your own custom loading UI.
linkConfiguration.noLoadingState = true

// Optional: Configure additional Link presentation options -
// Available in SDK v6.2.0 and above:

// If false, displays a solid background instead of the default
// transparent gradient.
linkConfiguration.showGradientBackground = false
