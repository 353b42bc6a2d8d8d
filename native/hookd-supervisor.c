/*
 * hookd-supervisor: the native hook process supervisor (docs/supervisor.md is the specification).
 *
 * It owns every hook process of one hookd: it reads SPAWN / SIGNAL / RELEASE frames on stdin, hands each run to a
 * keeper (a forked child subreaper that posix_spawns the hook and so adopts every descendant of it, however it
 * detaches; a keeper whose tree is empty waits in a pool for the next run), relays the hook's capped output and the
 * keeper's reports as frames on stdout, and kills every tree when hookd goes away (stdin EOF, SIGTERM, or its
 * parent-death signal). Its stderr is its log.
 *
 * It must not: exit on a request (a bad frame is answered with ERROR), buffer more than the caps of a hook's output,
 * block on any pipe, or leak its signal mask, ignored signals or file descriptors into a hook.
 *
 * The frame layout mirrors src/runner/supervisor/frames.ts. Single-threaded: one epoll loop (level-triggered), signals
 * through a signalfd. Build: cc -O2 -std=gnu11 -Wall -Wextra -o native/build/hookd-supervisor native/hookd-supervisor.c
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/epoll.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PROTOCOL_VERSION 2u
#define MAX_FRAME_BYTES (64u * 1024u * 1024u)
#define HEADER_BYTES 9u
#define DATA_CHUNK_BYTES (64u * 1024u)
/* Above this much unsent output, stop reading requests and hook output until hookd catches up. */
#define OUT_BACKPRESSURE_BYTES (8u * 1024u * 1024u)
#define KILL_REPEAT_MS 5
#define SHUTDOWN_DEADLINE_MS 2000
#define DEFAULT_PATH "/bin:/usr/bin"
/* Keepers whose tree is empty wait for the next run, up to this many; a run is handed to one in one message. */
#define POOL_IDLE_MAX 64
#define KEEPER_MESSAGE_MAX_BYTES (64u * 1024u)

enum { REQ_SPAWN = 1, REQ_SIGNAL = 2, REQ_RELEASE = 3 };
enum {
  REP_READY = 101,
  REP_SPAWNED = 102,
  REP_SPAWN_FAILED = 103,
  REP_DATA = 104,
  REP_EOF = 105,
  REP_EXITED = 106,
  REP_EMPTY = 107,
  REP_RELEASED = 108,
  REP_ERROR = 109,
};

/* Keeper → supervisor status records, one message each on the keeper's socket. SPAWN_FAILED, EMPTY and EXITED with
   a tree empty end a run for its keeper; RETIRING says the keeper exits after that instead of serving another run;
   HELLO (a keeper's first record) gives its pid. */
enum { ST_SPAWNED = 1, ST_SPAWN_FAILED = 2, ST_EXITED = 3, ST_EMPTY = 4, ST_RETIRING = 5, ST_HELLO = 6 };
struct status_record {
  int32_t kind;
  int32_t a; /* pid | errno | exit code */
  int32_t b; /* signal */
  int32_t c; /* tree empty */
};

extern char **environ;

static pid_t g_supervisor_pid;
static int g_max_fd = 2;
static int g_children_file = 0; /* /proc/<pid>/task/<tid>/children exists */

static void note_fd(int fd) {
  if (fd > g_max_fd) g_max_fd = fd;
}

static void logf_(const char *format, ...) __attribute__((format(printf, 1, 2)));
static void logf_(const char *format, ...) {
  char line[512];
  va_list args;
  va_start(args, format);
  int n = vsnprintf(line, sizeof line - 1, format, args);
  va_end(args);
  if (n < 0) return;
  if ((size_t)n > sizeof line - 2) n = (int)sizeof line - 2;
  line[n++] = '\n';
  ssize_t ignored = write(2, line, (size_t)n);
  (void)ignored;
}

static int64_t now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static const char *errno_name(int error) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 32))
  const char *name = strerrorname_np(error);
  if (name != NULL) return name;
#endif
  switch (error) {
    case ENOENT: return "ENOENT";
    case EACCES: return "EACCES";
    case ENOEXEC: return "ENOEXEC";
    case ENOTDIR: return "ENOTDIR";
    case EISDIR: return "EISDIR";
    case E2BIG: return "E2BIG";
    case EMFILE: return "EMFILE";
    case ENFILE: return "ENFILE";
    case EAGAIN: return "EAGAIN";
    case ENOMEM: return "ENOMEM";
    case EPERM: return "EPERM";
    case ELOOP: return "ELOOP";
    case ENAMETOOLONG: return "ENAMETOOLONG";
    case EIO: return "EIO";
    default: return "EUNKNOWN";
  }
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Growable byte buffers                                                                                          */

struct bytes {
  uint8_t *data;
  size_t start; /* consumed prefix */
  size_t length; /* end of valid data */
  size_t capacity;
};

static void bytes_reserve(struct bytes *b, size_t more) {
  if (b->start > 0 && (b->start == b->length || b->length + more > b->capacity)) {
    memmove(b->data, b->data + b->start, b->length - b->start);
    b->length -= b->start;
    b->start = 0;
  }
  if (b->length + more <= b->capacity) return;
  size_t capacity = b->capacity ? b->capacity : 65536;
  while (capacity < b->length + more) capacity *= 2;
  uint8_t *data = realloc(b->data, capacity);
  if (data == NULL) {
    logf_("hookd-supervisor: out of memory (%zu bytes)", capacity);
    _exit(70);
  }
  b->data = data;
  b->capacity = capacity;
}

/* Gives back memory after a large frame or a burst, so that RSS follows the load down. */
static void bytes_trim(struct bytes *b) {
  if (b->start == b->length) b->start = b->length = 0;
  if (b->length == 0 && b->capacity > 1024 * 1024) {
    free(b->data);
    b->data = NULL;
    b->capacity = 0;
  }
}

static void put_u32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)v;
  p[1] = (uint8_t)(v >> 8);
  p[2] = (uint8_t)(v >> 16);
  p[3] = (uint8_t)(v >> 24);
}

static void put_u64(uint8_t *p, uint64_t v) {
  put_u32(p, (uint32_t)v);
  put_u32(p + 4, (uint32_t)(v >> 32));
}

static uint32_t get_u32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Reply frames (buffered; written when stdout accepts them)                                                      */

static struct bytes g_out;
static struct bytes g_in; /* requests read from stdin, not parsed yet */

static uint8_t *reply_begin(uint8_t type, uint32_t run_id, size_t payload) {
  bytes_reserve(&g_out, HEADER_BYTES + payload);
  uint8_t *p = g_out.data + g_out.length;
  put_u32(p, (uint32_t)(5 + payload));
  p[4] = type;
  put_u32(p + 5, run_id);
  g_out.length += HEADER_BYTES + payload;
  return p + HEADER_BYTES;
}

