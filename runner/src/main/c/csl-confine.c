/*
 * csl-confine: the exec-prefix that confines every child csl starts (docs/external.md).
 * Under --landlock it also drops every capability (csl run as root).
 *
 *   csl-confine --abi
 *       prints the Landlock ABI of this kernel (0 when Landlock is off) and exits 0.
 *   csl-confine [--cgroup DIR] [--fsize BYTES] [--nproc N] [--session]
 *               [--landlock [--no-net] [--tmpdir GRANT] [--ro GRANT]... [--rw GRANT]...] -- COMMAND...
 *       first joins the cgroup DIR (csl made it, with its pids.max), sets the ceilings, optionally
 *       starts a session of its own that dies with its parent, then (with --landlock) restricts
 *       itself with Landlock, no_new_privs and a seccomp filter, and finally execs COMMAND, which
 *       inherits every restriction. Nothing here can be undone by the command.
 *       A GRANT is DEV:INO:PATH: an absolute PATH without symbolic links, and the st_dev and
 *       st_ino csl saw there. The path is opened one name at a time without following a link, and
 *       a path that is now another file (swapped between csl's check and this open) is refused.
 *
 * Rules of this file: every system call is checked; when a restriction that was asked for cannot
 * be applied, the command is not run (exit 126 with a line on stderr saying why). csl's Java code
 * computes which paths get which rights; this program only applies them.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/capability.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

/* Landlock's interface, spelt out here so that older kernel headers still compile this file. */
#define LL_CREATE_RULESET 444
#define LL_ADD_RULE 445
#define LL_RESTRICT_SELF 446
#define LL_VERSION (1U << 0)
#define LL_RULE_PATH_BENEATH 1

#define FS_EXECUTE (1ULL << 0)
#define FS_WRITE_FILE (1ULL << 1)
#define FS_READ_FILE (1ULL << 2)
#define FS_READ_DIR (1ULL << 3)
#define FS_REMOVE_DIR (1ULL << 4)
#define FS_REMOVE_FILE (1ULL << 5)
#define FS_MAKE_CHAR (1ULL << 6)
#define FS_MAKE_DIR (1ULL << 7)
#define FS_MAKE_REG (1ULL << 8)
#define FS_MAKE_SOCK (1ULL << 9)
#define FS_MAKE_FIFO (1ULL << 10)
#define FS_MAKE_BLOCK (1ULL << 11)
#define FS_MAKE_SYM (1ULL << 12)
#define FS_REFER (1ULL << 13)    /* ABI 2 */
#define FS_TRUNCATE (1ULL << 14) /* ABI 3 */
#define FS_IOCTL_DEV (1ULL << 15) /* ABI 5 */
#define NET_BIND_TCP (1ULL << 0)    /* ABI 4 */
#define NET_CONNECT_TCP (1ULL << 1) /* ABI 4 */
#define SCOPE_ABSTRACT_UNIX (1ULL << 0) /* ABI 6 */
#define SCOPE_SIGNAL (1ULL << 1)        /* ABI 6 */

struct ll_ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
};

struct ll_path_beneath_attr {
    uint64_t allowed_access;
    int32_t parent_fd;
} __attribute__((packed));

/* Rights that make sense on a file (the kernel refuses directory rights on a file rule). */
#define FILE_RIGHTS (FS_EXECUTE | FS_WRITE_FILE | FS_READ_FILE | FS_TRUNCATE | FS_IOCTL_DEV)
#define READ_RIGHTS (FS_EXECUTE | FS_READ_FILE | FS_READ_DIR)

#define MAX_PATHS 65536

/* A path to grant and the file csl saw there (st_dev, st_ino, read without following links). */
struct grant {
    const char *path;
    unsigned long long dev, ino;
};

static struct grant ro_paths[MAX_PATHS];
static struct grant rw_paths[MAX_PATHS];
static int ro_count, rw_count;

static void die(const char *what) {
    fprintf(stderr, "csl-confine: %s: %s\n", what, strerror(errno));
    exit(126);
}

static void refuse(const char *why) {
    fprintf(stderr, "csl-confine: %s\n", why);
    exit(126);
}

static int landlock_abi(void) {
    long abi = syscall(LL_CREATE_RULESET, NULL, 0, LL_VERSION);
    return abi < 0 ? 0 : (int)abi;
}

