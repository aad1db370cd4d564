/*
 * csl-exec: the exec agent of the container layer's warm container (docs/external.md), and its
 * host-side client. Built statically, so that it runs in any image.
 *
 *   csl-exec agent DIR [IDLE]
 *       the warm container's first process (PID 1): listens on DIR/agent.sock (DIR is a small
 *       tmpfs of the container's, which the host reaches through /proc/PID/root) and runs one command per connection, one at a time.
 *       Only a peer outside the container's PID namespace is served (its SO_PEERCRED pid is 0), so
 *       a command in the container cannot start commands through it. A command starts in a session
 *       of its own (a connection from inside the container is closed at once, also while a command
 *       runs), with the descriptors 0, 1 and 2 the client sent, in the directory and with the
 *       environment (this process's own, plus what the client sent) asked for; it inherits every
 *       restriction of the container (seccomp, capabilities, cgroup, limits, network, uid), since
 *       it descends from the container's init. When the command ends, or the client's connection
 *       closes first (the client was killed on a timeout), every process in the container but this
 *       one is killed and reaped, and every System V IPC object of the container removed, before
 *       the next request is read, and the exit status goes back to the client. With IDLE (seconds)
 *       it exits, ending its container, when no command came for that long: a container kept
 *       between applies outlives a server that was killed by no more than its idle time.
 *   csl-exec run SOCKET PID DIR [--env NAME]... -- COMMAND...
 *       the host's side: connects to SOCKET (never following a link there), refuses a peer that is not the process PID (the
 *       container's init as the host sees it: a command in the container that replaced the socket
 *       is not the agent), sends COMMAND, DIR, the variables NAME of its own environment that it
 *       has, and its own 0, 1 and 2, and exits with the command's status (128+N for a signal N).
 *       Exits 125 when the agent cannot be reached or is not the agent, as `podman exec` does when
 *       the runtime fails; 126 and 127 come from the agent when COMMAND cannot be run or found.
 *   csl-exec true
 *       exits 0: csl's trial command through a fresh agent (any image has this program).
 *
 * Rules of this file: every system call is checked; a request that is malformed is dropped.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/prctl.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAGIC 0x63736c31u /* "csl1" */
#define MAX_REQUEST (4u << 20)
#define MAX_STRINGS 65536
#define SOCKET_NAME "agent.sock"

extern char **environ;

struct header {
    uint32_t magic;
    uint32_t length;
};

static int fail(const char *what) {
    fprintf(stderr, "csl-exec: %s: %s\n", what, strerror(errno));
    return 125;
}

