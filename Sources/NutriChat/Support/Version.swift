/// The version `nutrichat --version` prints.
public enum NutriChatVersion {
    public static let current = "0.16.0"
}
