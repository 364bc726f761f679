/// A key (or mouse wheel step) read from the terminal.
public enum Key: Hashable, Sendable {
    /// A printable character (a letter, a digit, punctuation, a space, any Unicode character).
    case character(Character)
    /// Enter (carriage return or line feed).
    case enter
    /// Escape alone.
    case escape
    /// Backspace (DEL or Ctrl-H).
    case backspace
    /// Tab.
    case tab
    /// The arrow keys.
    case up, down, left, right
    /// Page Up and Page Down.
    case pageUp, pageDown
    /// Home and End.
    case home, end
    /// Delete (forward).
    case delete
    /// A control key, by its letter (`control("c")` for Ctrl-C).
    case control(Character)
    /// One step of the mouse wheel.
    case wheelUp, wheelDown
}
