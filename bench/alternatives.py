#!/usr/bin/env python3
# The containment alternatives of issue 16, measured on this machine (docs/supervisor.md "Measurements"):
# - a PID namespace per run (util-linux `unshare --pid --fork --kill-child`, with and without --user): the cost per
#   spawn over a bare posix_spawn of `sh -c true`, and whether killing it leaves a survivor of a tree with
#   grandchildren, a setsid escapee and a setsid + `env -i` escapee (PIDs found by the namespace's /proc/<pid>/ns/pid);
# - cgroup v2 `cgroup.kill`: whether a cgroup v2 hierarchy is mounted, whether this process may create a child cgroup
#   under its own (delegation), the cost of one cgroup per run (mkdir, join, rmdir), and the kill of the same tree.
# Every process and cgroup it creates it removes. Prints `name: value` lines. Usage: alternatives.py [rounds]
import os
import signal
import statistics
import subprocess
import sys
import time

ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 100
TREE = 'sleep 60 & (setsid sh -c "sleep 60" &) ; (setsid env -i /bin/sh -c "sleep 60" &) ; sleep 60 & wait'


def which(name):
    for entry in os.environ.get('PATH', '/usr/bin:/bin').split(':'):
        candidate = os.path.join(entry, name)
        if os.access(candidate, os.X_OK):
            return candidate
    return None


def spawn(argv, stdin=None):
    """posix_spawn with three pipes (as the floor probe) and a new session; returns (pid, fds)."""
    stdin_read, stdin_write = os.pipe()
    stdout_read, stdout_write = os.pipe()
    stderr_read, stderr_write = os.pipe()
    actions = [(os.POSIX_SPAWN_DUP2, stdin_read, 0), (os.POSIX_SPAWN_DUP2, stdout_write, 1), (os.POSIX_SPAWN_DUP2, stderr_write, 2)]
    pid = os.posix_spawn(which(argv[0]) or argv[0], argv, os.environ, file_actions=actions, setsid=True)
    os.close(stdin_read)
    os.close(stdout_write)
    os.close(stderr_write)
    if stdin:
        try:
            os.write(stdin_write, stdin)
        except BrokenPipeError:
            pass
    os.close(stdin_write)
    return pid, (stdout_read, stderr_read)


def run_once(argv):
    start = time.perf_counter()
    pid, fds = spawn(argv, b'{"hook_event_name":"PreToolUse"}')
    for fd in fds:
        while os.read(fd, 65536):
            pass
        os.close(fd)
    _, status = os.waitpid(pid, 0)
    elapsed = (time.perf_counter() - start) * 1000
    return elapsed, status


def spawn_costs(variants, rounds=ROUNDS):
    """Median ms of each argv, sampled round-robin (so machine load hits every variant alike); None if it fails."""
    samples = {name: [] for name in variants}
    failed = {}
    for round in range(rounds + 10):
        for name, argv in variants.items():
            if name in failed:
                continue
            elapsed, status = run_once(argv)
            if status != 0:
                failed[name] = f'exit status {status}'
            elif round >= 10:
                samples[name].append(elapsed)
    return {name: (None, failed[name]) if name in failed else (statistics.median(samples[name]), None) for name in variants}


def comm(pid):
    try:
        with open(f'/proc/{pid}/comm') as file:
            return file.read().strip()
    except OSError:
        return ''


def alive(pid):
    try:
        with open(f'/proc/{pid}/stat') as stat:
            return stat.read().split(') ')[1][0] != 'Z'
    except OSError:
        return False


def wait_until(predicate, seconds=5.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.0005)
    return predicate()


def pids_in_namespace(ns_link):
    members = []
    for entry in os.listdir('/proc'):
        if entry.isdigit():
            try:
                if os.readlink(f'/proc/{entry}/ns/pid') == ns_link:
                    members.append(int(entry))
            except OSError:
                pass
    return members


def children(pid):
    try:
        with open(f'/proc/{pid}/task/{pid}/children') as file:
            return [int(child) for child in file.read().split()]
    except OSError:
        return []


def namespace_kill(argv_prefix, kill_what):
    """Start TREE in a new PID namespace; SIGKILL the unshare process ('parent') or the namespace's init ('init');
    (members before, survivors, ms until every member is gone)."""
    pid, fds = spawn(argv_prefix + ['sh', '-c', TREE])
    init = []
    wait_until(lambda: bool(init.extend(children(pid)) or init))
    if not init:
        return None
    ns_link = os.readlink(f'/proc/{init[0]}/ns/pid')
    # sh, the two plain sleeps, the two escapee sleeps (their setsid shells exec sleep or exit)
    wait_until(lambda: sum(1 for member in pids_in_namespace(ns_link) if comm(member) == 'sleep') >= 4)
    members = pids_in_namespace(ns_link)
    start = time.perf_counter()
    os.kill(pid if kill_what == 'parent' else init[0], signal.SIGKILL)
    gone = wait_until(lambda: not any(alive(member) for member in members), 2.0)
    elapsed = (time.perf_counter() - start) * 1000
    survivors = [member for member in members if alive(member)]
    for member in survivors:
        os.kill(member, signal.SIGKILL)
    for fd in fds:
        os.close(fd)
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass
    return len(members), survivors, elapsed if gone else None


def cgroup2_mount():
    with open('/proc/mounts') as mounts:
        for line in mounts:
            fields = line.split()
            if fields[2] == 'cgroup2':
                return fields[1]
    return None


def own_cgroup2():
    with open('/proc/self/cgroup') as file:
        for line in file:
            if line.startswith('0::'):
                return line[3:].strip()
    return None