static void reply_error(uint32_t run_id, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void reply_error(uint32_t run_id, const char *format, ...) {
  char message[400];
  va_list args;
  va_start(args, format);
  int n = vsnprintf(message, sizeof message, format, args);
  va_end(args);
  if (n < 0) n = 0;
  if ((size_t)n >= sizeof message) n = (int)sizeof message - 1;
  memcpy(reply_begin(REP_ERROR, run_id, (size_t)n), message, (size_t)n);
}

static void reply_spawn_failed(uint32_t run_id, int error) {
  const char *name = errno_name(error);
  size_t n = strlen(name);
  uint8_t *p = reply_begin(REP_SPAWN_FAILED, run_id, 4 + n);
  put_u32(p, (uint32_t)error);
  memcpy(p + 4, name, n);
}

static void reply_exited(uint32_t run_id, int32_t code, int32_t signal, int tree_empty) {
  uint8_t *p = reply_begin(REP_EXITED, run_id, 9);
  put_u32(p, (uint32_t)code);
  put_u32(p + 4, (uint32_t)signal);
  p[8] = tree_empty ? 1 : 0;
}

static int g_stdout_broken = 0;

/* Writes what stdout takes now; the rest waits for EPOLLOUT. */
static void flush_replies(void) {
  while (g_out.start < g_out.length && !g_stdout_broken) {
    ssize_t n = write(1, g_out.data + g_out.start, g_out.length - g_out.start);
    if (n > 0) {
      g_out.start += (size_t)n;
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
    g_stdout_broken = 1; /* hookd is gone: keep supervising until the trees are dead, drop the replies */
  }
  if (g_stdout_broken) g_out.start = g_out.length;
  bytes_trim(&g_out);
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Process tree walks (/proc/<pid>/task/<tid>/children, or a /proc scan where that file is missing)               */

struct pids {
  pid_t *items;
  size_t count;
  size_t capacity;
};

static void pids_push(struct pids *list, pid_t pid) {
  if (list->count == list->capacity) {
    size_t capacity = list->capacity ? list->capacity * 2 : 64;
    pid_t *items = realloc(list->items, capacity * sizeof *items);
    if (items == NULL) return; /* a walk under memory pressure misses some: the next round catches them */
    list->items = items;
    list->capacity = capacity;
  }
  list->items[list->count++] = pid;
}

static int pids_has(const struct pids *list, pid_t pid) {
  for (size_t i = 0; i < list->count; i++)
    if (list->items[i] == pid) return 1;
  return 0;
}

static void read_children_file(const char *path, struct pids *out) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return;
  char buffer[8192];
  size_t used = 0;
  for (;;) {
    ssize_t n = read(fd, buffer + used, sizeof buffer - 1 - used);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    used += (size_t)n;
    buffer[used] = 0;
    /* Parse every complete number; keep a partial one for the next read. */
    char *p = buffer;
    char *end = buffer + used;
    char *last_space = NULL;
    for (char *q = end; q > buffer; q--)
      if (q[-1] == ' ' || q[-1] == '\n') {
        last_space = q;
        break;
      }
    char *stop = last_space ? last_space : buffer;
    while (p < stop) {
      char *next;
      long pid = strtol(p, &next, 10);
      if (next == p) {
        p++;
        continue;
      }
      if (pid > 0) pids_push(out, (pid_t)pid);
      p = next;
    }
    used = (size_t)(end - stop);
    memmove(buffer, stop, used);
    if (used >= sizeof buffer - 1) used = 0;
  }
  if (used > 0) {
    buffer[used] = 0;
    long pid = strtol(buffer, NULL, 10);
    if (pid > 0) pids_push(out, (pid_t)pid);
  }
  close(fd);
}

/* Direct children of pid, through every thread's children file. */
static void children_of(pid_t pid, struct pids *out) {
  char path[64];
  snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
  DIR *dir = opendir(path);
  if (dir == NULL) return;
  struct dirent *entry;
  while ((entry = readdir(dir)) != NULL) {
    if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
    char file[96];
    snprintf(file, sizeof file, "/proc/%d/task/%ld/children", (int)pid, strtol(entry->d_name, NULL, 10));
    read_children_file(file, out);
  }
  closedir(dir);
}

/* Every process's parent, from /proc/<pid>/stat (the fallback where children files are missing). */
static void scan_parents(struct pids *pids, struct pids *parents) {
  DIR *dir = opendir("/proc");
  if (dir == NULL) return;
  struct dirent *entry;
  while ((entry = readdir(dir)) != NULL) {
    if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
    char path[64];
    snprintf(path, sizeof path, "/proc/%ld/stat", strtol(entry->d_name, NULL, 10));
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) continue;
    char stat[512];
    ssize_t n = read(fd, stat, sizeof stat - 1);
    close(fd);
    if (n <= 0) continue;
    stat[n] = 0;
    char *paren = strrchr(stat, ')');
    if (paren == NULL) continue;
    char state;
    int ppid;
    if (sscanf(paren + 1, " %c %d", &state, &ppid) != 2) continue;
    pids_push(pids, (pid_t)atoi(entry->d_name));
    pids_push(parents, (pid_t)ppid);
  }
  closedir(dir);
}

/*
 * Every descendant of root (root excluded), parents before their children. Children of root listed in `skip`
 * (and their subtrees) are left out: the supervisor's walk must not enter a live keeper's tree.
 */
static void collect_descendants(pid_t root, const struct pids *skip, struct pids *out) {
  out->count = 0;
  if (g_children_file) {
    children_of(root, out);
    if (skip != NULL) {
      size_t kept = 0;
      for (size_t i = 0; i < out->count; i++)
        if (!pids_has(skip, out->items[i])) out->items[kept++] = out->items[i];
      out->count = kept;
    }
    for (size_t i = 0; i < out->count && out->count < 1000000; i++) children_of(out->items[i], out);
    return;
  }
  struct pids pids = {0}, parents = {0};
  scan_parents(&pids, &parents);
  for (size_t i = 0; i < pids.count; i++)
    if (parents.items[i] == root && !(skip != NULL && pids_has(skip, pids.items[i]))) pids_push(out, pids.items[i]);
  for (size_t next = 0; next < out->count; next++)
    for (size_t i = 0; i < pids.count; i++)
      if (parents.items[i] == out->items[next] && !pids_has(out, pids.items[i])) pids_push(out, pids.items[i]);
  free(pids.items);
  free(parents.items);
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Keepers: forked copies of the supervisor, each a subreaper that posix_spawns one hook at a time and adopts every */
/* descendant of it. A keeper whose tree is empty waits in the pool for the supervisor's next run.                 */

struct spawn_request {
  uint32_t run_id;
  uint32_t max_output_bytes;
  const char *cwd;
  const char *file;
  char **argv; /* argc entries + NULL */
  char **envp; /* envc entries + NULL */
  const uint8_t *stdin_bytes;
  uint32_t stdin_length;
  const uint8_t *payload; /* the SPAWN payload it was parsed from: what a pooled keeper is sent, minus stdin */
  size_t strings_end;     /* offset in payload where stdin starts */
};

static int parse_spawn(uint32_t run_id, const uint8_t *payload, size_t length, struct spawn_request *request, const char **why);

static void keeper_report(int socket_fd, int32_t kind, int32_t a, int32_t b, int32_t c) {
  struct status_record record = {kind, a, b, c};
  while (send(socket_fd, &record, sizeof record, MSG_NOSIGNAL | MSG_DONTWAIT) < 0 && errno == EINTR) {
  }
  /* EPIPE: the supervisor is gone; the keeper still kills its tree */
}

/* The report that ends a run's tree; a keeper that will not serve another run says so first. */
static int keeper_finish(int socket_fd, int retire, int32_t kind, int32_t a, int32_t b, int32_t c) {
  if (retire) keeper_report(socket_fd, ST_RETIRING, 0, 0, 0);
  keeper_report(socket_fd, kind, a, b, c);
  return retire;
}

/* Closes every descriptor except 2 and the four the keeper needs (the hook's three pipe ends, its socket). */
static void keeper_close_others(const int *keep, int count) {
  int sorted[5] = {2};
  int n = 1;
  for (int i = 0; i < count; i++) sorted[n++] = keep[i];
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
      int t = sorted[j];
      sorted[j] = sorted[j - 1];
      sorted[j - 1] = t;
    }
  int from = 0;
  for (int i = 0; i <= n; i++) {
    int to = i < n ? sorted[i] - 1 : INT_MAX; /* close [from, to] */
    if (to >= from) {
#ifdef SYS_close_range
      if (syscall(SYS_close_range, (unsigned)from, i < n ? (unsigned)to : ~0u, 0u) != 0)
#endif
      {
        int last = i < n ? to : g_max_fd;
        for (int fd = from; fd <= last; fd++) close(fd);
      }
    }
    if (i < n) from = sorted[i] + 1;
  }
}

static int is_path_lookup_miss(int error) {
  return error == ENOENT || error == ENOTDIR || error == ESTALE || error == ENODEV || error == ETIMEDOUT || error == ELOOP ||
         error == ENAMETOOLONG;
}

/* posix_spawn of one candidate path, with execvp's ENOEXEC retry as `/bin/sh path args…`. */
static int spawn_candidate(pid_t *pid, const char *path, const posix_spawn_file_actions_t *actions, const posix_spawnattr_t *attr,
                           char **argv, char **envp) {
  int error = posix_spawn(pid, path, actions, attr, argv, envp);
  if (error != ENOEXEC) return error;
  size_t argc = 0;
  while (argv[argc] != NULL) argc++;
  char **shell_argv = calloc(argc + 2, sizeof *shell_argv);
  if (shell_argv == NULL) return ENOMEM;
  shell_argv[0] = "/bin/sh";
  shell_argv[1] = (char *)path;
  for (size_t i = 1; i < argc; i++) shell_argv[i + 1] = argv[i];
  error = posix_spawn(pid, "/bin/sh", actions, attr, shell_argv, envp);
  free(shell_argv);
  return error;
}

/* execvp-like: a name without '/' is looked up in the hook's own PATH (relative entries against its cwd). */
static int spawn_hook(pid_t *pid, const struct spawn_request *request, const posix_spawn_file_actions_t *actions,
                      const posix_spawnattr_t *attr) {
  const char *file = request->file;
  if (file[0] == 0) return ENOENT;
  if (strchr(file, '/') != NULL) return spawn_candidate(pid, file, actions, attr, request->argv, request->envp);
  const char *search = NULL;
  for (char **entry = request->envp; *entry != NULL; entry++)
    if (strncmp(*entry, "PATH=", 5) == 0) {
      search = *entry + 5;
      break;
    }
  if (search == NULL) search = DEFAULT_PATH;
  size_t file_length = strlen(file);
  int saw_eacces = 0;
  int last_error = ENOENT;
  const char *p = search;
  for (;;) {
    const char *colon = strchr(p, ':');
    size_t dir_length = colon ? (size_t)(colon - p) : strlen(p);
    char candidate[PATH_MAX];
    if (dir_length + 1 + file_length + 1 <= sizeof candidate) {
      size_t at = 0;
      if (dir_length == 0) {
        candidate[at++] = '.';
      } else {
        memcpy(candidate, p, dir_length);
        at = dir_length;
      }
      candidate[at++] = '/';
      memcpy(candidate + at, file, file_length + 1);
      int error;
      if (access(candidate, F_OK) != 0) {
        error = errno;
      } else {
        error = spawn_candidate(pid, candidate, actions, attr, request->argv, request->envp);
        if (error == 0) return 0;
      }
      if (error == EACCES) {
        saw_eacces = 1;
      } else if (!is_path_lookup_miss(error)) {
        return error;
      }
      last_error = error;
    }
    if (colon == NULL) break;
    p = colon + 1;
  }
  return saw_eacces ? EACCES : (is_path_lookup_miss(last_error) ? ENOENT : last_error);
}

struct keeper_tree {
  pid_t hook;
  int hook_reaped;
  struct pids walk;
};

/* SIGTERM: the hook's group once (while the hook holds its pgid), and every descendant outside that group. */
static void keeper_term_tree(struct keeper_tree *tree) {
  if (!tree->hook_reaped) kill(-tree->hook, SIGTERM);
  collect_descendants(getpid(), NULL, &tree->walk);
  for (size_t i = 0; i < tree->walk.count; i++) {
    pid_t pid = tree->walk.items[i];
    if (tree->hook_reaped || getpgid(pid) != tree->hook) kill(pid, SIGTERM);
  }
}

static void keeper_kill_tree(struct keeper_tree *tree) {
  if (!tree->hook_reaped) kill(-tree->hook, SIGKILL);
  collect_descendants(getpid(), NULL, &tree->walk);
  for (size_t i = 0; i < tree->walk.count; i++) kill(tree->walk.items[i], SIGKILL);
}

/*
 * Runs one hook until its tree is empty and reports it on the keeper's socket. The hook leads its own process group;
 * with `own_session` its own session too (else it stays in the keeper's: the hook session). Returns 1 when the
 * keeper must retire after this run (it got SIGTERM — its parent died — or it cannot return to its home directory).
 */
static int keeper_serve(const struct spawn_request *request, int hook_in, int hook_out, int hook_err, int socket_fd, int home_fd,
                        int retire, int own_session) {
  int moved = request->cwd[0] != 0;
  if (moved && chdir(request->cwd) != 0) {
    int error = errno;
    close(hook_in);
    close(hook_out);
    close(hook_err);
    return keeper_finish(socket_fd, retire, ST_SPAWN_FAILED, error, 0, 0);
  }
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attr;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, hook_in, 0);
  posix_spawn_file_actions_adddup2(&actions, hook_out, 1);
  posix_spawn_file_actions_adddup2(&actions, hook_err, 2);
  posix_spawnattr_init(&attr);
  sigset_t empty, all;
  sigemptyset(&empty);
  sigfillset(&all);
  posix_spawnattr_setsigmask(&attr, &empty);
  posix_spawnattr_setsigdefault(&attr, &all);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, (own_session ? POSIX_SPAWN_SETSID : POSIX_SPAWN_SETPGROUP) | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);

  struct keeper_tree tree = {0};
  int error = spawn_hook(&tree.hook, request, &actions, &attr);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  close(hook_in);
  close(hook_out);
  close(hook_err);
  if (moved && fchdir(home_fd) != 0) retire = 1; /* the next run's relative cwd would resolve elsewhere */
  if (error != 0) return keeper_finish(socket_fd, retire, ST_SPAWN_FAILED, error, 0, 0);
  keeper_report(socket_fd, ST_SPAWNED, tree.hook, 0, 0);

  sigset_t wanted;
  sigemptyset(&wanted);
  sigaddset(&wanted, SIGCHLD);
  sigaddset(&wanted, SIGUSR1);
  sigaddset(&wanted, SIGUSR2);
  sigaddset(&wanted, SIGTERM);
  int killing = 0;
  int exited_sent = 0;
  int hook_code = -1, hook_signal = 0;
  for (;;) {
    int status = 0;
    pid_t reaped;
    int no_children = 0;
    while ((reaped = waitpid(-1, &status, WNOHANG)) != 0) {
      if (reaped < 0) {
        if (errno == EINTR) continue;
        no_children = errno == ECHILD;
        break;
      }
      if (reaped == tree.hook) { /* reported below, once it is known whether anything else is left */
        tree.hook_reaped = 1;
        hook_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        hook_signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
      }
    }
    if (tree.hook_reaped && !exited_sent) {
      exited_sent = 1;
      if (no_children) {
        free(tree.walk.items);
        return keeper_finish(socket_fd, retire, ST_EXITED, hook_code, hook_signal, 1);
      }
      keeper_report(socket_fd, ST_EXITED, hook_code, hook_signal, 0);
    }
    if (exited_sent && no_children) {
      free(tree.walk.items);
      return keeper_finish(socket_fd, retire, ST_EMPTY, 0, 0, 0);
    }
    if (killing) keeper_kill_tree(&tree);
    siginfo_t info;
    int signal;
    if (killing) {
      struct timespec repeat = {0, KILL_REPEAT_MS * 1000000L};
      signal = sigtimedwait(&wanted, &info, &repeat);
    } else {
      signal = sigwaitinfo(&wanted, &info);
    }
    if (signal == SIGUSR1 && !killing) keeper_term_tree(&tree);
    if (signal == SIGUSR2 || signal == SIGTERM) {
      if (signal == SIGTERM) retire = 1;
      if (!killing) keeper_kill_tree(&tree);
      killing = 1;
    }
  }
}

