#!/bin/sh
# tests/scale-engines.sh - the README's "Scaling out" recipes run on real
# engines, on loopback only (nothing leaves 127.0.0.1), run by .ci/run:
#  1. GNU parallel with -S 1/: (the local host as an ssh login, through
#     parallel's remote-job machinery), --joblog and --retries: shards of a
#     pzstd file, then merge == one run, output and exit status;
#  2. sshd on 127.0.0.1 on a free port with a throwaway key, and
#     parallel -S 1/127.0.0.1: the same over a real ssh connection;
#  3. a Dask LocalCluster with two workers (Debian python3-distributed),
#     client.map over the shards with retries, then merge.
# Each part installs its Debian package when root and missing (openssh-server
# is unpacked into a temporary folder, never installed as a service; only its
# "sshd" system user is added, as its install would), and is
# skipped, saying so, when it cannot; the script exits 77 when every part was
# skipped.
set -eu
LC_ALL=C; export LC_ALL
: "${TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${PGNARBITER:=$TOP_SRCDIR/src/pgnarbiter}"
tmp=$(mktemp -d)
sshd_pid=
cleanup() {
    [ -n "$sshd_pid" ] && kill "$sshd_pid" 2>/dev/null || true
    rm -rf "$tmp"
}
trap cleanup EXIT INT TERM
passed=0 failed=0 skipped=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
skip() { skipped=$((skipped + 1)); echo "SKIP: $*"; }

# need PROGRAM PACKAGE: PROGRAM is there, or PACKAGE was installed
need() {
    command -v "$1" >/dev/null 2>&1 && return 0
    [ "$(id -u)" = 0 ] || return 1
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$2" \
        >"$tmp/apt.log" 2>&1 || return 1
    command -v "$1" >/dev/null 2>&1
}

# The input: sample.pgn three times over, cut into frames by pzstd's format
# (pzstd of each part, concatenated), so shards hold whole frames.
mkdir "$tmp/data" "$tmp/bin"
ln -s "$PGNARBITER" "$tmp/bin/pgnarbiter"
PATH="$tmp/bin:$PATH"; export PATH
input=$tmp/data/games.pgn.zst
if command -v zstd >/dev/null 2>&1; then
    for i in 1 2 3; do zstd -q -c "$TOP_SRCDIR/testdata/sample.pgn"; done >"$input"
else
    cp "$TOP_SRCDIR/testdata/containers/sample-pzstd.pgn.zst" "$input"
fi
one_status=0
pgnarbiter --quiet --format=jsonl "$input" >"$tmp/one.jsonl" || one_status=$?

