#ifndef CPTY_H
#define CPTY_H

#include <spawn.h>
#include <stddef.h>

/// Opens a new pseudo-terminal's master side (close-on-exec, not a controlling terminal), unlocks
/// its slave and writes the slave's path into `name`; returns the master descriptor, or -1 with
/// errno set.
int cpty_open_master(char *name, size_t size);

/// posix_spawn_file_actions_addclosefrom_np (glibc 2.34): the child closes every descriptor from
/// `from` up before it runs the program. Returns 0 or an error number.
int cpty_spawn_close_from(posix_spawn_file_actions_t *actions, int from);

/// POSIX_SPAWN_SETSID: the child calls setsid() before the file actions run.
short cpty_spawn_setsid_flag(void);

/// A pair of connected Unix sockets, close-on-exec: message boundaries kept (SOCK_SEQPACKET) when
/// `seqpacket`, a byte stream otherwise. Returns 0, or -1 with errno set.
int cpty_socketpair(int seqpacket, int fds[2]);

/// Sends one message (`length` bytes) on `socket` without waiting and without SIGPIPE, with the
/// descriptor `fd` attached (SCM_RIGHTS) unless it is -1. Returns 0 when all of it was sent.
int cpty_send_message(int socket, const char *bytes, size_t length, int fd);

/// Gives the heap's free memory back to the system (glibc's malloc_trim(0)); 1 when some was.
int cpty_malloc_trim(void);

/// The resident set size of this process, in bytes (from /proc/self/statm), or -1.
long cpty_resident_bytes(void);

#endif
