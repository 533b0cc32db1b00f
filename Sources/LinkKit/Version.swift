public enum LinkKitVersion { public static let string = "0.1.0" }