def report(name, value):
    print(f'{name}: {value}')
    sys.stdout.flush()


def pid_namespace():
    unshare = which('unshare')
    if not unshare:
        report('pid namespace', 'no unshare binary')
        return
    variants = [('unshare --pid --fork --kill-child', ['unshare', '--pid', '--fork', '--kill-child']),
                ('unshare --user --map-root-user --pid --fork --kill-child', ['unshare', '--user', '--map-root-user', '--pid', '--fork', '--kill-child'])]
    costs = spawn_costs({'floor': ['sh', '-c', 'true'], **{name: prefix + ['sh', '-c', 'true'] for name, prefix in variants}})
    floor = costs['floor'][0]
    report('floor posix_spawn sh -c true + wait (ms)', f'{floor:.3f}')
    for name, prefix in variants:
        cost, problem = costs[name]
        if cost is None:
            report(f'{name} sh -c true (ms)', f'not allowed here ({problem})')
            continue
        report(f'{name} sh -c true (ms)', f'{cost:.3f} = {cost / floor:.2f}x floor, +{cost - floor:.3f} ms per spawn')
        for what in ('parent', 'init'):
            outcome = namespace_kill(prefix, what)
            if outcome is None:
                report(f'{name}: SIGKILL {what}', 'could not find the namespace')
                continue
            members, survivors, elapsed = outcome
            dead = f'all dead in {elapsed:.2f} ms' if elapsed is not None else 'NOT all dead within 2 s'
            report(f'{name}: SIGKILL of the {"unshare process" if what == "parent" else "namespace init"}', f'{members} processes (setsid and setsid+env -i escapees included), {len(survivors)} survivors, {dead}')
    prefix = ['unshare', '--pid', '--fork']
    outcome = namespace_kill(prefix, 'parent')
    if outcome:
        members, survivors, _ = outcome
        report('unshare --pid --fork (no --kill-child): SIGKILL of the unshare process', f'{members} processes, {len(survivors)} survivors (killed by this script afterwards)')


def cgroup_kill():
    mount = cgroup2_mount()
    if not mount:
        report('cgroup v2', 'no cgroup2 hierarchy mounted')
        return
    own = own_cgroup2()
    base = os.path.join(mount, (own or '/').lstrip('/'))
    report('cgroup v2', f'mounted at {mount} ({"unified" if mount == "/sys/fs/cgroup" else "hybrid: v1 controllers elsewhere"}); this process is in {own}; controllers: "{open(os.path.join(mount, "cgroup.controllers")).read().strip()}"')
    report('cgroup.kill in own cgroup', 'present' if os.path.exists(os.path.join(base, 'cgroup.kill')) else 'absent (the root cgroup has none)')
    probe = os.path.join(base, f'hookd-bench-{os.getpid()}')
    try:
        os.mkdir(probe)
    except OSError as error:
        report('child cgroup (delegation)', f'cannot create one under {base}: {error.strerror} — no delegated cgroup')
        return
    try:
        report('child cgroup (delegation)', f'created {probe} (uid {os.getuid()}: {"root, not a delegation a user install would have" if os.getuid() == 0 else "delegated"}); cgroup.kill {"present" if os.path.exists(os.path.join(probe, "cgroup.kill")) else "absent"}')
        samples = []
        for round in range(ROUNDS):
            start = time.perf_counter()
            run = os.path.join(base, f'hookd-bench-{os.getpid()}-{round}')
            os.mkdir(run)
            os.rmdir(run)
            samples.append((time.perf_counter() - start) * 1000)
        report('cgroup mkdir + rmdir per run (ms)', f'{statistics.median(samples):.3f}')
        costs = spawn_costs({'floor': ['sh', '-c', 'true'], 'joined': ['sh', '-c', f'echo $$ > {probe}/cgroup.procs; exec true']})
        floor = costs['floor'][0]
        joined, problem = costs['joined']
        if joined is not None:
            report('spawn that joins the cgroup first (sh: echo $$ > cgroup.procs; exec true) (ms)', f'{joined:.3f} vs floor {floor:.3f} (+{joined - floor:.3f} ms; clone3(CLONE_INTO_CGROUP) would avoid the extra exec)')
        else:
            report('spawn that joins the cgroup', f'failed ({problem})')
        if not os.path.exists(os.path.join(probe, 'cgroup.kill')):
            return
        pid, fds = spawn(['sh', '-c', f'echo $$ > {probe}/cgroup.procs; exec sh -c \'{TREE}\''])
        procs = lambda: [int(line) for line in open(os.path.join(probe, 'cgroup.procs')).read().split()]
        wait_until(lambda: len(procs()) >= 5)
        members = procs()
        start = time.perf_counter()
        with open(os.path.join(probe, 'cgroup.kill'), 'w') as kill:
            kill.write('1')
        emptied = wait_until(lambda: 'populated 0' in open(os.path.join(probe, 'cgroup.events')).read(), 2.0)
        elapsed = (time.perf_counter() - start) * 1000
        survivors = [member for member in members if alive(member)]
        report('cgroup.kill of the tree', f'{len(members)} processes (setsid and setsid+env -i escapees included), {len(survivors)} survivors, cgroup empty in {elapsed:.2f} ms' if emptied else 'cgroup NOT empty within 2 s')
        for fd in fds:
            os.close(fd)
        os.waitpid(pid, 0)
    finally:
        for member in [int(line) for line in open(os.path.join(probe, 'cgroup.procs')).read().split()]:
            os.kill(member, signal.SIGKILL)
        wait_until(lambda: not open(os.path.join(probe, 'cgroup.procs')).read().strip(), 2.0)
        os.rmdir(probe)


pid_namespace()
cgroup_kill()