/* Every filesystem right this kernel's ABI knows: all of them are handled, i.e. denied by default. */
static uint64_t handled_fs(int abi) {
    uint64_t rights = FS_EXECUTE | FS_WRITE_FILE | FS_READ_FILE | FS_READ_DIR | FS_REMOVE_DIR |
                      FS_REMOVE_FILE | FS_MAKE_CHAR | FS_MAKE_DIR | FS_MAKE_REG | FS_MAKE_SOCK |
                      FS_MAKE_FIFO | FS_MAKE_BLOCK | FS_MAKE_SYM;
    if (abi >= 2) rights |= FS_REFER;
    if (abi >= 3) rights |= FS_TRUNCATE;
    if (abi >= 5) rights |= FS_IOCTL_DEV;
    return rights;
}

/* DEV:INO:PATH as csl passes it; anything else is refused. */
static struct grant parse_grant(const char *text, const char *option) {
    struct grant grant;
    char *end;
    errno = 0;
    grant.dev = strtoull(text, &end, 10);
    if (errno == 0 && end != text && *end == ':') {
        const char *ino = end + 1;
        grant.ino = strtoull(ino, &end, 10);
        if (errno == 0 && end != ino && *end == ':' && end[1] == '/') {
            grant.path = end + 1;
            return grant;
        }
    }
    fprintf(stderr, "csl-confine: %s needs DEV:INO:/PATH, not '%s'\n", option, text);
    exit(126);
}

static void changed(const char *path, const char *how) {
    fprintf(stderr, "csl-confine: %s %s since csl checked it; the command was not run\n", path, how);
    exit(126);
}

/*
 * An O_PATH descriptor of `path`, opened one name at a time from / without following a symbolic
 * link anywhere (csl passes real paths, so a link found now was put there after csl looked).
 * -1 with errno ENOENT or ENOTDIR when the path is gone.
 */
static int open_nofollow(const char *path) {
    int fd = open("/", O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) die("/");
    const char *name = path;
    char part[256];
    while (*name != '\0') {
        while (*name == '/') name++;
        if (*name == '\0') break;
        size_t length = strcspn(name, "/");
        if (length >= sizeof(part)) changed(path, "has a name too long");
        memcpy(part, name, length);
        part[length] = '\0';
        name += length;
        if (strcmp(part, ".") == 0 || strcmp(part, "..") == 0) changed(path, "is not a plain path");
        int next = openat(fd, part, O_PATH | O_NOFOLLOW | O_CLOEXEC);
        int error = errno;
        if (close(fd) != 0) die("close");
        if (next < 0) {
            errno = error;
            return -1;
        }
        struct stat st;
        if (fstat(next, &st) != 0) die(path);
        if (S_ISLNK(st.st_mode)) changed(path, "has become a symbolic link");
        fd = next;
    }
    return fd;
}

/*
 * Grants `rights` on the file or directory hierarchy at `grant`. A path that does not exist (a
 * toolchain directory removed since csl looked) is skipped: it grants nothing. One that is now
 * another file than the one csl saw is refused.
 */
static void add_rule(int ruleset, const struct grant *grant, uint64_t rights, uint64_t handled) {
    int fd = open_nofollow(grant->path);
    if (fd < 0) {
        if (errno == ENOENT || errno == ENOTDIR) return;
        die(grant->path);
    }
    struct stat st;
    if (fstat(fd, &st) != 0) die(grant->path);
    if ((unsigned long long)st.st_dev != grant->dev || (unsigned long long)st.st_ino != grant->ino) {
        changed(grant->path, "is another file");
    }
    if (!S_ISDIR(st.st_mode)) rights &= FILE_RIGHTS;
    struct ll_path_beneath_attr attr = {.allowed_access = rights & handled, .parent_fd = fd};
    if (attr.allowed_access != 0 &&
        syscall(LL_ADD_RULE, ruleset, LL_RULE_PATH_BENEATH, &attr, 0) != 0) {
        die(grant->path);
    }
    if (close(fd) != 0) die("close");
}

/*
 * Moves this process (and so the command and all it starts) into the cgroup `dir`, whose
 * pids.max csl has set: the process ceiling that holds for root too.
 */
static void join_cgroup(const char *dir) {
    char path[4096];
    if (snprintf(path, sizeof(path), "%s/cgroup.procs", dir) >= (int)sizeof(path)) {
        refuse("cgroup path too long");
    }
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) die(path);
    if (write(fd, "0", 1) != 1) die(path);
    if (close(fd) != 0) die(path);
}

#if defined(__x86_64__)
#define SECCOMP_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define SECCOMP_ARCH AUDIT_ARCH_AARCH64
#endif