static int write_all(int fd, const void *data, size_t length) {
    const char *p = data;
    while (length > 0) {
        ssize_t n = send(fd, p, length, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return -1;
        p += n;
        length -= (size_t)n;
    }
    return 0;
}

static int read_all(int fd, void *data, size_t length) {
    char *p = data;
    while (length > 0) {
        ssize_t n = read(fd, p, length);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return -1;
        p += n;
        length -= (size_t)n;
    }
    return 0;
}

static int address(const char *path, struct sockaddr_un *addr) {
    memset(addr, 0, sizeof *addr);
    addr->sun_family = AF_UNIX;
    if (strlen(path) >= sizeof addr->sun_path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    strcpy(addr->sun_path, path);
    return 0;
}

/* ---- the host's side ---- */

static int client(int argc, char **argv) {
    if (argc < 7) {
        fprintf(stderr, "csl-exec: run SOCKET PID DIR [--env NAME]... -- COMMAND...\n");
        return 125;
    }
    const char *path = argv[2];
    char *end;
    errno = 0;
    long init = strtol(argv[3], &end, 10);
    if (errno != 0 || *end != '\0' || init < 1) {
        fprintf(stderr, "csl-exec: not a pid: %s\n", argv[3]);
        return 125;
    }
    const char *dir = argv[4];
    /* The request: DIR, then the command's words, then NAME=VALUE pairs, each ending in NUL,
       after two counts. */
    size_t size = 8 + strlen(dir) + 1;
    int i = 5, names = 0;
    for (; i < argc && strcmp(argv[i], "--") != 0; i += 2) {
        if (strcmp(argv[i], "--env") != 0 || i + 1 >= argc) {
            fprintf(stderr, "csl-exec: unknown option: %s\n", argv[i]);
            return 125;
        }
        const char *value = getenv(argv[i + 1]);
        if (value != NULL) size += strlen(argv[i + 1]) + 1 + strlen(value) + 1;
    }
    if (i + 1 >= argc) {
        fprintf(stderr, "csl-exec: no command after --\n");
        return 125;
    }
    int first = i + 1, words = argc - first;
    for (int w = first; w < argc; w++) size += strlen(argv[w]) + 1;
    if (size > MAX_REQUEST) {
        fprintf(stderr, "csl-exec: the command line is too long\n");
        return 125;
    }
    char *request = malloc(size);
    if (request == NULL) return fail("malloc");
    char *p = request + 8;
    p = stpcpy(p, dir) + 1;
    for (int w = first; w < argc; w++) p = stpcpy(p, argv[w]) + 1;
    for (int e = 5; e < first - 1; e += 2) {
        const char *value = getenv(argv[e + 1]);
        if (value == NULL) continue;
        p = stpcpy(stpcpy(stpcpy(p, argv[e + 1]), "="), value) + 1;
        names++;
    }
    uint32_t counts[2] = {(uint32_t)words, (uint32_t)names};
    memcpy(request, counts, sizeof counts);

    /* The socket lies in the container, where a command may have put a link in its place: an
       absolute link through /proc/PID/root would name a socket of the host. Opened without
       following a link, then connected through that handle. */
    int target = open(path, O_PATH | O_NOFOLLOW | O_CLOEXEC);
    struct stat st;
    if (target < 0 || fstat(target, &st) != 0) {
        return fail("the warm container's exec agent cannot be reached");
    }
    if (!S_ISSOCK(st.st_mode)) {
        fprintf(stderr, "csl-exec: %s is no socket\n", path);
        return 125;
    }
    char handle[64];
    snprintf(handle, sizeof handle, "/proc/self/fd/%d", target);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return fail("socket");
    struct sockaddr_un addr;
    if (address(handle, &addr) != 0) return fail(path);
    if (connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0) {
        return fail("the warm container's exec agent cannot be reached");
    }
    struct ucred peer;
    socklen_t length = sizeof peer;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &peer, &length) != 0) return fail("SO_PEERCRED");
    if (peer.pid != (pid_t)init) {
        fprintf(stderr,
                "csl-exec: the socket %s is not the warm container's exec agent's (pid %ld, not"
                " %ld)\n",
                path, (long)peer.pid, init);
        return 125;
    }

    struct header head = {MAGIC, (uint32_t)size};
    struct iovec iov = {&head, sizeof head};
    int fds[3] = {0, 1, 2};
    char control[CMSG_SPACE(sizeof fds)];
    memset(control, 0, sizeof control);
    struct msghdr msg = {.msg_iov = &iov,
                         .msg_iovlen = 1,
                         .msg_control = control,
                         .msg_controllen = sizeof control};
    struct cmsghdr *cmsg = CMSG_FIRSTHDR(&msg);
    cmsg->cmsg_level = SOL_SOCKET;
    cmsg->cmsg_type = SCM_RIGHTS;
    cmsg->cmsg_len = CMSG_LEN(sizeof fds);
    memcpy(CMSG_DATA(cmsg), fds, sizeof fds);
    ssize_t sent;
    do {
        sent = sendmsg(fd, &msg, MSG_NOSIGNAL);
    } while (sent < 0 && errno == EINTR);
    if (sent != (ssize_t)sizeof head || write_all(fd, request, size) != 0) {
        return fail("the warm container's exec agent took no request");
    }
    int32_t status;
    if (read_all(fd, &status, sizeof status) != 0) {
        fprintf(stderr, "csl-exec: the warm container's exec agent refused the request or ended\n");
        return 125;
    }
    return status;
}

