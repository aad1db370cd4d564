/*
 * csl-client: hands one call of csl to the resident csl process (docs/daemon.md).
 *
 *   csl-client JAR ARGS...
 *       connects to the socket of the build JAR in the user's own directory for it, sends the call
 *       (ARGS, the current directory, the environment, which of stdin/stdout/stderr are a
 *       terminal, the width), relays stdin, stdout and stderr, and exits with the call's status.
 *   csl-client --checkout DIR JAR ARGS...
 *       the same, after checking first that JAR is newer than every main source, resource and pom
 *       of the checkout DIR (exit 123 when one is newer, or JAR is missing: the launcher builds;
 *       122 and 121 instead of 125 and 124, saying the jar was found up to date).
 *   csl-client --hash JAR
 *       prints the socket this build would use and exits 0 (tests compare it with Java's).
 *   csl-client --stale DIR JAR
 *       exits 123 when JAR is stale for the checkout DIR, 0 when not (tests).
 *
 * The launcher's warm path is this program alone: the check that its jar is up to date is the
 * launcher's own rule (a `find` that costs a process and a walk, 15-60 ms), made here as a walk of
 * stat calls. Exit 125: no resident process answered (none runs, its directory is not safe, the connection
 * failed) and nothing happened; 124: one answered and declined the call, nothing happened. The
 * launcher runs the call cold after either. Once the call is accepted its status is the call's;
 * if the resident process ends before saying it, this says so and exits 2 (an apply cut short is
 * rolled back by the next one, as after any killed csl).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/un.h>
#include <unistd.h>

extern char **environ;

enum { ABSENT = 125, DECLINED = 124, STALE = 123, ABSENT_FRESH = 122, DECLINED_FRESH = 121 };

static int call(int argc, char **argv);

/* True when `a` is later than `b`, to the nanosecond (as find's -newer). */
static int later(const struct timespec *a, const struct timespec *b) {
    return a->tv_sec > b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec > b->tv_nsec);
}

/* What goes into the jar, as the launcher's `find` selects it: a .java, .g4 or pom.xml by name, or
   anything under a src/main/resources directory. */
static int counts(const char *path, const char *name) {
    return fnmatch("*.java", name, 0) == 0 || fnmatch("*.g4", name, 0) == 0 || strcmp(name, "pom.xml") == 0
           || fnmatch("*/src/main/resources/*", path, 0) == 0;
}

/* 1 when anything under the directory `path` (open as `fd`, which this closes) that counts is
   newer than `jar`; symbolic links are looked at, never followed. */
static int newer_below(int fd, char *path, size_t len, size_t cap, const struct timespec *jar) {
    DIR *d = fdopendir(fd);
    if (!d) {
        close(fd);
        return 0;
    }
    int found = 0;
    struct dirent *e;
    while (!found && (e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        size_t n = strlen(e->d_name);
        if (len + 1 + n + 1 > cap) continue; /* deeper than any checkout goes */
        path[len] = '/';
        memcpy(path + len + 1, e->d_name, n + 1);
        struct stat st;
        if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) continue;
        if (counts(path, e->d_name) && later(&st.st_mtim, jar)) {
            found = 1;
        } else if (S_ISDIR(st.st_mode)) {
            int sub = openat(dirfd(d), e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (sub >= 0) found = newer_below(sub, path, len + 1 + n, cap, jar);
        }
        path[len] = 0;
    }
    closedir(d);
    return found;
}

/* The launcher's rule: the jar is stale when it is missing, or when a pom.xml of the checkout or of
   a module (`DIR/pom.xml`, `DIR/x/pom.xml`), or a main source or resource under `DIR/x/src/main`, is
   newer than it (x: every module directory, as the shell's `*` names them: not hidden). */
static int stale(const char *dir, const char *jar) {
    struct stat j, st;
    if (stat(jar, &j) != 0 || !S_ISREG(j.st_mode)) return 1;
    static char path[8192];
    int n = snprintf(path, sizeof path, "%s/pom.xml", dir);
    if (n < 0 || (size_t) n >= sizeof path) return 1;
    if (lstat(path, &st) == 0 && later(&st.st_mtim, &j.st_mtim)) return 1;
    DIR *top = opendir(dir);
    if (!top) return 1;
    int found = 0;
    struct dirent *e;
    while (!found && (e = readdir(top)) != NULL) {
        if (e->d_name[0] == '.') continue;
        n = snprintf(path, sizeof path, "%s/%s/pom.xml", dir, e->d_name);
        if (n < 0 || (size_t) n >= sizeof path) continue;
        if (lstat(path, &st) == 0 && later(&st.st_mtim, &j.st_mtim)) {
            found = 1;
            break;
        }
        n = snprintf(path, sizeof path, "%s/%s/src/main", dir, e->d_name);
        if (n < 0 || (size_t) n >= sizeof path) continue;
        /* the start itself is looked at as find does: never a match by its name, a link not followed */
        if (lstat(path, &st) != 0 || !S_ISDIR(st.st_mode)) continue;
        int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd >= 0) found = newer_below(fd, path, (size_t) n, sizeof path, &j.st_mtim);
    }
    closedir(top);
    return found;
}

