/*
 * early_environment.c: settings that must be in the environment before the Swift
 * runtime starts.
 *
 * Swift's crash reporter must not wait at an interactive prompt in a raw terminal
 * (docs/ARCHITECTURE.md §5, "Crashes"), and the runtime reads SWIFT_BACKTRACE once, while it starts. When
 * the Swift libraries are linked statically (release builds), this constructor runs
 * before the runtime's own initialisers (a priority constructor comes first in
 * .init_array) and sets the variable there, so linkterm needs no second exec. When
 * they are loaded as shared libraries they have started already; the constructor
 * then does nothing and linkterm runs itself again with the variable set.
 *
 * setenv moves the environment to the heap, and the runtime finds the arguments by
 * looking next to the environment while it starts: the constructor hands them to it
 * directly (_swift_stdlib_overrideUnsafeArgvArgc, the runtime's entry for hosts that
 * set CommandLine.arguments).
 *
 * Before anything opens a file, descriptors 0, 1 and 2 are made to exist: one that
 * is closed (`2>&-`) gets /dev/null, so that a file opened later (the events file)
 * can never take its number and receive what is meant for standard error.
 */
#define _GNU_SOURCE
#include "shim.h"

#include <fcntl.h>
#include <limits.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

__attribute__((swiftcall)) extern void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc);

static int g_set_early = 0;

static int names_swift_core(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    (void)data;
    return info->dlpi_name != NULL && strstr(info->dlpi_name, "libswiftCore.so") != NULL;
}

/* Opens /dev/null on each of 0, 1, 2 that is closed (lowest free number first, so it lands there). */
static void lt_occupy_standard_descriptors(void) {
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) >= 0) continue;
        int opened = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
        if (opened >= 0 && opened != fd) {
            dup2(opened, fd);
            close(opened);
        }
    }
}

/* glibc calls constructors with main's arguments. */
__attribute__((constructor(101))) static void lt_set_early_environment(int argc, char **argv, char **envp) {
    (void)envp;
    lt_occupy_standard_descriptors();
    if (argv == NULL || argc < 1) return;
    if (dl_iterate_phdr(names_swift_core, NULL) != 0) return; /* shared runtime: too late */
    if (getenv("SWIFT_BACKTRACE") != NULL) return;
    /* The runtime finds its crash helper (swift-backtrace-static) by asking dladdr where its own
     * code is, a linear walk over every symbol of this 100 MB program: about 5% of a batch
     * search's whole run. Naming the helper where the runtime looks for it (a toolchain's layout:
     * DIR/../libexec/swift/linux/ for a program in DIR) spares that walk. Where it is not (a
     * program built with the Swift libraries linked in, anywhere else), the runtime goes without
     * backtraces, as it does when its own search finds nothing: said so here. */
    static char setting[PATH_MAX + 96];
    char exe[PATH_MAX];
    ssize_t length = readlink("/proc/self/exe", exe, sizeof exe - 1);
    char *slash = length > 0 ? (exe[length] = 0, strrchr(exe, '/')) : NULL;
    snprintf(setting, sizeof setting, "interactive=no");
    if (slash != NULL) {
        char helper[PATH_MAX + 64];
        *slash = 0;
        snprintf(helper, sizeof helper, "%s/../libexec/swift/linux/swift-backtrace-static", exe);
        snprintf(setting, sizeof setting, "%s,swift-backtrace=%s", access(helper, X_OK) == 0 ? "interactive=no" : "enable=no",
                 helper);
    }
    if (setenv("SWIFT_BACKTRACE", setting, 1) != 0) return;
    _swift_stdlib_overrideUnsafeArgvArgc(argv, argc);
    g_set_early = 1;
}

int lt_backtraces_set_early(void) { return g_set_early; }