/*
 * A SIGNAL the supervisor sent for the previous run just before that run's tree turned out empty is still pending:
 * it is dropped, so it cannot reach the next run. Returns 1 when a SIGTERM was pending (retire after this run).
 */
static int keeper_drop_stale_signals(void) {
  sigset_t stale;
  sigemptyset(&stale);
  sigaddset(&stale, SIGUSR1);
  sigaddset(&stale, SIGUSR2);
  sigaddset(&stale, SIGTERM);
  struct timespec now = {0, 0};
  int retire = 0;
  int signal;
  while ((signal = sigtimedwait(&stale, NULL, &now)) > 0 || (signal < 0 && errno == EINTR))
    if (signal == SIGTERM) retire = 1;
  return retire;
}

/* Descriptors one socket message carries at most: a run's three pipe ends. */
#define MAX_PASSED_FDS 3

/* One message with `count` descriptors (SCM_RIGHTS); never blocks, never raises SIGPIPE. Bytes sent, or -1. */
static ssize_t send_with_fds(int socket_fd, struct iovec *iov, int iov_count, const int *fds, int count) {
  union {
    struct cmsghdr align;
    char space[CMSG_SPACE(MAX_PASSED_FDS * sizeof(int))];
  } control;
  memset(&control, 0, sizeof control);
  struct msghdr message = {0};
  message.msg_iov = iov;
  message.msg_iovlen = (size_t)iov_count;
  message.msg_control = control.space;
  message.msg_controllen = CMSG_SPACE((size_t)count * sizeof(int));
  struct cmsghdr *header = CMSG_FIRSTHDR(&message);
  header->cmsg_level = SOL_SOCKET;
  header->cmsg_type = SCM_RIGHTS;
  header->cmsg_len = CMSG_LEN((size_t)count * sizeof(int));
  memcpy(CMSG_DATA(header), fds, (size_t)count * sizeof(int));
  ssize_t n;
  do n = sendmsg(socket_fd, &message, MSG_NOSIGNAL | MSG_DONTWAIT);
  while (n < 0 && errno == EINTR);
  return n;
}

/*
 * One message into `buffer` and up to `max_fds` descriptors (close-on-exec) into `fds`; *received says how many came.
 * Descriptors beyond `max_fds` are closed and, like data or descriptors the kernel cut, set *truncated. Returns the
 * message's length: 0 at EOF, -1 on error.
 */
static ssize_t receive_with_fds(int socket_fd, void *buffer, size_t capacity, int *fds, int max_fds, int *received, int *truncated) {
  union {
    struct cmsghdr align;
    char space[CMSG_SPACE(MAX_PASSED_FDS * sizeof(int))];
  } control;
  struct iovec iov = {buffer, capacity};
  struct msghdr message = {0};
  message.msg_iov = &iov;
  message.msg_iovlen = 1;
  message.msg_control = control.space;
  message.msg_controllen = sizeof control.space;
  ssize_t n;
  do n = recvmsg(socket_fd, &message, MSG_CMSG_CLOEXEC);
  while (n < 0 && errno == EINTR);
  *received = 0;
  *truncated = 0;
  if (n < 0) return n;
  for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header != NULL; header = CMSG_NXTHDR(&message, header)) {
    if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
    size_t count = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
    for (size_t i = 0; i < count; i++) {
      int fd;
      memcpy(&fd, CMSG_DATA(header) + i * sizeof(int), sizeof fd);
      if (*received < max_fds) {
        fds[(*received)++] = fd;
      } else {
        close(fd);
        *truncated = 1;
      }
    }
  }
  if (message.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) *truncated = 1;
  return n;
}

/*
 * The next run from the supervisor: a message (runId and the SPAWN payload without stdin) carrying the hook's three
 * pipe ends. Returns the message's length, or 0 when the keeper is to exit: EOF (the supervisor closed the socket
 * or died) or a message that is not a run (logged; the supervisor reports the run it sent as failed).
 */