/* ---- the agent, in the container ---- */

/* Host connections that arrived while a command ran, served after it in order. */
#define MAX_PENDING 8
static int pending[MAX_PENDING];
static int pending_count;

/*
 * Accepts one connection: one from inside the container (a command's: its pid is not 0 here) is
 * closed at once, so that no command can start another through the agent or hold it; one from the
 * host is returned.
 */
static int accept_host(int listener) {
    int fd = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
    if (fd < 0) return -1;
    struct ucred peer;
    socklen_t length = sizeof peer;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &peer, &length) != 0 || peer.pid != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

/* Kills every process of the container but this one, and reaps them all. */
static void kill_all(void) {
    if (kill(-1, SIGKILL) != 0 && errno != ESRCH) perror("csl-exec: kill");
    while (waitpid(-1, NULL, 0) > 0 || errno == EINTR) {
    }
}

/*
 * Removes every System V IPC object of the container's IPC namespace (/proc/sysvipc lists this
 * namespace's): shared memory, message queues and semaphores outlive the processes that made them,
 * and the next command, of another apply perhaps, would find them. The commands run as this
 * process's user, so it owns what they made.
 */
static void remove_ipc(void) {
    static const char *const kinds[] = {"/proc/sysvipc/shm", "/proc/sysvipc/msg", "/proc/sysvipc/sem"};
    for (int k = 0; k < 3; k++) {
        /* a list read 256 ids at a time, again until a pass finds fewer: a command may make more */
        int count;
        do {
            FILE *list = fopen(kinds[k], "re");
            if (list == NULL) break;
            char line[512];
            int ids[256];
            count = 0;
            if (fgets(line, sizeof line, list) != NULL) { /* the header */
                long key;
                int id;
                while (count < 256 && fgets(line, sizeof line, list) != NULL) {
                    if (sscanf(line, "%ld %d", &key, &id) == 2) ids[count++] = id;
                }
            }
            fclose(list);
            int removed_any = 0;
            for (int i = 0; i < count; i++) {
                int removed = k == 0   ? shmctl(ids[i], IPC_RMID, NULL)
                              : k == 1 ? msgctl(ids[i], IPC_RMID, NULL)
                                       : semctl(ids[i], 0, IPC_RMID);
                if (removed == 0) removed_any = 1;
                else if (errno != EINVAL && errno != EIDRM) perror("csl-exec: IPC_RMID");
            }
            if (!removed_any) break; /* nothing this process may remove: do not spin */
        } while (count == 256);
    }
}