/*
 * With the network off, Landlock still lets a command reach UDP and Unix sockets by path (a
 * tmux, Docker or D-Bus socket). This filter makes socket(2) fail with EACCES for every family,
 * AF_NETLINK included (its sock_diag lists every socket of the host, its other protocols the
 * host's interfaces and processes); socketpair(2) stays allowed, so do pipes. io_uring could open
 * sockets behind the filter's back: io_uring_setup fails with ENOSYS, and programs fall back to
 * ordinary calls. Calls of another architecture (32-bit compat, x32) are refused.
 */
static void forbid_sockets(void) {
#ifdef SECCOMP_ARCH
    struct sock_filter filter[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SECCOMP_ARCH, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
#if defined(__x86_64__)
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1), /* x32 calls */
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
#else
        BPF_JUMP(BPF_JMP | BPF_JA, 0, 0, 0),
        BPF_JUMP(BPF_JMP | BPF_JA, 0, 0, 0),
#endif
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_io_uring_setup, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_socket, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EACCES),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog program = {.len = sizeof(filter) / sizeof(filter[0]), .filter = filter};
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program) != 0) die("seccomp filter");
#else
    refuse("no seccomp filter for this architecture: cannot keep sockets closed");
#endif
}

/*
 * Drops every capability for good, as bubblewrap's --cap-drop ALL does: run as root, the command
 * would otherwise keep CAP_SYS_PTRACE, with which Landlock lets it read /proc/PID/environ (csl's
 * secrets) of processes outside its sandbox. The bounding set goes first (it needs CAP_SETPCAP),
 * so that no later exec, not even of a set-uid-root program, gives any back.
 */
static void drop_capabilities(void) {
    struct __user_cap_header_struct header = {.version = _LINUX_CAPABILITY_VERSION_3, .pid = 0};
    struct __user_cap_data_struct data[2];
    memset(data, 0, sizeof(data));
    if (syscall(SYS_capget, &header, data) != 0) die("capget");
    int any = data[0].permitted | data[1].permitted | data[0].effective | data[1].effective;
    if (any || geteuid() == 0) {
        for (int cap = 0; cap < 64; cap++) {
            /* EINVAL: no such capability in this kernel, the end of the list */
            if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 && errno != EINVAL) die("PR_CAPBSET_DROP");
        }
    }
    if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) != 0 && errno != EINVAL) {
        die("PR_CAP_AMBIENT");
    }
    memset(data, 0, sizeof(data));
    if (syscall(SYS_capset, &header, data) != 0) die("capset");
}

/* Restricts this process (and so the command) with the rules given on the command line. */
static void apply_landlock(int network) {
    int abi = landlock_abi();
    if (abi < 1) refuse("Landlock is not available in this kernel (or disabled at boot)");
    uint64_t handled = handled_fs(abi);
    struct ll_ruleset_attr attr = {.handled_access_fs = handled};
    size_t size = offsetof(struct ll_ruleset_attr, handled_access_net);
    if (abi >= 4) {
        /* No rule grants a port: with the network off, every TCP bind and connect is refused. */
        attr.handled_access_net = network ? 0 : (NET_BIND_TCP | NET_CONNECT_TCP);
        size = offsetof(struct ll_ruleset_attr, scoped);
    }
    if (abi >= 6) {
        /* Signals and abstract Unix sockets reach only processes of this sandbox. */
        attr.scoped = SCOPE_ABSTRACT_UNIX | SCOPE_SIGNAL;
        size = sizeof(attr);
    }
    int ruleset = (int)syscall(LL_CREATE_RULESET, &attr, size, 0);
    if (ruleset < 0) die("landlock_create_ruleset");
    for (int i = 0; i < ro_count; i++) add_rule(ruleset, &ro_paths[i], READ_RIGHTS, handled);
    for (int i = 0; i < rw_count; i++) add_rule(ruleset, &rw_paths[i], handled, handled);
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) die("no_new_privs");
    drop_capabilities();
    if (syscall(LL_RESTRICT_SELF, ruleset, 0) != 0) die("landlock_restrict_self");
    if (close(ruleset) != 0) die("close");
    if (!network) forbid_sockets();
}

/*
 * The processes and threads this user has now, counted as the kernel counts them for RLIMIT_NPROC
 * (per user, threads included, not per command): the ceiling is that many plus the allowance.
 */
