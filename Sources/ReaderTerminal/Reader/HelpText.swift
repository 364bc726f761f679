/// The keys, as `?` lists them.
enum HelpText {
    static let lines = [
        "Space  PageDown  →  ↓  j  l  wheel down    next page",
        "PageUp  ←  ↑  k  h  wheel up               previous page",
        "Home  <            first page",
        "End  >  G          last page",
        "g NUMBER Enter     go to page NUMBER (g 40% Enter: 40% into the book)",
        "]  [               next / previous chapter",
        "t                  table of contents (Enter goes to the chosen entry)",
        "/ TEXT Enter       search the whole book; n N: next / previous hit",
        "b  B               bookmark this page / list the bookmarks",
        "v                  highlight a passage, over pages too (with an optional note)",
        "f                  follow a link or footnote on the page; Backspace comes back",
        "i                  show an image on the page (kitty, WezTerm, Ghostty), or write it to a file",
        "Esc                clear the search marks and the message",
        "?                  this help",
        "q                  quit (the position is kept in the library)",
    ]
}
