/*
 * audience_socket.c: the message socket through which `linkterm serve` hands a session the
 * descriptors of its watchers' screens (SCM_RIGHTS), for Swift, which does not import the
 * CMSG macros.
 */
#define _GNU_SOURCE
#include "shim.h"

#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

int lt_receive_message(int socket, char *buffer, size_t size, int *fd) {
    *fd = -1;
    struct iovec io = {.iov_base = buffer, .iov_len = size};
    union {
        struct cmsghdr header;
        char space[CMSG_SPACE(sizeof(int) * 4)];
    } control;
    memset(&control, 0, sizeof control);
    struct msghdr message = {.msg_iov = &io, .msg_iovlen = 1, .msg_control = control.space,
                             .msg_controllen = sizeof control.space};
    ssize_t length;
    do {
        length = recvmsg(socket, &message, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
    } while (length < 0 && errno == EINTR);
    if (length < 0) return -1;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        size_t count = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        int *fds = (int *)CMSG_DATA(header);
        for (size_t i = 0; i < count; i++) {
            if (*fd < 0) *fd = fds[i];
            else close(fds[i]); /* one descriptor a message: any other is closed */
        }
    }
    if (message.msg_flags & MSG_TRUNC) { /* a message too long is no message of the server's */
        if (*fd >= 0) close(*fd);
        *fd = -1;
        errno = EMSGSIZE;
        return -1;
    }
    return (int)length;
}

int lt_is_socket(int fd) {
    struct stat info;
    return fstat(fd, &info) == 0 && S_ISSOCK(info.st_mode);
}

long lt_send_nowait(int fd, const void *bytes, size_t length) {
    ssize_t sent;
    do {
        sent = send(fd, bytes, length, MSG_DONTWAIT | MSG_NOSIGNAL);
    } while (sent < 0 && errno == EINTR);
    return (long)sent;
}
