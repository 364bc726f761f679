#ifndef C_TERMINAL_GUARD_H
#define C_TERMINAL_GUARD_H

#include <stddef.h>
#include <termios.h>

/// Remembers the terminal settings to put back (`saved`, for the terminal at `fd`) and the bytes
/// that leave the reader's screen modes (`restore`, at most 255 bytes), then installs handlers
/// that put them back on SIGINT, SIGTERM, SIGHUP, SIGQUIT and on a crash (SIGSEGV, SIGBUS, SIGILL,
/// SIGFPE, SIGABRT, SIGTRAP) before the signal takes its course, and at exit. SIGWINCH sets a
/// flag and writes one byte to `wake_fd` (or nothing when it is -1), so a loop in poll() wakes.
/// Returns 0, or -1 when a handler could not be installed.
int reader_terminal_guard_install(int fd, const struct termios *saved, const char *restore, size_t length, int wake_fd);

/// Puts the saved terminal settings back and writes the restore bytes, once (later calls do
/// nothing). Only async-signal-safe calls: it also runs inside the signal handlers.
void reader_terminal_guard_restore(void);

/// 1 when the terminal was resized since the last call, else 0.
int reader_terminal_guard_take_resize(void);

#endif