static long long now_millis(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static void reap(void) {
    while (waitpid(-1, NULL, WNOHANG) > 0) {
    }
}

/* The request's strings: DIR, then the words, then the variables; NULL when malformed. */
static char **parse(char *data, uint32_t size, uint32_t *words, uint32_t *names) {
    if (size < 9 || data[size - 1] != '\0') return NULL;
    memcpy(words, data, 4);
    memcpy(names, data + 4, 4);
    if (*words == 0 || *words > MAX_STRINGS || *names > MAX_STRINGS) return NULL;
    uint32_t count = 1 + *words + *names;
    char **strings = calloc(count + 1, sizeof *strings);
    if (strings == NULL) return NULL;
    char *p = data + 8, *end = data + size;
    for (uint32_t s = 0; s < count; s++) {
        if (p >= end) {
            free(strings);
            return NULL;
        }
        strings[s] = p;
        p += strlen(p) + 1;
    }
    if (p != end) {
        free(strings);
        return NULL;
    }
    return strings;
}

static void start(char **strings, uint32_t words, uint32_t names, int fds[3]) {
    sigset_t none;
    sigemptyset(&none);
    if (sigprocmask(SIG_SETMASK, &none, NULL) != 0) _exit(125);
    signal(SIGPIPE, SIG_DFL);
    if (setsid() < 0) _exit(125);
    for (int f = 0; f < 3; f++) {
        if (dup2(fds[f], f) < 0) _exit(125);
    }
    for (int f = 3; f < 1024; f++) close(f);
    /* The command's variables over this process's own (the image's PATH, HOME=/tmp, TMPDIR). */
    for (uint32_t n = 0; n < names; n++) {
        char *pair = strings[1 + words + n];
        char *equals = strchr(pair, '=');
        if (equals == NULL || equals == pair) continue;
        *equals = '\0';
        if (strcmp(pair, "HOME") != 0 && strcmp(pair, "TMPDIR") != 0) {
            if (setenv(pair, equals + 1, 1) != 0) _exit(125);
        }
    }
    if (chdir(strings[0]) != 0) {
        fprintf(stderr, "csl-exec: cannot enter %s: %s\n", strings[0], strerror(errno));
        _exit(126);
    }
    char **argv = strings + 1;
    argv[words] = NULL;
    execvp(argv[0], argv);
    fprintf(stderr, "csl-exec: cannot run %s: %s\n", argv[0], strerror(errno));
    _exit(errno == ENOENT ? 127 : 126);
}

/* Runs one request of the connection {@code fd}, answering the exit status. */
static void serve(int fd, int listener, int signals) {
    struct timeval patience = {5, 0}; /* a client that sends nothing is dropped */
    if (setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &patience, sizeof patience) != 0) return;
    struct header head;
    int fds[3];
    char control[CMSG_SPACE(sizeof fds)];
    struct iovec iov = {&head, sizeof head};
    struct msghdr msg = {.msg_iov = &iov,
                         .msg_iovlen = 1,
                         .msg_control = control,
                         .msg_controllen = sizeof control};
    ssize_t got;
    do {
        got = recvmsg(fd, &msg, MSG_CMSG_CLOEXEC | MSG_WAITALL);
    } while (got < 0 && errno == EINTR);
    struct cmsghdr *cmsg = got == (ssize_t)sizeof head ? CMSG_FIRSTHDR(&msg) : NULL;
    if (cmsg == NULL || cmsg->cmsg_level != SOL_SOCKET || cmsg->cmsg_type != SCM_RIGHTS
        || cmsg->cmsg_len != CMSG_LEN(sizeof fds) || (msg.msg_flags & MSG_CTRUNC)) {
        /* close whatever descriptors came along */
        for (cmsg = CMSG_FIRSTHDR(&msg); cmsg != NULL; cmsg = CMSG_NXTHDR(&msg, cmsg)) {
            if (cmsg->cmsg_type != SCM_RIGHTS) continue;
            int *sent = (int *)CMSG_DATA(cmsg);
            for (size_t k = 0; k < (cmsg->cmsg_len - CMSG_LEN(0)) / sizeof(int); k++) close(sent[k]);
        }
        return;
    }
    memcpy(fds, CMSG_DATA(cmsg), sizeof fds);
    char *data = NULL;
    char **strings = NULL;
    uint32_t words, names;
    if (head.magic == MAGIC && head.length <= MAX_REQUEST && (data = malloc(head.length)) != NULL
        && read_all(fd, data, head.length) == 0) {
        strings = parse(data, head.length, &words, &names);
    }
    if (strings == NULL) {
        for (int f = 0; f < 3; f++) close(fds[f]);
        free(data);
        return;
    }
    pid_t child = fork();
    if (child == 0) {
        close(fd);
        close(listener);
        close(signals);
        start(strings, words, names, fds);
    }
    for (int f = 0; f < 3; f++) close(fds[f]);
    free(strings);
    free(data);
    if (child < 0) {
        int32_t status = 125;
        write_all(fd, &status, sizeof status);
        return;
    }
    int status = -1;
    for (;;) {
        struct pollfd watch[3] = {
            {fd, POLLIN | POLLRDHUP, 0}, {signals, POLLIN, 0}, {listener, POLLIN, 0}};
        if (poll(watch, 3, -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        if (watch[0].revents != 0) {
            break; /* the client is gone (killed on a timeout) or talks out of turn */
        }
        if (watch[2].revents != 0) {
            int other = accept_host(listener);
            if (other >= 0 && pending_count < MAX_PENDING) {
                pending[pending_count++] = other;
            } else if (other >= 0) {
                close(other);
            }
        }
        struct signalfd_siginfo info;
        while (read(signals, &info, sizeof info) > 0) {
        }
        int waited;
        pid_t pid;
        while ((pid = waitpid(-1, &waited, WNOHANG)) > 0) {
            if (pid == child) status = waited;
        }
        if (status != -1) break;
    }
    kill_all();
    remove_ipc();
    if (status != -1) {
        int32_t code = WIFEXITED(status)     ? WEXITSTATUS(status)
                       : WIFSIGNALED(status) ? 128 + WTERMSIG(status)
                                             : 125;
        write_all(fd, &code, sizeof code);
    }
}

static int agent(const char *dir, long idle_seconds) {
    /* No command (the same user) may trace it or open its descriptors through /proc. */
    if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0) return fail("PR_SET_DUMPABLE");
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGCHLD);
    if (sigprocmask(SIG_BLOCK, &set, NULL) != 0) return fail("sigprocmask");
    signal(SIGPIPE, SIG_IGN);
    int signals = signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
    if (signals < 0) return fail("signalfd");
    char path[sizeof(((struct sockaddr_un *)0)->sun_path)];
    if (snprintf(path, sizeof path, "%s/%s", dir, SOCKET_NAME) >= (int)sizeof path) {
        errno = ENAMETOOLONG;
        return fail(dir);
    }
    struct sockaddr_un addr;
    if (address(path, &addr) != 0) return fail(path);
    int listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (listener < 0) return fail("socket");
    umask(077);
    if (unlink(path) != 0 && errno != ENOENT) return fail(path);
    if (bind(listener, (struct sockaddr *)&addr, sizeof addr) != 0) return fail(path);
    if (listen(listener, 8) != 0) return fail("listen");
    long long last = now_millis();
    for (;;) {
        struct pollfd watch[2] = {{listener, POLLIN, 0}, {signals, POLLIN, 0}};
        int wait = -1;
        if (idle_seconds > 0) {
            long long left = last + idle_seconds * 1000 - now_millis();
            if (left <= 0) return 0; /* idle: the container ends with this process */
            wait = left > 60000 ? 60000 : (int)left;
        }
        int ready = poll(watch, 2, wait);
        if (ready < 0) {
            if (errno == EINTR) continue;
            return fail("poll");
        }
        if (ready == 0) continue;
        if (watch[1].revents != 0) {
            struct signalfd_siginfo info;
            while (read(signals, &info, sizeof info) > 0) {
            }
            reap();
        }
        if (watch[0].revents == 0) continue;
        /* pid 0: a process outside this PID namespace (the host's client); never one inside */
        int fd = accept_host(listener);
        if (fd < 0) continue;
        serve(fd, listener, signals);
        close(fd);
        while (pending_count > 0) {
            fd = pending[0];
            memmove(pending, pending + 1, --pending_count * sizeof *pending);
            serve(fd, listener, signals);
            close(fd);
        }
        last = now_millis();
    }
}

int main(int argc, char **argv) {
    if ((argc == 3 || argc == 4) && strcmp(argv[1], "agent") == 0) {
        if (getpid() != 1) {
            fprintf(stderr, "csl-exec: the agent runs only as a container's first process\n");
            return 125;
        }
        long idle = 0;
        if (argc == 4) {
            char *end;
            errno = 0;
            idle = strtol(argv[3], &end, 10);
            if (errno != 0 || *end != '\0' || idle < 1) {
                fprintf(stderr, "csl-exec: IDLE is a number of seconds: %s\n", argv[3]);
                return 125;
            }
        }
        return agent(argv[2], idle);
    }
    if (argc >= 2 && strcmp(argv[1], "run") == 0) return client(argc, argv);
    if (argc == 2 && strcmp(argv[1], "true") == 0) return 0; /* a fresh agent's trial command */
    fprintf(stderr, "csl-exec: agent DIR [IDLE] | run SOCKET PID DIR [--env NAME]... -- COMMAND...\n");
    return 125;
}
