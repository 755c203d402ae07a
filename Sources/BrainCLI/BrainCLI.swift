import BrainKit

/// Entry point of the `brain` command line.
public enum BrainCLI {
    public static let version = "0.1.0"
}