static size_t keeper_receive(int socket_fd, uint8_t *buffer, size_t capacity, int fds[3]) {
  int received, truncated;
  ssize_t n = receive_with_fds(socket_fd, buffer, capacity, fds, 3, &received, &truncated);
  if (n >= 4 && received == 3 && !truncated) return (size_t)n;
  if (n > 0) logf_("hookd-supervisor: keeper %d: a run message of %zd bytes with %d descriptors%s; exiting", (int)getpid(), n, received, truncated ? " (truncated)" : "");
  for (int i = 0; i < received; i++) close(fds[i]);
  return 0;
}

/* Serves runs from the socket until the keeper retires or the socket closes; then exits. */
static void keeper_serve_runs(int socket_fd, int home_fd, int retire) {
  uint8_t *buffer = retire ? NULL : malloc(KEEPER_MESSAGE_MAX_BYTES);
  while (buffer != NULL && !retire) {
    int fds[3];
    size_t n = keeper_receive(socket_fd, buffer, KEEPER_MESSAGE_MAX_BYTES, fds);
    if (n == 0) break;
    retire = keeper_drop_stale_signals();
    struct spawn_request request;
    const char *why = NULL;
    if (!parse_spawn(get_u32(buffer), buffer + 4, n - 4, &request, &why)) {
      logf_("hookd-supervisor: keeper %d: a malformed run message (%s); exiting", (int)getpid(), why);
      for (int i = 0; i < 3; i++) close(fds[i]);
      break;
    }
    retire = keeper_serve(&request, fds[0], fds[1], fds[2], socket_fd, home_fd, retire, 0);
    free(request.argv);
  }
  _exit(0);
}

/* What every keeper does first: a subreaper that dies with its parent (it then kills its tree); 0 when that parent
   is already gone. */
static int keeper_arm(pid_t parent) {
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  return getppid() == parent;
}

/* The hook session's fork of a pooled keeper: it says its pid, then serves runs. */
static void pooled_keeper_main(int socket_fd, pid_t session_leader) {
  keeper_close_others(&socket_fd, 1);
  signal(SIGCHLD, SIG_DFL); /* the hook session ignores it (its children reap themselves); a keeper waits for its own */
  if (!keeper_arm(session_leader)) _exit(0);
  int home_fd = open(".", O_PATH | O_DIRECTORY | O_CLOEXEC);
  keeper_report(socket_fd, ST_HELLO, (int32_t)getpid(), 0, 0);
  keeper_serve_runs(socket_fd, home_fd, home_fd < 0);
}

/* A keeper the supervisor forks itself for a run too large for one message: it serves that run from its copy of the
   request, the hook in a session of its own, and then retires. */
static void lone_keeper_main(const struct spawn_request *first, int hook_in, int hook_out, int hook_err, int socket_fd) {
  int keep[4] = {hook_in, hook_out, hook_err, socket_fd};
  keeper_close_others(keep, 4);
  if (!keeper_arm(g_supervisor_pid)) _exit(0); /* the supervisor died before the keeper could watch it */
  keeper_report(socket_fd, ST_HELLO, (int32_t)getpid(), 0, 0);
  keeper_serve(first, hook_in, hook_out, hook_err, socket_fd, -1, 1, 1);
  _exit(0);
}

/*
 * The hook session: a child of the supervisor in a session of its own that forks every pooled keeper, so that all
 * hooks (process group leaders in this session) are one scheduling group where the kernel groups by session
 * (autogroup): 64 hooks then weigh as much as hookd, not 64 times as much. It takes a keeper's socket per message
 * and forks a keeper on it; it exits at EOF and dies with the supervisor (SIGKILL: it has no tree of its own).
 */
static void hook_session_main(int control_fd) {
  keeper_close_others(&control_fd, 1);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != g_supervisor_pid) _exit(0);
  setsid();
  signal(SIGCHLD, SIG_IGN); /* keepers that exit are reaped by the kernel */
  free(g_in.data);
  free(g_out.data);
  g_in = g_out = (struct bytes){0};
  pid_t self = getpid();
  for (;;) {
    uint8_t byte;
    int keeper_fd, received, truncated;
    ssize_t n = receive_with_fds(control_fd, &byte, 1, &keeper_fd, 1, &received, &truncated);
    if (n <= 0) {
      /* The supervisor is leaving: it has closed every keeper's socket. With SIGCHLD ignored, wait() returns once
         every keeper has exited, so the hook session ends after its keepers (the supervisor waits for it). */
      while (wait(NULL) > 0 || errno == EINTR) {
      }
      _exit(0);
    }
    if (received != 1 || truncated) {
      logf_("hookd-supervisor: hook session: a request without exactly one descriptor; ignored");
      if (received == 1) close(keeper_fd);
      continue;
    }
    pid_t pid = fork();
    if (pid == 0) pooled_keeper_main(keeper_fd, self); /* never returns */
    if (pid < 0) logf_("hookd-supervisor: hook session: fork: %s", strerror(errno)); /* the keeper's socket closes: EIO */
    close(keeper_fd);
  }
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Runs and keepers, as the supervisor sees them                                                                  */

enum { FD_STDOUT, FD_STDERR, FD_STDIN, FD_KINDS };
/* What else the main loop waits on, besides a run's FD_* pipe ends. */
enum { W_SIGNALS = FD_KINDS, W_REQUESTS, W_REPLIES, W_KEEPER };

/*
 * One descriptor the main loop waits on, and what it is registered for in the epoll set (0: not in it). epoll, not
 * poll: with 64 idle keepers and 64 runs a poll round walks ~260 descriptors in the kernel (measured: 25–45 µs
 * more per sequential run with 64 idle keepers, and most of the supervisor's CPU at 64 runs in flight); an epoll
 * round costs what is ready. The loop says each round what every watch wants (watch_set); only changes reach the
 * kernel. A descriptor leaves the set before it is closed (forked keepers hold copies, which would keep it
 * registered).
 */
struct watch {
  int fd;          /* -1: none */
  uint32_t events; /* as registered; 0: not in the epoll set */
  int kind;        /* FD_* of `run`, or W_* */
  unsigned always : 1; /* epoll refused it (a regular file): always ready, as poll() would say */
  struct run *run;
  struct keeper *keeper;
};

struct keeper;

struct run {
  struct run *next;
  uint32_t id;
  struct keeper *keeper; /* NULL once the tree is over for its keeper, or the keeper died */
  int fds[FD_KINDS];     /* -1 once closed */
  uint8_t *stdin_rest;
  size_t stdin_length, stdin_offset;
  uint32_t cap;
  uint64_t totals[2];
  uint64_t kept[2];
  unsigned spawn_reported : 1; /* SPAWNED or SPAWN_FAILED sent */
  unsigned exited_reported : 1;
  unsigned tree_done : 1;      /* EMPTY sent, or EXITED said tree empty, or the spawn failed */
  unsigned orphans_pending : 1; /* the keeper died with its tree: EMPTY follows the orphan sweep */
  unsigned release_requested : 1;
  unsigned forgotten : 1; /* RELEASED or SPAWN_FAILED sent: its runId is free */
  unsigned kill_sent : 1;
  unsigned eof_held : 2; /* bit per stream: it ended while the hook ran; its EOF goes out with EXITED */
  struct watch watches[FD_KINDS];
};

struct keeper {
  struct keeper *next;
  pid_t pid;       /* 0 until its HELLO */
  int socket;      /* the supervisor's end; -1 once closed (an idle keeper exits when it reads EOF) */
  struct run *run; /* NULL while idle */
  int pending_signal; /* a SIGNAL that came before its HELLO */
  unsigned retiring : 1; /* it said it will not serve another run */
  struct watch watch;    /* its socket */
};

/* The hook session (hook_session_main): forks the pooled keepers. pid 0 and socket -1 until it is needed. */
static struct {
  pid_t pid;
  int socket;
} g_session = {0, -1};
/* Keepers that died before their tree was empty: the orphan sweep goes on until each of them is gone (its orphans
   re-parent to the supervisor as it exits, a moment after its socket closes). */
static struct pids g_dying;

static struct run *g_runs;
static size_t g_run_count;
static struct keeper *g_keepers;
static size_t g_keeper_count;
static int g_orphan_sweep;
static int g_shutting_down;
static int64_t g_shutdown_deadline;
static int g_epoll = -1;

/* Registers `fd` for `events` (0: removes it), telling the kernel only what changed. */
static void watch_set(struct watch *watch, int fd, uint32_t events) {
  if (watch->fd != fd && watch->events != 0) {
    epoll_ctl(g_epoll, EPOLL_CTL_DEL, watch->fd, NULL);
    watch->events = 0;
  }
  if (watch->fd != fd) watch->always = 0;
  watch->fd = fd;
  if (fd < 0 || events == watch->events || watch->always) return;
  struct epoll_event event = {events, {.ptr = watch}};
  int op = watch->events == 0 ? EPOLL_CTL_ADD : events == 0 ? EPOLL_CTL_DEL : EPOLL_CTL_MOD;
  if (epoll_ctl(g_epoll, op, fd, &event) == 0) {
    watch->events = events;
  } else if (errno == EPERM) {
    watch->always = 1; /* a regular file or /dev/null: never blocks */
  } else {
    logf_("hookd-supervisor: epoll_ctl(fd %d): %s", fd, strerror(errno));
  }
}

/* Takes the watch's descriptor out of the epoll set (before it is closed). */
static void watch_drop(struct watch *watch) {
  watch_set(watch, -1, 0);
}

