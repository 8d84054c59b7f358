#!/usr/bin/env python3
"""Mutation run over the rules, the engine, the referee, the camera or the session code: makes one small change at a time to
a source file (a comparison turned round, && for ||, a ! dropped, true for false, a + 1 dropped, a
statement deleted), rebuilds the suite's tests and runs them. A change no test notices ("SURVIVED")
is either one that changes nothing a player could see (a guard that another guard already makes, a
loop bound past the end that finds nothing) or a rule no fast test pins. Read each survivor and say
which.

  usage: scripts/mutation-test.py OUT.tsv core/FILE.cpp... [--jobs N]
                                 [--suite rules|engine|referee|camera|session|display]
                                 [--from-line N] [--only GTEST_FILTER]

The rules suite (the default) runs the rules and core tests; the engine suite, for the search and
the evaluation, the engine tests; the referee suite, for the referee code, the referee tests; the
camera suite, for hardware/camera, the camera tests on rendered scenes; the session suite, for
host/session, host/views, host/web, host/table and host/inputs, the session tests (about thirty seconds a change); the display suite,
for host/views/display, the display tests. Works
on copies of the committed tree (git worktrees under /tmp/tessera-mutation-SUITE-N; the rules and
engine suites' built with TESSERA_CORE_ONLY), never on this checkout; OUT.tsv gets one line per
change (file, line, change, verdict, seconds, the line as it was) and a run that is stopped goes on
where it was when started again with the same OUT.tsv. About four seconds a change on one core (the
engine suite: about twenty; the referee suite: ten to twenty); --jobs N shares the changes out over N
worktrees, one file's as well as many files'. --from-line N leaves each file's lines before N alone: a run whose OUT.tsv is lost goes on
from the line its notes name. --only runs, for each change, only the tests a GoogleTest filter names
(every suite but the rules): for a file that only those tests reach, the same verdicts in a
fraction of the time (core/protocol/xboard.cpp with --only 'EngineXboard.*': about ten seconds a change
rather than thirty). The tests are all run once before the first change either way.
"""
import collections
import os
import re
import signal
import subprocess
import sys
import threading
import time

CHANGES = [
    (r' < ', ' <= '), (r' <= ', ' < '), (r' > ', ' >= '), (r' >= ', ' > '),
    (r' == ', ' != '), (r' != ', ' == '),
    (r' && ', ' || '), (r' \|\| ', ' && '),
    (r'return true;', 'return false;'), (r'return false;', 'return true;'),
    (r' \+ 1\b', ''), (r' - 1\b', ''),
    (r'(?<![=!<>])!(?=[A-Za-z_(])', ''),
]
# Lines that are one whole statement: a jump, an assignment or a call.
DELETABLE = re.compile(r'^\s*(if \(.*\) )?(continue|break|return[^;]*);\s*$'
                       r'|^\s*[A-Za-z_][\w.\->\[\]]*\s*(\+=|-=|=|\|=|&=|\^=)[^=].*;\s*$'
                       r'|^\s*[A-Za-z_][\w.\->]*\(.*\);\s*$')
# What each suite builds (its CMake options, its targets) and runs. The rules code is tried against
# the fast rules tests; the referee code (reconcile, the sensor views, board corrections) against the
# referee tests.
SUITES = {
    'rules': {
        'configure': ['-DTESSERA_CORE_ONLY=ON'],
        'build': 'cmake --build build --target tessera_rules_tests -j1',
        'tests': ('build/tests/rules/tessera_rules_tests --gtest_brief=1 '
                  '--gtest_filter=-RandomVariants.*:MoveTextRoundTrip.* >/dev/null 2>&1'),
    },
    'engine': {
        'configure': ['-DTESSERA_CORE_ONLY=ON'],
        'build': 'cmake --build build --target tessera_engine_tests -j1',
        'tests': 'build/tests/engine/tessera_engine_tests --gtest_brief=1 >/dev/null 2>&1',
    },
    'referee': {
        'configure': [],
        'build': 'cmake --build build --target tessera_referee_tests -j1',
        'tests': 'build/tests/referee/tessera_referee_tests --gtest_brief=1 >/dev/null 2>&1',
    },
    # The camera pipeline against the rendered scenes; the whole-game replays and the colour-space
    # measurement take most of the 45 s, so --only can leave all but some out.
    'camera': {
        'configure': [],
        'build': 'cmake --build build --target tessera_camera_tests -j1',
        'tests': 'build/tests/camera/tessera_camera_tests --gtest_brief=1 >/dev/null 2>&1',
    },
    # What the attached display draws: the board, its marks and the status band (host/views/display).
    'display': {
        'configure': [],
        'build': 'cmake --build build --target tessera_display_tests -j1',
        'tests': 'build/tests/display/tessera_display_tests --gtest_brief=1 >/dev/null 2>&1',
    },
    # The referee session, its engine in the background, the display view, the web page, the clock
    # and the switch board's way in: host/session, host/views, host/web, host/table and host/inputs.
    'session': {
        'configure': [],
        'build': 'cmake --build build --target tessera_session_tests -j1',
        'tests': 'build/tests/host/tessera_session_tests --gtest_brief=1 >/dev/null 2>&1',
    },
}


def changes_of(path):
    lines = open(path).read().split('\n')
    found = []
    for i, line in enumerate(lines):
        code = line.split('//')[0]
        s = code.strip()
        if not s or s.startswith(('#', '*', '/*')) or 'template' in code or 'static_assert' in code:
            continue
        for pattern, replacement in CHANGES:
            for m in re.finditer(pattern, code):
                if code[:m.start()].count('"') % 2 == 1:
                    continue  # inside a string
                found.append((i, pattern + '->' + replacement, line[:m.start()] + replacement + line[m.end():]))
        left = s.split('=')[0]
        if DELETABLE.match(code) and not s.startswith('}') and 'const ' not in left and 'auto ' not in left:
            found.append((i, 'delete', None))
    return lines, found


