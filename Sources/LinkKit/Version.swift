/// LinkKitVersion: the version of linkterm and its libraries, as `linkterm --version` prints it.
public enum LinkKitVersion {
    /// The version string (semantic versioning).
    public static let string = "0.1.0"
}