static struct run *find_run(uint32_t id) {
  for (struct run *run = g_runs; run != NULL; run = run->next)
    if (run->id == id && !run->forgotten) return run;
  return NULL;
}

static void close_run_fd(struct run *run, int kind) {
  watch_drop(&run->watches[kind]);
  if (run->fds[kind] >= 0) close(run->fds[kind]);
  run->fds[kind] = -1;
}

static void signal_keeper(struct run *run, int signal) {
  if (run->keeper == NULL || run->tree_done) return;
  if (signal == SIGUSR2) {
    if (run->kill_sent) return;
    run->kill_sent = 1;
  }
  struct keeper *keeper = run->keeper;
  if (keeper->pid > 0) {
    kill(keeper->pid, signal);
  } else if (signal == SIGUSR2 || keeper->pending_signal == 0) {
    keeper->pending_signal = signal; /* sent on its HELLO */
  }
}

static void forget_run(struct run *run) {
  run->forgotten = 1;
  close_run_fd(run, FD_STDOUT);
  close_run_fd(run, FD_STDERR);
  close_run_fd(run, FD_STDIN);
  free(run->stdin_rest);
  run->stdin_rest = NULL;
}

static void reply_eof(struct run *run, int stream) {
  uint8_t *p = reply_begin(REP_EOF, run->id, 9);
  p[0] = (uint8_t)(stream + 1);
  put_u64(p + 1, run->totals[stream]);
}

/* The EOFs of streams that ended while the hook ran, sent just before its EXITED (or RELEASED): hookd needs them only
   once the hook exited, and one write then wakes it once instead of twice. */
static void send_held_eofs(struct run *run) {
  for (int stream = 0; stream < 2; stream++)
    if (run->eof_held & (1u << stream)) reply_eof(run, stream);
  run->eof_held = 0;
}

/* RELEASED, once hookd asked (RELEASE) or unasked once the run is complete: SPAWNED, EXITED, both EOFs and the
   tree's end are sent, so hookd has everything and a completed run costs it no RELEASE round trip. */
static void maybe_release(struct run *run) {
  if (!run->tree_done || run->forgotten) return;
  int complete = run->spawn_reported && run->exited_reported && run->fds[FD_STDOUT] < 0 && run->fds[FD_STDERR] < 0 && run->eof_held == 0;
  if (!run->release_requested && !complete) return;
  send_held_eofs(run);
  uint8_t *p = reply_begin(REP_RELEASED, run->id, 16);
  put_u64(p, run->totals[0]);
  put_u64(p + 8, run->totals[1]);
  forget_run(run);
}

static void free_dead_runs(void) {
  struct run **link = &g_runs;
  while (*link != NULL) {
    struct run *run = *link;
    if (run->forgotten && run->keeper == NULL) {
      *link = run->next;
      free(run);
      g_run_count--;
    } else {
      link = &run->next;
    }
  }
}

static void handle_status(struct run *run, const struct status_record *record) {
  switch (record->kind) {
    case ST_SPAWNED: {
      if (run->spawn_reported) break;
      run->spawn_reported = 1;
      put_u32(reply_begin(REP_SPAWNED, run->id, 4), (uint32_t)record->a);
      break;
    }
    case ST_SPAWN_FAILED:
      if (run->spawn_reported) break;
      run->spawn_reported = 1;
      run->tree_done = 1;
      reply_spawn_failed(run->id, record->a);
      forget_run(run);
      break;
    case ST_EXITED:
      if (run->exited_reported || run->forgotten) break;
      run->exited_reported = 1;
      send_held_eofs(run);
      reply_exited(run->id, record->a, record->b, record->c);
      if (record->c) run->tree_done = 1;
      maybe_release(run);
      break;
    case ST_EMPTY:
      if (run->tree_done || run->forgotten) break;
      run->tree_done = 1;
      reply_begin(REP_EMPTY, run->id, 0);
      maybe_release(run);
      break;
    default:
      logf_("hookd-supervisor: run %u: unknown status record %d", run->id, record->kind);
  }
}

static void close_keeper_socket(struct keeper *keeper) {
  watch_drop(&keeper->watch);
  if (keeper->socket >= 0) close(keeper->socket);
  keeper->socket = -1;
}

static size_t idle_keepers(void) {
  size_t count = 0;
  for (struct keeper *keeper = g_keepers; keeper != NULL; keeper = keeper->next)
    if (keeper->run == NULL && keeper->socket >= 0) count++;
  return count;
}

/* The keeper's tree is over: it waits for the next run, unless it retires, hookd is leaving or the pool is full. */
static void keeper_free(struct keeper *keeper) {
  if (keeper->run != NULL) keeper->run->keeper = NULL;
  keeper->run = NULL;
  if (keeper->retiring || g_shutting_down || idle_keepers() > POOL_IDLE_MAX) close_keeper_socket(keeper);
}

static void handle_record(struct keeper *keeper, const struct status_record *record) {
  if (record->kind == ST_RETIRING) {
    keeper->retiring = 1;
    return;
  }
  if (record->kind == ST_HELLO) {
    keeper->pid = record->a;
    if (keeper->pending_signal != 0 && keeper->pid > 0) kill(keeper->pid, keeper->pending_signal);
    keeper->pending_signal = 0;
    return;
  }
  struct run *run = keeper->run;
  if (run == NULL) {
    logf_("hookd-supervisor: keeper %d: status record %d without a run", (int)keeper->pid, record->kind);
    return;
  }
  handle_status(run, record);
  if (record->kind == ST_SPAWN_FAILED || record->kind == ST_EMPTY || (record->kind == ST_EXITED && record->c)) keeper_free(keeper);
}

/* Reads a keeper's status records (one per message); 0 at EOF. */
static int read_keeper(struct keeper *keeper) {
  for (;;) {
    struct status_record record;
    ssize_t n = recv(keeper->socket, &record, sizeof record, MSG_DONTWAIT);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return 1;
    if (n <= 0) return 0;
    if (n != (ssize_t)sizeof record) {
      logf_("hookd-supervisor: keeper %d: a status record of %zd bytes", (int)keeper->pid, n);
      continue;
    }
    handle_record(keeper, &record);
    if (keeper->socket < 0) return 1; /* retired just now */
  }
}

/* The keeper's socket closed (it exited, or was killed): whatever it did not report, report for it. */
static void keeper_gone(struct keeper *keeper) {
  if (keeper->socket >= 0) {
    read_keeper(keeper); /* what it sent before it died; then EOF */
    close_keeper_socket(keeper);
  }
  struct run *run = keeper->run;
  keeper->run = NULL;
  if (run == NULL) return;
  run->keeper = NULL;
  if (run->tree_done) return;
  logf_("hookd-supervisor: run %u: keeper %d died before its tree was empty", run->id, (int)keeper->pid);
  g_orphan_sweep = 1;
  if (keeper->pid > 0) pids_push(&g_dying, keeper->pid);
  if (!run->spawn_reported) {
    run->spawn_reported = 1;
    run->tree_done = 1;
    reply_spawn_failed(run->id, EIO);
    forget_run(run);
    return;
  }
  if (!run->exited_reported) {
    run->exited_reported = 1;
    send_held_eofs(run);
    reply_exited(run->id, -1, SIGKILL, 0);
  }
  run->orphans_pending = 1;
}

/* Drops the keepers whose socket is closed and that have no run (their processes exit by themselves at EOF). */
static void free_dead_keepers(void) {
  struct keeper **link = &g_keepers;
  while (*link != NULL) {
    struct keeper *keeper = *link;
    if (keeper->socket < 0 && keeper->run == NULL) {
      *link = keeper->next;
      free(keeper);
      g_keeper_count--;
    } else {
      link = &keeper->next;
    }
  }
}

static void close_hook_session(void) {
  if (g_session.socket >= 0) close(g_session.socket);
  g_session.socket = -1;
}

/* Reaps the supervisor's children: the hook session, lone keepers and orphans (keepers are followed by their
   sockets, not here). */
static void reap_children(void) {
  for (;;) {
    int status;
    pid_t pid = waitpid(-1, &status, WNOHANG);
    if (pid < 0 && errno == EINTR) continue;
    if (pid <= 0) return;
    if (pid == g_session.pid) {
      if (!g_shutting_down) logf_("hookd-supervisor: the hook session %d died; a new one starts with the next keeper", (int)pid);
      close_hook_session();
      g_session.pid = 0;
    }
  }
}

/*
 * The supervisor exits last: it waits until its children — the hook session (which waits for its keepers), lone
 * keepers, orphans — are gone, so hookd seeing it exit means every process it started has ended. Past the deadline
 * it SIGKILLs whatever is left under it and waits once more (bounded).
 */
static void wait_for_children(int64_t deadline) {
  int killed = 0;
  for (;;) {
    pid_t pid = waitpid(-1, NULL, WNOHANG);
    if (pid > 0 || (pid < 0 && errno == EINTR)) continue;
    if (pid < 0) return; /* ECHILD: nothing left */
    if (now_ms() >= deadline) {
      if (killed) return;
      logf_("hookd-supervisor: processes still alive at exit; killing them");
      struct pids all = {0};
      collect_descendants(g_supervisor_pid, NULL, &all);
      for (size_t i = 0; i < all.count; i++) kill(all.items[i], SIGKILL);
      free(all.items);
      killed = 1;
      deadline = now_ms() + SHUTDOWN_DEADLINE_MS;
    }
    struct timespec pause = {0, 1000000L};
    nanosleep(&pause, NULL);
  }
}