def sh(command, cwd, timeout):
    # Its own process group, so that a change that makes a test loop for ever is stopped whole.
    p = subprocess.Popen(command, cwd=cwd, shell=True, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        return p.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()
        return 'timeout'


def worktree(repo, suite, n):
    path = f'/tmp/tessera-mutation-{suite}-{n}'
    if not os.path.isdir(path):
        subprocess.run(['git', '-C', repo, 'worktree', 'add', '-q', '--detach', path, 'HEAD'], check=True)
        subprocess.run(['cmake', '-S', '.', '-B', 'build', '-G', 'Ninja', '-DCMAKE_BUILD_TYPE=Release']
                       + SUITES[suite]['configure'], cwd=path, check=True, stdout=subprocess.DEVNULL)
    head = subprocess.run(['git', '-C', repo, 'rev-parse', 'HEAD'], check=True, capture_output=True, text=True).stdout.strip()
    subprocess.run(['git', '-C', path, 'checkout', '-q', '--force', '--detach', head], check=True)
    # The first build of a worktree uses every core; the builds of the changes, one each.
    if sh(SUITES[suite]['build'].replace('-j1', f'-j{os.cpu_count()}'), path, 3600) != 0:
        sys.exit(f'mutation-test: {path} does not build as committed')
    if sh(SUITES[suite]['tests'], path, 600) != 0:
        sys.exit(f'mutation-test: the tests fail in {path} before any change')
    return path


def pending_changes(path, files, first_line, done):
    """Every change still to make, in file and line order: those before first_line and those the
    record already holds (a line can hold the same change twice, two ==, counted in order) left out."""
    pending = []
    for f in files:
        lines, found = changes_of(os.path.join(path, f))
        for i, what, new in found:
            if i + 1 < first_line:
                continue
            if done[(f, i + 1, what)] > 0:
                done[(f, i + 1, what)] -= 1
                continue
            pending.append((f, lines, i, what, new))
    return pending


def run(suite, path, only, pending, out, lock):
    """Takes the next change from the shared list until none is left: each worktree makes one change
    at a time to its own copy and puts the file back after it, so the workers share one file's
    changes as well as many files'."""
    build, tests = SUITES[suite]['build'], SUITES[suite]['tests']
    if only:
        tests = tests.replace('--gtest_brief=1', f"--gtest_brief=1 --gtest_filter='{only}'")
    while True:
        with lock:
            if not pending:
                break
            f, lines, i, what, new = pending.pop(0)
        full = os.path.join(path, f)
        original = '\n'.join(lines)
        try:
            open(full, 'w').write('\n'.join(lines[:i] + ([] if new is None else [new]) + lines[i + 1:]))
            started = time.time()
            if sh(build, path, 600) != 0:
                verdict = 'nocompile'
            else:
                verdict = 'killed' if sh(tests, path, 120) != 0 else 'SURVIVED'
        finally:
            open(full, 'w').write(original)
        with lock:
            out.write(f'{f}\t{i + 1}\t{what}\t{verdict}\t{time.time() - started:.1f}\t{lines[i].strip()}\n')
            out.flush()
    sh(build, path, 3600)


def main():
    args = sys.argv[1:]

    def option(name, default):
        if name not in args:
            return default
        k = args.index(name)
        if k + 1 == len(args):
            sys.exit(f'mutation-test: {name} needs a value')
        value = args[k + 1]
        del args[k:k + 2]
        return value

    jobs = option('--jobs', '1')
    if not jobs.isdigit() or int(jobs) < 1:
        sys.exit(f"mutation-test: --jobs must be a whole number from 1 up, got '{jobs}'")
    jobs = int(jobs)
    first_line = option('--from-line', '1')
    if not first_line.isdigit() or int(first_line) < 1:
        sys.exit(f"mutation-test: --from-line must be a line number from 1 up, got '{first_line}'")
    first_line = int(first_line)
    suite = option('--suite', 'rules')
    if suite not in SUITES:
        sys.exit(f'mutation-test: no suite {suite} (there are: {", ".join(SUITES)})')
    only = option('--only', '')
    if only and suite == 'rules':
        sys.exit('mutation-test: --only is for every suite but the rules (the rules suite runs two programs)')
    if not re.fullmatch(r'[\w.*?:\-/]*', only):
        sys.exit(f"mutation-test: --only takes a GoogleTest filter (names, '.', '*', '?', ':', '-'), got '{only}'")
    if len(args) < 2 or not args[0].endswith('.tsv'):
        sys.exit(__doc__)
    outpath, files = args[0], args[1:]
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for f in files:
        if not os.path.isfile(os.path.join(repo, f)):
            sys.exit(f'mutation-test: no file {f}')
    done = collections.Counter()
    if os.path.exists(outpath):
        for line in open(outpath):
            p = line.split('\t')
            done[(p[0], int(p[1]), p[2])] += 1
    paths = [worktree(repo, suite, n) for n in range(jobs)]
    pending = pending_changes(paths[0], files, first_line, done)
    lock = threading.Lock()
    with open(outpath, 'a') as out:
        workers = [threading.Thread(target=run, args=(suite, paths[n], only, pending, out, lock)) for n in range(jobs)]
        for w in workers:
            w.start()
        for w in workers:
            w.join()
    counts = {}
    for line in open(outpath):
        p = line.split('\t')
        counts.setdefault(p[0], {}).setdefault(p[3], 0)
        counts[p[0]][p[3]] += 1
    for f, c in counts.items():
        print(f'{f}: ' + ', '.join(f'{v} {k}' for k, v in sorted(c.items())))


main()