static int socket_path(const char *jar, char *out, size_t size) {
    const char *runtime = getenv("XDG_RUNTIME_DIR");
    const char *cache = getenv("XDG_CACHE_HOME");
    const char *home = getenv("HOME");
    char dir[4096];
    if (runtime && runtime[0] == '/') {
        snprintf(dir, sizeof dir, "%s/csl", runtime);
    } else if (cache && cache[0] == '/') {
        snprintf(dir, sizeof dir, "%s/csl/daemon", cache);
    } else if (home && home[0] == '/') {
        snprintf(dir, sizeof dir, "%s/.cache/csl/daemon", home);
    } else {
        return -1;
    }
    struct stat d;
    /* the directory must be this user's and closed to others, or another user's socket could be there */
    if (lstat(dir, &d) != 0 || !S_ISDIR(d.st_mode) || d.st_uid != getuid() || (d.st_mode & 077) != 0) {
        return -1;
    }
    struct stat j;
    if (stat(jar, &j) != 0) {
        return -1;
    }
    char key[4096 + 96];
    int n = snprintf(key, sizeof key, "%s%c%lld%c%lld%c%ld", jar, 0, (long long) j.st_size, 0,
                     (long long) j.st_mtim.tv_sec, 0, (long) j.st_mtim.tv_nsec);
    if (n < 0 || (size_t) n >= sizeof key) {
        return -1;
    }
    uint64_t h = 0xcbf29ce484222325ULL;
    for (int i = 0; i < n; i++) {
        h ^= (unsigned char) key[i];
        h *= 0x100000001b3ULL;
    }
    n = snprintf(out, size, "%s/csl-%016llx.sock", dir, (unsigned long long) h);
    return n < 0 || (size_t) n >= size ? -1 : 0;
}