/* Gone, or a zombie: either way its children have re-parented. */
static int process_gone(pid_t pid) {
  char path[64];
  snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 1;
  char stat[256];
  ssize_t n = read(fd, stat, sizeof stat - 1);
  close(fd);
  if (n <= 0) return 1;
  stat[n] = 0;
  char *paren = strrchr(stat, ')');
  return paren == NULL || paren[1] == 0 || paren[2] == 'Z' || paren[2] == 'X';
}

/* Kills every child of the supervisor that is not a keeper or the hook session (orphans of a dead keeper), with
   their trees; once none is left and every dying keeper is gone, their runs get EMPTY. */
static void sweep_orphans(void) {
  struct pids keepers = {0}, walk = {0};
  for (struct keeper *keeper = g_keepers; keeper != NULL; keeper = keeper->next)
    if (keeper->pid > 0) pids_push(&keepers, keeper->pid);
  if (g_session.pid > 0) pids_push(&keepers, g_session.pid);
  collect_descendants(g_supervisor_pid, &keepers, &walk);
  for (size_t i = 0; i < walk.count; i++) kill(walk.items[i], SIGKILL);
  size_t dying = 0;
  for (size_t i = 0; i < g_dying.count; i++)
    if (!process_gone(g_dying.items[i])) g_dying.items[dying++] = g_dying.items[i];
  g_dying.count = dying;
  if (walk.count == 0 && dying == 0) {
    g_orphan_sweep = 0;
    for (struct run *run = g_runs; run != NULL; run = run->next)
      if (run->orphans_pending) {
        run->orphans_pending = 0;
        if (!run->tree_done && !run->forgotten) {
          run->tree_done = 1;
          reply_begin(REP_EMPTY, run->id, 0);
          maybe_release(run);
        }
      }
  }
  free(keepers.items);
  free(walk.items);
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Requests                                                                                                       */

static int make_pipe(int fds[2], int flags) {
  if (pipe2(fds, O_CLOEXEC | flags) != 0) return errno;
  note_fd(fds[0]);
  note_fd(fds[1]);
  return 0;
}

static struct keeper *find_idle_keeper(void) {
  for (struct keeper *keeper = g_keepers; keeper != NULL; keeper = keeper->next)
    if (keeper->run == NULL && keeper->socket >= 0 && !keeper->retiring) return keeper;
  return NULL;
}

/* Hands a run to an idle keeper: runId and the SPAWN payload without its stdin, with the hook's three pipe ends.
   Returns 0 when the keeper has it. */
static int send_run(struct keeper *keeper, const struct spawn_request *request, int hook_in, int hook_out, int hook_err) {
  uint8_t head[20];
  put_u32(head, request->run_id);
  memcpy(head + 4, request->payload, 12); /* maxOutputBytes, argc, envc */
  put_u32(head + 16, 0);                  /* stdinBytes: the supervisor writes stdin itself */
  struct iovec iov[2] = {{head, sizeof head}, {(void *)(request->payload + 16), request->strings_end - 16}};
  int fds[3] = {hook_in, hook_out, hook_err};
  ssize_t n = send_with_fds(keeper->socket, iov, 2, fds, 3);
  return n == (ssize_t)(sizeof head + request->strings_end - 16) ? 0 : -1;
}

static struct keeper *add_keeper(pid_t pid, int socket) {
  struct keeper *keeper = calloc(1, sizeof *keeper);
  if (keeper == NULL) return NULL;
  keeper->pid = pid;
  keeper->socket = socket;
  keeper->watch = (struct watch){-1, 0, W_KEEPER, 0, NULL, keeper};
  keeper->next = g_keepers;
  g_keepers = keeper;
  g_keeper_count++;
  return keeper;
}

static int make_socketpair(int sockets[2]) {
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sockets) != 0) return errno;
  note_fd(sockets[0]);
  note_fd(sockets[1]);
  return 0;
}

/* Starts the hook session where there is none (the first keeper, or the last session died). */
static int ensure_hook_session(void) {
  if (g_session.socket >= 0) return 0;
  int sockets[2];
  int error = make_socketpair(sockets);
  if (error != 0) return error;
  pid_t pid = fork();
  if (pid == 0) hook_session_main(sockets[1]); /* never returns */
  error = pid < 0 ? errno : 0;
  close(sockets[1]);
  if (error != 0) {
    close(sockets[0]);
    return error;
  }
  g_session.pid = pid;
  g_session.socket = sockets[0];
  return 0;
}

/* Asks the hook session for a new pooled keeper; its pid comes with its HELLO. */
static int new_pooled_keeper(struct keeper **out) {
  for (int attempt = 0; attempt < 2; attempt++) {
    int error = ensure_hook_session();
    if (error != 0) return error;
    int sockets[2];
    error = make_socketpair(sockets);
    if (error != 0) return error;
    uint8_t byte = 0;
    struct iovec iov = {&byte, 1};
    ssize_t n = send_with_fds(g_session.socket, &iov, 1, &sockets[1], 1);
    error = n == 1 ? 0 : errno != 0 ? errno : EIO;
    close(sockets[1]);
    if (error == 0) {
      *out = add_keeper(0, sockets[0]);
      if (*out != NULL) return 0;
      close(sockets[0]);
      return ENOMEM;
    }
    close(sockets[0]);
    logf_("hookd-supervisor: the hook session does not take requests (%s); starting another", strerror(error));
    if (g_session.pid > 0) kill(g_session.pid, SIGKILL);
    close_hook_session();
  }
  return EIO;
}

/* Forks a lone keeper for a run too large for one message: it serves this run from its copy of the request. */
static int fork_lone_keeper(const struct spawn_request *request, int hook_in, int hook_out, int hook_err, struct keeper **out) {
  int sockets[2];
  int error = make_socketpair(sockets);
  if (error != 0) return error;
  pid_t pid = fork();
  if (pid == 0) lone_keeper_main(request, hook_in, hook_out, hook_err, sockets[1]); /* never returns */
  error = pid < 0 ? errno : 0;
  close(sockets[1]);
  if (error == 0 && (*out = add_keeper(pid, sockets[0])) == NULL) {
    kill(pid, SIGKILL);
    error = ENOMEM;
  }
  if (error != 0) close(sockets[0]);
  return error;
}

static void start_run(const struct spawn_request *request) {
  struct run *run = calloc(1, sizeof *run);
  if (run == NULL) {
    reply_spawn_failed(request->run_id, ENOMEM);
    return;
  }
  for (int kind = 0; kind < FD_KINDS; kind++) run->watches[kind] = (struct watch){-1, 0, kind, 0, run, NULL};
  int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1};
  /* Blocking pipes for the hook; the supervisor reads its ends once per EPOLLIN, so they never block it. */
  int error = make_pipe(in, 0);
  if (error == 0) error = make_pipe(out, 0);
  if (error == 0) error = make_pipe(err, 0);
  struct keeper *keeper = NULL;
  if (error == 0 && sizeof(uint32_t) + request->strings_end <= KEEPER_MESSAGE_MAX_BYTES) {
    /* An idle pooled keeper, else a new one from the hook session: the run goes in one message. */
    keeper = find_idle_keeper();
    if (keeper != NULL && send_run(keeper, request, in[0], out[1], err[1]) != 0) {
      logf_("hookd-supervisor: keeper %d does not take runs (%s); asking for another", (int)keeper->pid, strerror(errno));
      close_keeper_socket(keeper);
      keeper = NULL;
    }
    if (keeper == NULL && (error = new_pooled_keeper(&keeper)) == 0 && send_run(keeper, request, in[0], out[1], err[1]) != 0) {
      error = errno != 0 ? errno : EIO;
      close_keeper_socket(keeper);
      keeper = NULL;
    }
  } else if (error == 0) {
    error = fork_lone_keeper(request, in[0], out[1], err[1], &keeper);
  }
  int *ends[] = {in, out, err};
  if (error != 0) {
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 2; j++)
        if (ends[i][j] >= 0) close(ends[i][j]);
    free(run);
    reply_spawn_failed(request->run_id, error);
    return;
  }
  close(in[0]);
  close(out[1]);
  close(err[1]);
  keeper->run = run;
  run->id = request->run_id;
  run->keeper = keeper;
  run->cap = request->max_output_bytes;
  run->fds[FD_STDOUT] = out[0];
  run->fds[FD_STDERR] = err[0];
  run->fds[FD_STDIN] = in[1];
  /* The hook's stdin: what fits now goes straight into the pipe; the rest is written as the hook reads. */
  size_t written = 0;
  if (request->stdin_length > 0) {
    if (request->stdin_length > PIPE_BUF) fcntl(in[1], F_SETFL, O_NONBLOCK);
    ssize_t n = write(in[1], request->stdin_bytes, request->stdin_length);
    if (n > 0) written = (size_t)n;
    else if (n < 0 && errno != EAGAIN && errno != EINTR) written = request->stdin_length; /* EPIPE: drop it */
  }
  if (written < request->stdin_length) {
    if (request->stdin_length <= PIPE_BUF) fcntl(in[1], F_SETFL, O_NONBLOCK);
    run->stdin_length = request->stdin_length - written;
    run->stdin_rest = malloc(run->stdin_length);
    if (run->stdin_rest == NULL) {
      run->stdin_length = 0;
      close_run_fd(run, FD_STDIN);
    } else {
      memcpy(run->stdin_rest, request->stdin_bytes + written, run->stdin_length);
    }
  } else {
    close_run_fd(run, FD_STDIN);
  }
  run->next = g_runs;
  g_runs = run;
  g_run_count++;
}