# merged WHAT: merge the shards in $tmp/out and compare with one run
merged() {
    status=0
    pgnarbiter merge --quiet --format=jsonl "$tmp"/out/*.jsonl >"$tmp/merged.jsonl" || status=$?
    if cmp -s "$tmp/one.jsonl" "$tmp/merged.jsonl" && [ "$status" = "$one_status" ]; then ok; else
        bad "$1: merge differs from one run (exit $status, one run $one_status)"; fi
    rm -rf "$tmp/out"
}

# 1. GNU parallel, -S 1/: (the local login).
N=5
if need parallel parallel; then
    mkdir -p "$tmp/out"
    # shellcheck disable=SC2016
    if parallel --will-cite --joblog "$tmp/joblog" --retries 2 -S 1/: \
        'pgnarbiter --quiet --shard {}/'"$N"' -o '"$tmp"'/out/{}.jsonl '"$input"'; [ $? -le 1 ]' \
        ::: $(seq $N) && [ "$(wc -l <"$tmp/joblog")" -eq $((N + 1)) ]; then
        merged "parallel -S 1/:"
    else
        bad "parallel -S 1/: failed (joblog: $(cat "$tmp/joblog" 2>/dev/null))"
    fi
else
    skip "GNU parallel is not installed and cannot be"
fi

# 2. sshd on loopback with a throwaway key.
sshd=
if command -v parallel >/dev/null 2>&1 && command -v ssh >/dev/null 2>&1 &&
    command -v ssh-keygen >/dev/null 2>&1; then
    sshd=$(command -v sshd || true)
    if [ -z "$sshd" ] && [ "$(id -u)" = 0 ] &&
        (cd "$tmp" && apt-get download openssh-server libwrap0 >/dev/null 2>&1); then
        for deb in "$tmp"/openssh-server_*.deb "$tmp"/libwrap0_*.deb; do
            dpkg -x "$deb" "$tmp/sshd-root"
        done
        sshd=$tmp/sshd-root/usr/sbin/sshd
        LD_LIBRARY_PATH=$(dirname "$(find "$tmp/sshd-root" -name 'libwrap.so.0*' | head -n 1)")
        export LD_LIBRARY_PATH
    fi
fi
if [ -n "$sshd" ] && [ -x "$sshd" ] && [ "$(id -u)" = 0 ]; then
    k=$tmp/ssh
    mkdir -m 700 "$k"
    ssh-keygen -q -t ed25519 -N '' -f "$k/host" && ssh-keygen -q -t ed25519 -N '' -f "$k/user"
    cp "$k/user.pub" "$k/authorized_keys"
    port=$(( 20000 + $$ % 20000 ))
    # what openssh-server's own install makes: its privilege separation user and folder
    getent passwd sshd >/dev/null ||
        useradd --system --no-create-home --home-dir /run/sshd --shell /usr/sbin/nologin sshd
    mkdir -p /run/sshd 2>/dev/null || true
    "$sshd" -D -e -f /dev/null -h "$k/host" -p "$port" -o ListenAddress=127.0.0.1 \
        -o AuthorizedKeysFile="$k/authorized_keys" -o PasswordAuthentication=no \
        -o StrictModes=no -o PermitRootLogin=prohibit-password -o UsePAM=no \
        -o PidFile=none -o "SetEnv=PATH=$tmp/bin:/usr/bin:/bin" 2>"$tmp/sshd.log" &
    sshd_pid=$!
    # The known hosts go to a file of our own: given /dev/null, ssh rewrites
    # the file it is given through a temporary file and a rename (host key
    # updates), and /dev/null became a regular file for everything after.
    ssh_cmd="ssh -p $port -i $k/user -o StrictHostKeyChecking=no -o UserKnownHostsFile=$k/known_hosts -o UpdateHostKeys=no -o LogLevel=ERROR -o BatchMode=yes"
    i=0
    until $ssh_cmd 127.0.0.1 true 2>/dev/null || [ $i -ge 20 ]; do sleep 0.25; i=$((i + 1)); done
    unset LD_LIBRARY_PATH
    mkdir -p "$tmp/out"
    if ! $ssh_cmd 127.0.0.1 true 2>/dev/null; then
        bad "sshd on 127.0.0.1:$port did not start: $(tail -3 "$tmp/sshd.log")"
    elif parallel --will-cite --joblog "$tmp/joblog2" --retries 2 --ssh "$ssh_cmd" -S 1/127.0.0.1 \
        'PATH='"$tmp"'/bin:$PATH; pgnarbiter --quiet --shard {}/'"$N"' -o '"$tmp"'/out/{}.jsonl '"$input"'; [ $? -le 1 ]' \
        ::: $(seq $N); then
        merged "parallel over ssh to 127.0.0.1"
    else
        bad "parallel over ssh to 127.0.0.1 failed: $(tail -3 "$tmp/sshd.log")"
    fi
    kill "$sshd_pid" 2>/dev/null || true
    sshd_pid=
    [ -c /dev/null ] || bad "/dev/null is no longer a character device after the ssh runs"
else
    skip "no sshd (openssh-server cannot be unpacked) or not root"
fi

# 3. Dask LocalCluster, two workers.
py=/usr/bin/python3
if [ -x $py ] && ! $py -c 'import distributed' 2>/dev/null && [ "$(id -u)" = 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends python3-distributed \
        >"$tmp/apt.log" 2>&1 || true
fi
if [ -x $py ] && $py -c 'import distributed' 2>/dev/null; then
    mkdir -p "$tmp/out"
    # (a file, not standard input: the worker processes import it)
    cat >"$tmp/shards_dask.py" <<'EOF'
import os, subprocess
from dask.distributed import Client, LocalCluster

N, out, path = int(os.environ["PGN_N"]), os.environ["PGN_OUT"], os.environ["PGN_INPUT"]

def shard(k):
    dest = f"{out}/{k}.jsonl"
    r = subprocess.run(["pgnarbiter", "--quiet", f"--shard={k}/{N}", "-o", dest, path])
    if r.returncode > 1:
        raise RuntimeError(f"shard {k}/{N}: exit status {r.returncode}")
    return dest

if __name__ == "__main__":
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      host="127.0.0.1", dashboard_address=None) as cluster, Client(cluster) as client:
        print(client.gather(client.map(shard, range(1, N + 1), retries=2)))
EOF
    if PGN_INPUT=$input PGN_OUT=$tmp/out PGN_N=$N timeout 300 $py "$tmp/shards_dask.py" \
        >"$tmp/dask.log" 2>&1; then
        merged "Dask LocalCluster"
    else
        bad "Dask LocalCluster: $(tail -5 "$tmp/dask.log")"
    fi
else
    skip "Debian python3-distributed is not installed and cannot be"
fi

echo "scale-engines: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ] || exit 1
[ "$passed" -gt 0 ] || exit 77
