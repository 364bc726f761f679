// Signal handlers that give the terminal back: written in C because a handler may call only
// async-signal-safe functions (tcsetattr, write, sigaction, raise), which Swift cannot promise.
#include "CTerminalGuard.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct termios saved_settings;
static int terminal_fd = -1;
static int wake_descriptor = -1;
static char restore_bytes[256];
static size_t restore_length = 0;
static volatile sig_atomic_t active = 0;
static volatile sig_atomic_t resized = 0;
static int exit_handler_registered = 0;

static const int ending_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
#define COUNT(array) (sizeof(array) / sizeof((array)[0]))
static struct sigaction previous_crash_actions[COUNT(crash_signals)];

void reader_terminal_guard_restore(void) {
    if (!active) return;
    active = 0;
    int saved_errno = errno;
    size_t written = 0;
    while (written < restore_length) {
        ssize_t count = write(terminal_fd, restore_bytes + written, restore_length - written);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) break;
        written += (size_t)count;
    }
    tcsetattr(terminal_fd, TCSANOW, &saved_settings);
    errno = saved_errno;
}

static void on_ending_signal(int signal_number) {
    reader_terminal_guard_restore();
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(signal_number, &fallback, NULL);
    raise(signal_number);
}

static void on_crash_signal(int signal_number) {
    reader_terminal_guard_restore();
    for (size_t index = 0; index < COUNT(crash_signals); index++) {
        if (crash_signals[index] != signal_number) continue;
        // The handler that was there before (the Swift runtime's backtracer, or the default).
        sigaction(signal_number, &previous_crash_actions[index], NULL);
    }
    raise(signal_number);
}

static void on_resize(int signal_number) {
    (void)signal_number;
    int saved_errno = errno;
    resized = 1;
    if (wake_descriptor >= 0) {
        char byte = 'w';
        ssize_t ignored = write(wake_descriptor, &byte, 1);
        (void)ignored;
    }
    errno = saved_errno;
}

int reader_terminal_guard_take_resize(void) {
    if (!resized) return 0;
    resized = 0;
    return 1;
}

int reader_terminal_guard_install(int fd, const struct termios *saved, const char *restore, size_t length, int wake_fd) {
    if (length >= sizeof restore_bytes) return -1;
    terminal_fd = fd;
    saved_settings = *saved;
    memcpy(restore_bytes, restore, length);
    restore_length = length;
    wake_descriptor = wake_fd;
    active = 1;
    if (!exit_handler_registered) {
        if (atexit(reader_terminal_guard_restore) != 0) return -1;
        exit_handler_registered = 1;
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_handler = on_ending_signal;
    for (size_t index = 0; index < COUNT(ending_signals); index++) {
        if (sigaction(ending_signals[index], &action, NULL) != 0) return -1;
    }
    action.sa_handler = on_crash_signal;
    for (size_t index = 0; index < COUNT(crash_signals); index++) {
        if (sigaction(crash_signals[index], &action, &previous_crash_actions[index]) != 0) return -1;
    }
    action.sa_handler = on_resize;
    action.sa_flags = SA_RESTART;
    if (sigaction(SIGWINCH, &action, NULL) != 0) return -1;
    return 0;
}