static void write_stdin(struct run *run) {
  while (run->stdin_offset < run->stdin_length) {
    ssize_t n = write(run->fds[FD_STDIN], run->stdin_rest + run->stdin_offset, run->stdin_length - run->stdin_offset);
    if (n > 0) {
      run->stdin_offset += (size_t)n;
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
    break; /* EPIPE: the hook does not read its stdin */
  }
  close_run_fd(run, FD_STDIN);
  free(run->stdin_rest);
  run->stdin_rest = NULL;
}

/* Reads one hook stream: forwards the kept bytes, counts and drops the rest. */
static void read_output(struct run *run, int kind) {
  int stream = kind == FD_STDOUT ? 0 : 1;
  static uint8_t scratch[DATA_CHUNK_BYTES];
  for (;;) { /* one read per EPOLLIN: a second one could block */
    ssize_t n = read(run->fds[kind], scratch, sizeof scratch);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
    if (n <= 0) {
      close_run_fd(run, kind);
      if (run->exited_reported) {
        reply_eof(run, stream);
        maybe_release(run);
      } else {
        run->eof_held |= 1u << stream;
      }
      return;
    }
    run->totals[stream] += (uint64_t)n;
    uint64_t room = run->kept[stream] < run->cap ? run->cap - run->kept[stream] : 0;
    size_t keep = (uint64_t)n < room ? (size_t)n : (size_t)room;
    if (keep > 0) {
      uint8_t *p = reply_begin(REP_DATA, run->id, 1 + keep);
      p[0] = (uint8_t)(stream + 1);
      memcpy(p + 1, scratch, keep);
      run->kept[stream] += keep;
    }
    return;
  }
}

static int parse_spawn(uint32_t run_id, const uint8_t *payload, size_t length, struct spawn_request *request, const char **why) {
  if (length < 16) {
    *why = "shorter than its 16-byte head";
    return 0;
  }
  request->run_id = run_id;
  request->max_output_bytes = get_u32(payload);
  uint32_t argc = get_u32(payload + 4);
  uint32_t envc = get_u32(payload + 8);
  uint32_t stdin_length = get_u32(payload + 12);
  if (stdin_length > length - 16) {
    *why = "stdinBytes beyond the frame";
    return 0;
  }
  if (argc == 0) {
    *why = "argc is 0 (argv[0] is required)";
    return 0;
  }
  size_t strings_end = length - stdin_length;
  uint64_t string_count = 2ull + argc + envc;
  if (string_count > (strings_end - 16)) { /* every string needs at least its NUL */
    *why = "more strings than bytes";
    return 0;
  }
  char **vectors = malloc((size_t)(argc + 1 + envc + 1) * sizeof *vectors);
  if (vectors == NULL) {
    *why = "out of memory";
    return 0;
  }
  const char *strings[2];
  size_t at = 16;
  for (uint64_t i = 0; i < string_count; i++) {
    const uint8_t *start = payload + at;
    const uint8_t *nul = memchr(start, 0, strings_end - at);
    if (nul == NULL) {
      free(vectors);
      *why = "a string is not NUL-terminated within the strings";
      return 0;
    }
    if (i < 2) strings[i] = (const char *)start;
    else if (i < 2 + argc) vectors[i - 2] = (char *)start;
    else vectors[i - 2 + 1] = (char *)start;
    at = (size_t)(nul - payload) + 1;
  }
  if (at != strings_end) {
    free(vectors);
    *why = "bytes between the strings and stdin";
    return 0;
  }
  vectors[argc] = NULL;
  vectors[argc + 1 + envc] = NULL;
  request->cwd = strings[0];
  request->file = strings[1];
  request->argv = vectors;
  request->envp = vectors + argc + 1;
  request->stdin_bytes = payload + strings_end;
  request->stdin_length = stdin_length;
  request->payload = payload;
  request->strings_end = strings_end;
  return 1;
}

static void handle_frame(uint8_t type, uint32_t run_id, const uint8_t *payload, size_t length) {
  switch (type) {
    case REQ_SPAWN: {
      struct spawn_request request;
      const char *why = NULL;
      if (!parse_spawn(run_id, payload, length, &request, &why)) {
        reply_error(run_id, "malformed SPAWN frame (%zu payload bytes): %s", length, why);
        return;
      }
      if (find_run(run_id) != NULL) {
        reply_error(run_id, "SPAWN of run %u, which is still active", run_id);
      } else if (g_shutting_down) {
        reply_spawn_failed(run_id, ESHUTDOWN);
      } else {
        start_run(&request);
      }
      free(request.argv);
      return;
    }
    case REQ_SIGNAL: {
      if (length != 1 || (payload[0] != 9 && payload[0] != 15)) {
        reply_error(run_id, "malformed SIGNAL frame (%zu payload bytes%s): the payload is one byte, 9 or 15", length,
                    length == 1 ? ", not 9 or 15" : "");
        return;
      }
      struct run *run = find_run(run_id);
      if (run == NULL) {
        reply_error(run_id, "SIGNAL of unknown run %u", run_id);
        return;
      }
      signal_keeper(run, payload[0] == 9 ? SIGUSR2 : SIGUSR1);
      return;
    }
    case REQ_RELEASE: {
      if (length != 0) {
        reply_error(run_id, "malformed RELEASE frame (%zu payload bytes, expected 0)", length);
        return;
      }
      struct run *run = find_run(run_id);
      if (run == NULL) {
        reply_error(run_id, "RELEASE of unknown run %u", run_id);
        return;
      }
      if (run->release_requested) {
        reply_error(run_id, "RELEASE of run %u, already being released", run_id);
        return;
      }
      run->release_requested = 1;
      close_run_fd(run, FD_STDOUT);
      close_run_fd(run, FD_STDERR);
      close_run_fd(run, FD_STDIN);
      if (!run->tree_done) signal_keeper(run, SIGUSR2);
      maybe_release(run);
      return;
    }
    default:
      reply_error(run_id, "unknown frame type %u", (unsigned)type);
  }
}

static uint64_t g_skip_bytes; /* of an oversized frame, still to be discarded */

static void parse_requests(void) {
  for (;;) {
    size_t available = g_in.length - g_in.start;
    if (g_skip_bytes > 0) {
      size_t skip = g_skip_bytes < available ? (size_t)g_skip_bytes : available;
      g_in.start += skip;
      g_skip_bytes -= skip;
      if (g_skip_bytes > 0) break;
      continue;
    }
    if (available < 4) break;
    const uint8_t *p = g_in.data + g_in.start;
    uint32_t length = get_u32(p);
    if (length < 5) {
      reply_error(0, "frame length %u is below 5 (type and runId); skipped", length);
      g_in.start += 4;
      g_skip_bytes = length;
      continue;
    }
    if (length > MAX_FRAME_BYTES) {
      reply_error(0, "frame of %u bytes exceeds the 64 MiB limit; skipped", length);
      g_in.start += 4;
      g_skip_bytes = length;
      continue;
    }
    if (available - 4 < length) {
      bytes_reserve(&g_in, 4 + (size_t)length - available); /* room for the rest of this frame */
      break;
    }
    handle_frame(p[4], get_u32(p + 5), p + HEADER_BYTES, length - 5);
    g_in.start += 4 + (size_t)length;
  }
  bytes_trim(&g_in);
}

/* Returns 0 at EOF. */
static int read_requests(void) {
  for (int rounds = 0; rounds < 8; rounds++) {
    bytes_reserve(&g_in, 65536);
    ssize_t n = read(0, g_in.data + g_in.length, g_in.capacity - g_in.length);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
    if (n <= 0) {
      parse_requests();
      return 0;
    }
    g_in.length += (size_t)n;
    parse_requests();
    if (g_in.length < g_in.capacity) break;
  }
  return 1;
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Main loop                                                                                                      */

static void begin_shutdown(const char *why) {
  if (g_shutting_down) return;
  g_shutting_down = 1;
  g_shutdown_deadline = now_ms() + SHUTDOWN_DEADLINE_MS;
  logf_("hookd-supervisor: %s: killing %zu tree(s)", why, g_run_count);
  for (struct keeper *keeper = g_keepers; keeper != NULL; keeper = keeper->next) {
    if (keeper->run != NULL) signal_keeper(keeper->run, SIGUSR2);
    else close_keeper_socket(keeper); /* idle: it exits at EOF */
  }
  g_orphan_sweep = 1;
}

/*
 * Signals hookd's own parent may have left ignored (an ignored disposition survives exec; libuv resets only the
 * first 31): back to default here, so no hook inherits them. The kernel call reaches glibc's reserved real-time
 * signals too, which sigaction() refuses and POSIX_SPAWN_SETSIGDEF skips.
 */
static void reset_ignored_signals(void) {
  struct kernel_sigaction {
    void (*handler)(int);
    unsigned long flags;
    void (*restorer)(void);
    uint64_t mask;
  };
  for (int sig = 1; sig <= 64; sig++) {
    if (sig == SIGKILL || sig == SIGSTOP) continue;
    struct kernel_sigaction old;
    if (syscall(SYS_rt_sigaction, sig, NULL, &old, sizeof old.mask) != 0 || old.handler != SIG_IGN) continue;
    struct kernel_sigaction fresh = {SIG_DFL, 0, NULL, 0};
    syscall(SYS_rt_sigaction, sig, &fresh, NULL, sizeof fresh.mask);
  }
}

static int setup(int *signal_fd) {
  pid_t parent = getppid();
  g_supervisor_pid = getpid();
  setsid(); /* EPERM when already a group leader: then it already has a group of its own */
  int subreaper = prctl(PR_SET_CHILD_SUBREAPER, 1) == 0;
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (getppid() != parent) return -1; /* hookd died before the parent-death signal was armed */
  reset_ignored_signals();
  signal(SIGPIPE, SIG_IGN);
  struct rlimit files;
  if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
    files.rlim_cur = files.rlim_max;
    setrlimit(RLIMIT_NOFILE, &files);
  }
  sigset_t mask;
  sigemptyset(&mask);
  sigaddset(&mask, SIGCHLD);
  sigaddset(&mask, SIGTERM);
  sigaddset(&mask, SIGUSR1); /* blocked here so that a keeper holds them blocked from its first instruction */
  sigaddset(&mask, SIGUSR2);
  sigprocmask(SIG_BLOCK, &mask, NULL);
  sigset_t watched;
  sigemptyset(&watched);
  sigaddset(&watched, SIGCHLD);
  sigaddset(&watched, SIGTERM);
  *signal_fd = signalfd(-1, &watched, SFD_NONBLOCK | SFD_CLOEXEC);
  if (*signal_fd < 0) {
    logf_("hookd-supervisor: signalfd: %s", strerror(errno));
    return -2;
  }
  note_fd(*signal_fd);
  g_epoll = epoll_create1(EPOLL_CLOEXEC);
  if (g_epoll < 0) {
    logf_("hookd-supervisor: epoll_create1: %s", strerror(errno));
    return -2;
  }
  note_fd(g_epoll);
  fcntl(0, F_SETFD, FD_CLOEXEC);
  fcntl(1, F_SETFD, FD_CLOEXEC);
  fcntl(0, F_SETFL, fcntl(0, F_GETFL) | O_NONBLOCK);
  fcntl(1, F_SETFL, fcntl(1, F_GETFL) | O_NONBLOCK);
  char path[64];
  snprintf(path, sizeof path, "/proc/%d/task/%d/children", (int)g_supervisor_pid, (int)g_supervisor_pid);
  g_children_file = access(path, R_OK) == 0;

  char features[64];
  int n = snprintf(features, sizeof features, "subreaper=%d children=%d pool=%d", subreaper, g_children_file, POOL_IDLE_MAX);
  uint8_t *p = reply_begin(REP_READY, 0, 8 + (size_t)n);
  put_u32(p, PROTOCOL_VERSION);
  put_u32(p + 4, (uint32_t)g_supervisor_pid);
  memcpy(p + 8, features, (size_t)n);
  flush_replies();
  return 0;
}

/* Ready descriptors taken per epoll_wait; more wait for the next round (level-triggered). */
#define EVENTS_PER_ROUND 64

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "--version") == 0) {
    printf("hookd-supervisor protocol %u\n", PROTOCOL_VERSION);
    return 0;
  }
  int signal_fd;
  int ready = setup(&signal_fd);
  if (ready == -1) return 0;
  if (ready != 0) return 1;

  struct watch signals = {-1, 0, W_SIGNALS, 0, NULL, NULL};
  struct watch requests = {-1, 0, W_REQUESTS, 0, NULL, NULL};
  struct watch replies = {-1, 0, W_REPLIES, 0, NULL, NULL};
  struct epoll_event events[EVENTS_PER_ROUND];
  int stdin_open = 1;
  int64_t next_sweep = 0;

  for (;;) {
    if (g_shutting_down && g_keeper_count == 0 && !g_orphan_sweep) break;
    if (g_shutting_down && now_ms() > g_shutdown_deadline) {
      logf_("hookd-supervisor: trees still alive after %d ms; killing their keepers", SHUTDOWN_DEADLINE_MS);
      for (struct keeper *keeper = g_keepers; keeper != NULL; keeper = keeper->next)
        if (keeper->pid > 0) kill(keeper->pid, SIGKILL);
      if (g_session.pid > 0) kill(g_session.pid, SIGKILL);
      for (int round = 0; round < 40; round++) {
        reap_children();
        for (struct keeper *keeper = g_keepers; keeper != NULL; keeper = keeper->next)
          if (keeper->socket >= 0 && !read_keeper(keeper)) keeper_gone(keeper);
        free_dead_keepers();
        sweep_orphans();
        if (g_keeper_count == 0 && !g_orphan_sweep) break;
        struct timespec pause = {0, KILL_REPEAT_MS * 1000000L};
        nanosleep(&pause, NULL);
      }
      break;
    }

    int backpressure = g_out.length - g_out.start > OUT_BACKPRESSURE_BYTES;
    watch_set(&signals, signal_fd, EPOLLIN);
    watch_set(&requests, 0, stdin_open && !g_shutting_down && !backpressure ? EPOLLIN : 0);
    watch_set(&replies, 1, g_out.start < g_out.length && !g_stdout_broken ? EPOLLOUT : 0);
    for (struct run *run = g_runs; run != NULL; run = run->next)
      for (int kind = 0; kind < FD_KINDS; kind++) {
        /* Output waits for SPAWNED (a run's replies start with it) and for hookd to catch up. */
        int wanted = kind == FD_STDIN || (!backpressure && run->spawn_reported);
        watch_set(&run->watches[kind], run->fds[kind], !wanted ? 0 : kind == FD_STDIN ? EPOLLOUT : EPOLLIN);
      }
    for (struct keeper *keeper = g_keepers; keeper != NULL; keeper = keeper->next)
      watch_set(&keeper->watch, keeper->socket, keeper->socket >= 0 ? EPOLLIN : 0);
    int always_ready = requests.always && requests.fd >= 0 && stdin_open && !g_shutting_down && !backpressure;

    int timeout = -1;
    if (g_orphan_sweep) {
      int64_t wait = next_sweep - now_ms();
      timeout = wait < 0 ? 0 : (int)wait;
    }
    if (g_shutting_down) {
      int64_t wait = g_shutdown_deadline - now_ms() + 1;
      if (wait < 0) wait = 0;
      if (timeout < 0 || wait < timeout) timeout = (int)wait;
    }
    if (always_ready) timeout = 0;
    int ready_count = epoll_wait(g_epoll, events, EVENTS_PER_ROUND, timeout);
    if (ready_count < 0 && errno != EINTR) {
      logf_("hookd-supervisor: epoll_wait: %s", strerror(errno));
      return 1;
    }
    if (ready_count < 0) ready_count = 0;
    if (always_ready) events[ready_count++] = (struct epoll_event){EPOLLIN, {.ptr = &requests}};

    for (int i = 0; i < ready_count; i++) {
      struct watch *watch = events[i].data.ptr;
      if (watch->fd < 0) continue; /* closed earlier in this round */
      if (watch->kind == W_SIGNALS) {
        struct signalfd_siginfo info;
        while (read(signal_fd, &info, sizeof info) == (ssize_t)sizeof info) {
          if (info.ssi_signo == SIGTERM) begin_shutdown("SIGTERM");
        }
        reap_children();
      } else if (watch->kind == W_REQUESTS) {
        if (!read_requests()) {
          stdin_open = 0;
          begin_shutdown("stdin closed");
        }
      } else if (watch->kind == W_REPLIES) {
        /* flushed below */
      } else if (watch->kind == W_KEEPER) {
        /* keepers are freed only at the end of a round (free_dead_keepers); one whose socket closed earlier in this
           round has left the epoll set (watch->fd is -1) */
        struct keeper *keeper = watch->keeper;
        if (keeper->socket == watch->fd && !read_keeper(keeper)) keeper_gone(keeper);
      } else if (watch->run->fds[watch->kind] == watch->fd) {
        /* runs too are freed only at the end of a round (free_dead_runs) */
        struct run *run = watch->run;
        if (watch->kind == FD_STDIN) {
          write_stdin(run);
        } else {
          read_output(run, watch->kind);
        }
      }
    }
    if (g_orphan_sweep && now_ms() >= next_sweep) {
      reap_children();
      sweep_orphans();
      next_sweep = now_ms() + KILL_REPEAT_MS;
    }
    free_dead_runs();
    free_dead_keepers();
    flush_replies();
  }
  close_hook_session();
  flush_replies();
  wait_for_children(now_ms() + SHUTDOWN_DEADLINE_MS);
  return 0;
}