static long tasks_of_user(void) {
    DIR *proc = opendir("/proc");
    if (proc == NULL) die("/proc");
    uid_t me = getuid();
    long count = 0;
    struct dirent *entry;
    struct stat owner;
    char path[300], line[256];
    while ((entry = readdir(proc)) != NULL) {
        if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
        /* Another user's process (by its directory's owner) is not read at all: cheaper. */
        if (fstatat(dirfd(proc), entry->d_name, &owner, 0) != 0 || owner.st_uid != me) continue;
        snprintf(path, sizeof(path), "/proc/%s/status", entry->d_name);
        FILE *status = fopen(path, "re");
        if (status == NULL) continue; /* the process ended meanwhile */
        long uid = -1, threads = 0;
        while (fgets(line, sizeof(line), status) != NULL) {
            if (strncmp(line, "Uid:", 4) == 0) uid = strtol(line + 4, NULL, 10);
            if (strncmp(line, "Threads:", 8) == 0) threads = strtol(line + 8, NULL, 10);
        }
        fclose(status);
        if (uid == (long)me) count += threads;
    }
    if (closedir(proc) != 0) die("/proc");
    return count;
}

static void set_limit(int resource, rlim_t value, const char *name) {
    struct rlimit current;
    if (getrlimit(resource, &current) != 0) die(name);
    /* Never raise a limit csl itself runs under. */
    if (current.rlim_max != RLIM_INFINITY && value > current.rlim_max) value = current.rlim_max;
    struct rlimit limit = {.rlim_cur = value, .rlim_max = value};
    if (setrlimit(resource, &limit) != 0) die(name);
}

static rlim_t number(const char *text, const char *option) {
    char *end;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 10);
    if (errno != 0 || *end != '\0' || end == text || value == 0) {
        fprintf(stderr, "csl-confine: %s needs a positive number, not '%s'\n", option, text);
        exit(126);
    }
    return (rlim_t)value;
}

int main(int argc, char **argv) {
    if (argc == 2 && strcmp(argv[1], "--abi") == 0) {
        printf("%d\n", landlock_abi());
        return 0;
    }
    int landlock = 0, network = 1, session = 0, i = 1;
    const char *tmpdir = NULL;
    for (; i < argc && strcmp(argv[i], "--") != 0; i++) {
        const char *option = argv[i];
        int has_value = i + 1 < argc;
        if (strcmp(option, "--landlock") == 0) {
            landlock = 1;
        } else if (strcmp(option, "--no-net") == 0) {
            network = 0;
        } else if (strcmp(option, "--session") == 0) {
            session = 1;
        } else if (!has_value) {
            fprintf(stderr, "csl-confine: unknown option or missing value: %s\n", option);
            return 126;
        } else if (strcmp(option, "--fsize") == 0) {
            set_limit(RLIMIT_FSIZE, number(argv[++i], option), "RLIMIT_FSIZE");
        } else if (strcmp(option, "--nproc") == 0) {
            rlim_t allowance = number(argv[++i], option);
            /* The kernel never applies this limit to root: no need to count for it. */
            rlim_t base = getuid() == 0 ? 0 : (rlim_t)tasks_of_user();
            set_limit(RLIMIT_NPROC, base + allowance, "RLIMIT_NPROC");
        } else if (strcmp(option, "--cgroup") == 0) {
            /* First of all, before any other process can be started from here. */
            join_cgroup(argv[++i]);
        } else if (strcmp(option, "--tmpdir") == 0) {
            if (rw_count == MAX_PATHS) refuse("too many paths");
            rw_paths[rw_count] = parse_grant(argv[++i], option);
            tmpdir = rw_paths[rw_count++].path;
        } else if (strcmp(option, "--ro") == 0) {
            if (ro_count == MAX_PATHS) refuse("too many paths");
            ro_paths[ro_count++] = parse_grant(argv[++i], option);
        } else if (strcmp(option, "--rw") == 0) {
            if (rw_count == MAX_PATHS) refuse("too many paths");
            rw_paths[rw_count++] = parse_grant(argv[++i], option);
        } else {
            fprintf(stderr, "csl-confine: unknown option: %s\n", option);
            return 126;
        }
    }
    if (i + 1 >= argc) refuse("no command after --");
    char **command = argv + i + 1;
    /* A crash never leaves a core file of a command's memory in the project. */
    set_limit(RLIMIT_CORE, 0, "RLIMIT_CORE");
    if (session) {
        pid_t parent = getppid();
        /* Own session: no controlling terminal, so no keystrokes pushed into csl's (TIOCSTI). */
        if (setsid() < 0) die("setsid");
        if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) die("PR_SET_PDEATHSIG");
        if (getppid() != parent) refuse("csl ended before the command started");
    }
    if (tmpdir != NULL && setenv("TMPDIR", tmpdir, 1) != 0) die("TMPDIR");
    if (landlock) apply_landlock(network);
    execvp(command[0], command);
    fprintf(stderr, "csl-confine: cannot run %s: %s\n", command[0], strerror(errno));
    return errno == ENOENT ? 127 : 126;
}