static int write_all(int fd, const void *buf, size_t len) {
    const char *p = buf;
    while (len > 0) {
        ssize_t w = write(fd, p, len);
        if (w < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        p += w;
        len -= (size_t) w;
    }
    return 0;
}

static int read_all(int fd, void *buf, size_t len) {
    char *p = buf;
    while (len > 0) {
        ssize_t r = read(fd, p, len);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return -1;
        p += r;
        len -= (size_t) r;
    }
    return 0;
}

/* A growing buffer for the call frame. */
static char *frame;
static size_t frame_len, frame_cap;

static void put(const void *data, size_t len) {
    if (frame_len + len > frame_cap) {
        frame_cap = (frame_len + len) * 2 + 4096;
        frame = realloc(frame, frame_cap);
        if (!frame) exit(ABSENT);
    }
    memcpy(frame + frame_len, data, len);
    frame_len += len;
}

static void put_u32(uint32_t v) {
    unsigned char b[4] = {v >> 24, v >> 16, v >> 8, v};
    put(b, 4);
}

static void put_str(const char *s) {
    size_t len = strlen(s);
    put_u32((uint32_t) len);
    put(s, len);
}

static int send_frame(int fd, char type, const void *data, uint32_t len) {
    unsigned char head[5] = {(unsigned char) type, len >> 24, len >> 16, len >> 8, len};
    if (write_all(fd, head, 5) != 0) return -1;
    return len == 0 ? 0 : write_all(fd, data, len);
}

int main(int argc, char **argv) {
    char path[sizeof(((struct sockaddr_un *) 0)->sun_path)];
    if (argc == 3 && strcmp(argv[1], "--hash") == 0) {
        if (socket_path(argv[2], path, sizeof path) != 0) return ABSENT;
        puts(path);
        return 0;
    }
    if (argc == 4 && strcmp(argv[1], "--stale") == 0) return stale(argv[2], argv[3]) ? STALE : 0;
    if (argc >= 4 && strcmp(argv[1], "--checkout") == 0) {
        /* first, whatever else holds: a stale jar is built by the launcher, then the call is made */
        if (stale(argv[2], argv[3])) return STALE;
        /* a fresh jar said apart from "absent" and "declined" alone, which a client older than
           --checkout gives for any call: the launcher then checks the jar itself */
        int status = call(argc - 2, argv + 2);
        return status == ABSENT ? ABSENT_FRESH : status == DECLINED ? DECLINED_FRESH : status;
    }
    return call(argc, argv);
}

/* Hands the call `argv[1]` (the jar), `argv[2...]` to the resident process. */
static int call(int argc, char **argv) {
    char path[sizeof(((struct sockaddr_un *) 0)->sun_path)];
    if (argc < 2) return ABSENT;
    const char *off = getenv("CSL_DAEMON");
    if (off && strcmp(off, "0") == 0) return ABSENT;
    if (socket_path(argv[1], path, sizeof path) != 0) return ABSENT;
    signal(SIGPIPE, SIG_IGN);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return ABSENT;
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    memcpy(addr.sun_path, path, strlen(path) + 1);
    if (connect(fd, (struct sockaddr *) &addr, sizeof addr) != 0) return ABSENT;

    char cwd[8192];
    if (!getcwd(cwd, sizeof cwd)) return ABSENT;
    put_u32((uint32_t) (argc - 2));
    for (int i = 2; i < argc; i++) put_str(argv[i]);
    put_str(cwd);
    uint32_t envc = 0;
    for (char **e = environ; *e; e++) envc++;
    put_u32(envc);
    for (char **e = environ; *e; e++) put_str(*e);
    uint32_t flags = (isatty(0) ? 1 : 0) | (isatty(1) ? 2 : 0) | (isatty(2) ? 4 : 0);
    put_u32(flags);
    struct winsize ws;
    uint32_t width = 0;
    if (ioctl(1, TIOCGWINSZ, &ws) == 0 || ioctl(2, TIOCGWINSZ, &ws) == 0) width = ws.ws_col;
    put_u32(width);
    if (send_frame(fd, 'C', frame, (uint32_t) frame_len) != 0) return ABSENT;

    int accepted = 0, stdin_open = 0;
    char buf[65536];
    for (;;) {
        struct pollfd p[2] = {{.fd = fd, .events = POLLIN}, {.fd = 0, .events = POLLIN}};
        /* stdin is read only once the call is accepted: a declined call leaves it to the cold run */
        int n = poll(p, stdin_open ? 2 : 1, -1);
        if (n < 0) {
            if (errno == EINTR) continue;
            break;
        }
        if (stdin_open && (p[1].revents & (POLLIN | POLLHUP | POLLERR))) {
            ssize_t r = read(0, buf, sizeof buf);
            if (r < 0 && errno == EINTR) continue;
            /* A call that has already ended closes its side before reading stdin: the write then
               fails, yet its output and exit status wait unread in the socket. Stop relaying stdin
               and read them, never end the call here. */
            if (r <= 0) {
                stdin_open = 0;
                send_frame(fd, 'I', buf, 0);
            } else if (send_frame(fd, 'I', buf, (uint32_t) r) != 0) {
                stdin_open = 0;
            }
        }
        if (!(p[0].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        unsigned char head[5];
        if (read_all(fd, head, 5) != 0) break;
        uint32_t len = (uint32_t) head[1] << 24 | (uint32_t) head[2] << 16 | (uint32_t) head[3] << 8 | head[4];
        char *payload = len ? malloc(len) : NULL;
        if (len && (!payload || read_all(fd, payload, len) != 0)) break;
        switch (head[0]) {
        case 'D':
            if (!accepted) return DECLINED;
            break;
        case 'A':
            accepted = 1;
            stdin_open = 1;
            break;
        case 'O':
            write_all(1, payload, len); /* a closed stdout loses the rest, as it would cold */
            break;
        case 'E':
            write_all(2, payload, len);
            break;
        case 'X':
            if (len == 4) {
                unsigned char *c = (unsigned char *) payload;
                return (int) ((uint32_t) c[0] << 24 | (uint32_t) c[1] << 16 | (uint32_t) c[2] << 8 | c[3]);
            }
            break;
        }
        free(payload);
    }
    if (!accepted) return ABSENT;
    static const char died[] =
        "csl: the resident csl process ended during this call; run it again (CSL_DAEMON=0 runs csl without it)\n";
    write_all(2, died, sizeof died - 1);
    return 2;
}
