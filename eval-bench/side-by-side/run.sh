#!/usr/bin/env bash
# Side-by-side harness benchmark against a mock A2A agent on loopback (agent-eval, promptfoo, a bare
# client). Adapted from the kit in ../shared/bench: the same mock, suites and checks; agent-eval is
# started through its distribution launcher. Usually run through `eval-bench/run side-by-side N L C`.
#
#   eval-bench/side-by-side/run.sh N LATENCY_MS CONCURRENCY
#
# For every tool in $TOOLS (default: promptfoo) and every repetition it:
#   1. starts a fresh mock-agent.mjs on 127.0.0.1 (free port) with --latency-ms LATENCY_MS,
#   2. generates that tool's suite (N tests, q = "question i", assertion: output contains "ok:"),
#   3. runs the tool under /usr/bin/time -v with concurrency C (wall clock, peak RSS, CPU),
#   4. checks that all N tests passed with the exact output "ok: question i" and that the mock
#      received exactly N JSON-RPC requests, reads maxInFlight from GET /stats,
#   5. prints one line, then stops the mock it started (by PID).
#
# Line fields (the first nine are the headline figures):
#   <tool> N= L= C= wall_s= ideal_s=(N*L/C/1000) efficiency=(ideal/wall) peak_rss_mb= passed=<ok>/<N>
#   requests=    JSON-RPC POSTs the mock received (must equal N)
#   max_inflight= highest number of concurrent requests the mock saw (should equal min(C,N);
#                not checked when L=0, where a single-threaded mock cannot observe overlap)
#   avg_inflight= time-weighted mean in-flight over span_s: the concurrency actually sustained
#   conns=       TCP connections the mock accepted (N+1 => no keep-alive reuse; +1 is our /stats)
#   cpu_s=       user+sys CPU of the tool process tree (from time -v)
#   startup_s=   tool launch -> first request at the mock   (process start, config load, DB...)
#   span_s=      first request arrival -> last response sent (the request phase proper)
#   teardown_s=  last response -> tool process exit          (aggregation, output files, exit)
#   span_eff=    ideal_s / span_s (efficiency with startup/teardown taken out)
#   rps=         N / span_s
#   mock_cpu_s=  CPU the mock itself burned during the run (same mock for every tool)
#   db=          promptfoo only: off (--no-write, default here) / on (its default SQLite writes)
#   netns=       isolated (own network namespace, loopback only) or host
#   status=      OK, or what failed
#
# Environment knobs:
#   TOOLS="promptfoo javacli baseline"  tools to run (default all three), in that order; the order
#                              flips on every other rep.
#                              Known: promptfoo, javacli (agent-eval CLI), baseline (raw Node client)
#   JAVACLI_HOME=DIR     agent-eval checkout with agent-eval-dist built (default: this repository)
#   JAVACLI_BIN=PATH     the agent-eval launcher to time (default: the distribution built in JAVACLI_HOME)
#   JAVACLI_DIALECT=platform   platform (contains "ok:") or harness (must_include "ok:")
#   REPS=1                     timed repetitions per tool
#   WARMUP=1                   one untimed small run per tool first (warms the OS file cache)
#   PF_WRITE=0                 1 = let promptfoo write its SQLite DB (promptfoo's own default)
#   PROMPTFOO_BIN=PATH   (default: $HOME/.cache/agent-eval-peers/node_modules/.bin/promptfoo)
#   NODE_BIN=/usr/bin/node     node used for the mock agent and the helper scripts
#   KEEP=0                     1 = keep each run's temp dir (always kept when a run fails)
#   BENCH_ALLOW_HOST_NET=0     1 = run without a private network namespace if unshare is not
#                              permitted (outbound attempts are then sent to a dead loopback proxy)
#
# Network safety: by default the whole script re-executes itself inside `unshare -rn` (a new
# user+network namespace whose only interface is lo), so neither the mock, the tools nor anything
# they spawn can reach an address outside 127.0.0.0/8. promptfoo 0.118.17 still tries to POST a
# "telemetry disabled" event to r.promptfoo.app even with PROMPTFOO_DISABLE_TELEMETRY=1; inside
# the namespace that DNS lookup fails at once (ENETUNREACH) and nothing leaves the machine.
set -euo pipefail

BENCH_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SELF="$BENCH_DIR/$(basename "${BASH_SOURCE[0]}")"

usage() { sed -n '6,9p' "$SELF" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[[ $# -eq 3 ]] || usage
N="$1"; L="$2"; C="$3"
[[ "$N" =~ ^[1-9][0-9]*$ && "$L" =~ ^[0-9]+$ && "$C" =~ ^[1-9][0-9]*$ ]] || usage

# ---------------------------------------------------------------- network isolation
NETNS=host
if [[ "${BENCH_IN_NETNS:-0}" == 1 ]]; then
  NETNS=isolated
  ip link set lo up
  if ip -o link show | grep -v ': lo:' | grep -q .; then
    echo "ERROR: namespace has interfaces besides lo" >&2; exit 2
  fi
elif command -v unshare >/dev/null && command -v ip >/dev/null && unshare -rn true 2>/dev/null; then
  exec unshare -rn env BENCH_IN_NETNS=1 bash "$SELF" "$@"
elif [[ "${BENCH_ALLOW_HOST_NET:-0}" == 1 ]]; then
  echo "WARN: no private network namespace; trapping outbound HTTP(S) with a dead loopback proxy" >&2
  export HTTP_PROXY=http://127.0.0.1:9 HTTPS_PROXY=http://127.0.0.1:9 ALL_PROXY=http://127.0.0.1:9
  export http_proxy=$HTTP_PROXY https_proxy=$HTTPS_PROXY all_proxy=$ALL_PROXY
  export NO_PROXY=127.0.0.1,localhost no_proxy=127.0.0.1,localhost
else
  echo "ERROR: cannot create a private network namespace (unshare -rn)." >&2
  echo "       Re-run with BENCH_ALLOW_HOST_NET=1 to accept the weaker loopback-proxy guard." >&2
  exit 2
fi
if [[ "$NETNS" == isolated ]]; then
  unset HTTP_PROXY HTTPS_PROXY ALL_PROXY http_proxy https_proxy all_proxy
fi
unset NODE_OPTIONS JAVA_TOOL_OPTIONS _JAVA_OPTIONS || true

# ---------------------------------------------------------------- settings
TOOLS="${TOOLS:-promptfoo javacli baseline}"
REPS="${REPS:-1}"
WARMUP="${WARMUP:-1}"
PF_WRITE="${PF_WRITE:-0}"
KEEP="${KEEP:-0}"
PROMPTFOO_BIN="${PROMPTFOO_BIN:-$HOME/.cache/agent-eval-peers/node_modules/.bin/promptfoo}"
NODE_BIN="${NODE_BIN:-/usr/bin/node}"
TIME_BIN=/usr/bin/time
[[ -x "$TIME_BIN" ]] || { echo "ERROR: $TIME_BIN (GNU time) is required" >&2; exit 2; }
SCRATCH="$(mktemp -d "${TMPDIR:-/tmp}/a2a-bench.XXXXXX")"

now_ms() { local ns; ns=$(date +%s%N); echo "$((ns / 1000000)).$(printf '%06d' $((ns % 1000000)))"; }

# ---------------------------------------------------------------- mock agent
MOCK_PID=""; MOCK_URL=""
start_mock() { # WORKDIR LATENCY
  "$NODE_BIN" "$BENCH_DIR/mock-agent.mjs" --port 0 --latency-ms "$2" >"$1/mock.out" 2>"$1/mock.err" &
  MOCK_PID=$!
  local i
  for i in $(seq 1 200); do
    MOCK_URL=$(sed -n 's/^READY //p' "$1/mock.out" 2>/dev/null || true)
    [[ -n "$MOCK_URL" ]] && return 0
    kill -0 "$MOCK_PID" 2>/dev/null || break
    sleep 0.05
  done
  echo "ERROR: mock agent did not start: $(cat "$1/mock.err")" >&2
  return 1
}
stop_mock() {
  if [[ -n "$MOCK_PID" ]]; then
    kill -TERM "$MOCK_PID" 2>/dev/null || true
    wait "$MOCK_PID" 2>/dev/null || true
  fi
  MOCK_PID=""; MOCK_URL=""
}
mock_stats() { # prints the /stats JSON (loopback only)
  if command -v curl >/dev/null; then
    curl -sS --max-time 5 --noproxy '*' "$MOCK_URL/stats"
  else
    "$NODE_BIN" -e 'fetch(process.argv[1]).then(r=>r.text()).then(t=>process.stdout.write(t))' "$MOCK_URL/stats"
  fi
}
trap 'stop_mock; [[ "$KEEP" == 1 ]] || rm -rf "$SCRATCH" 2>/dev/null || true' EXIT

# ================================================================ tool adapters
# Contract for a tool named T:
#   prepare_T WORKDIR URL N C  -> writes the tool's suite into WORKDIR and fills the arrays
#                                 TOOL_CMD (argv to time) and TOOL_ENV (VAR=VALUE for env(1)).
#                                 Return non-zero to skip the tool (e.g. not built yet).
#   check_T   WORKDIR N        -> prints how many of the N tests passed AND carry the exact output
#                                 "ok: question i" (read from the tool's own result file).
# The tool runs with cwd=WORKDIR, stdin=/dev/null, stdout/stderr to WORKDIR/tool.{out,err}.

# ---- promptfoo --------------------------------------------------------------
PF_TEMPLATE_HOME=""
pf_template_home() { # a config dir with an already-migrated, empty promptfoo.db (created once)
  if [[ -z "$PF_TEMPLATE_HOME" ]]; then
    PF_TEMPLATE_HOME="$SCRATCH/pfhome-template"
    mkdir -p "$PF_TEMPLATE_HOME"
    env PROMPTFOO_CONFIG_DIR="$PF_TEMPLATE_HOME" PROMPTFOO_DISABLE_TELEMETRY=1 PROMPTFOO_DISABLE_UPDATE=1 \
      "$PROMPTFOO_BIN" --version </dev/null >/dev/null 2>&1
    rm -rf "$PF_TEMPLATE_HOME/logs"
  fi
  echo "$PF_TEMPLATE_HOME"
}
prepare_promptfoo() {
  local work="$1" url="$2" n="$3" c="$4"
  [[ -x "$PROMPTFOO_BIN" ]] || { echo "promptfoo not found at $PROMPTFOO_BIN" >&2; return 3; }
  "$NODE_BIN" "$BENCH_DIR/gen-promptfoo.mjs" --n "$n" --url "$url/" --out "$work/promptfooconfig.yaml" 2>/dev/null
  # Fresh config dir per run, seeded with a migrated empty DB: no state carries over between
  # runs, and first-run DB creation is not billed to the timed run.
  cp -a "$(pf_template_home)" "$work/pfhome"
  TOOL_ENV=(
    PROMPTFOO_CONFIG_DIR="$work/pfhome"
    PROMPTFOO_LOG_DIR="$work"
    PROMPTFOO_DISABLE_TELEMETRY=1
    PROMPTFOO_DISABLE_UPDATE=1
    PROMPTFOO_DISABLE_SHARING=1
    PROMPTFOO_DISABLE_REMOTE_GENERATION=1
    PROMPTFOO_CACHE_ENABLED=false
  )
  TOOL_CMD=("$PROMPTFOO_BIN" eval -c "$work/promptfooconfig.yaml" -j "$c"
            --no-cache --no-share --no-table --no-progress-bar)
  if [[ "$PF_WRITE" == 1 ]]; then
    # promptfoo's default: every result goes into SQLite; the JSON file is rebuilt from the DB.
    TOOL_CMD+=(-o "$work/out.json")
  else
    # --no-write keeps SQLite out of the loop. With it, -o out.json only carries summary stats
    # (promptfoo clears in-memory rows before writing outputs), so per-test rows are streamed
    # to out.jsonl during the run instead.
    TOOL_CMD+=(--no-write -o "$work/out.json" "$work/out.jsonl")
  fi
}
check_promptfoo() {
  local work="$1" n="$2"
  "$NODE_BIN" - "$work" "$n" <<'EOF'
const fs = require('fs'); const path = require('path');
const [work, nStr] = process.argv.slice(2); const n = Number(nStr);
let rows = [];
const jsonl = path.join(work, 'out.jsonl');
if (fs.existsSync(jsonl)) {
  rows = fs.readFileSync(jsonl, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
} else if (fs.existsSync(path.join(work, 'out.json'))) {
  rows = JSON.parse(fs.readFileSync(path.join(work, 'out.json'), 'utf8')).results?.results ?? [];
}
const seen = new Set();
let ok = 0;
for (const r of rows) {
  const q = r.vars?.q ?? r.testCase?.vars?.q;
  if (r.success === true && typeof q === 'string' && r.response?.output === 'ok: ' + q && !seen.has(q)) {
    seen.add(q); ok++;
  }
}
// cross-check against promptfoo's own summary
try {
  const s = JSON.parse(fs.readFileSync(path.join(work, 'out.json'), 'utf8')).results.stats;
  if (s.successes !== ok || s.failures !== 0 || s.errors !== 0) {
    console.error(`summary mismatch: promptfoo says ${JSON.stringify(s)}, rows ok=${ok}/${n}`);
    if (s.successes < ok) ok = s.successes;
  }
} catch (e) { console.error('no summary: ' + e.message); }
process.stdout.write(String(ok));
EOF
}

# ---- baseline: reference-client.mjs (raw Node http, keep-alive) -------------------
# Not a harness: a ceiling for what this mock + machine allow at the same N/L/C.
prepare_baseline() {
  local work="$1" url="$2" n="$3" c="$4"
  TOOL_ENV=()
  TOOL_CMD=("$NODE_BIN" "$BENCH_DIR/reference-client.mjs" --url "$url/" --n "$n" --c "$c" --out "$work/results.json")
}
check_baseline() {
  "$NODE_BIN" -e 'const r=require(process.argv[1]).results; const s=new Set();
    for (const x of r) if (x && x.pass && x.exact) s.add(x.q); process.stdout.write(String(s.size));' "$1/results.json"
}

# ---- javacli: agent-eval's command, started as a user starts it ------------------------------
# The suite is gen-javacli.mjs's: N cases "q-i", input "question i", one `contains "ok:"` scorer
# (platform dialect; JAVACLI_DIALECT=harness gives `must_include: ["ok:"]` instead). The A2A
# client gives every message a fresh UUID messageId. The command is the distribution's launcher,
# bin/agent-eval of agent-eval-dist/target/agent-eval (built by eval-bench/run side-by-side), with
# the JVM options the launcher itself sets and no others: a cold JVM per run.
# JAVACLI_BIN=PATH runs another launcher (an unpacked release, say) instead.
JAVACLI_HOME="${JAVACLI_HOME:-$(cd "$BENCH_DIR/../.." && pwd)}"
JAVACLI_DIALECT="${JAVACLI_DIALECT:-platform}"
JAVACLI_BIN="${JAVACLI_BIN:-$JAVACLI_HOME/agent-eval-dist/target/agent-eval/bin/agent-eval}"
prepare_javacli() {
  local work="$1" url="$2" n="$3" c="$4"
  if [[ ! -x "$JAVACLI_BIN" ]]; then
    echo "javacli: not built: $JAVACLI_BIN missing (./mvnw -q -B -DskipTests -pl agent-eval-dist -am package)" >&2
    return 3
  fi
  "$NODE_BIN" "$BENCH_DIR/gen-javacli.mjs" --n "$n" --dialect "$JAVACLI_DIALECT" --out "$work/suite.yaml" 2>/dev/null
  TOOL_ENV=()
  # --output-format json: a harness suite's --output is the Python harness's result file by default;
  # check_javacli reads agent-eval's JSON report.
  TOOL_CMD=("$JAVACLI_BIN" run "$work/suite.yaml" --agent-url "$url/" --concurrency "$c" --output "$work/results.json"
            --output-format json)
}
check_javacli() {
  local work="$1" n="$2"
  "$NODE_BIN" - "$work" "$n" <<'EOF'
const fs = require('fs'); const path = require('path');
const [work, nStr] = process.argv.slice(2); const n = Number(nStr);
const d = JSON.parse(fs.readFileSync(path.join(work, 'results.json'), 'utf8'));
const seenQ = new Set(), seenMid = new Set();
let ok = 0;
for (const c of d.cases ?? []) {
  const t = (c.turns ?? [])[0];
  const q = t?.input;
  const mid = t?.request?.params?.message?.messageId;
  if (c.status === 'passed' && (c.turns ?? []).length === 1 && typeof q === 'string'
      && c.id === 'q-' + q.slice('question '.length) && t.answer === 'ok: ' + q
      && typeof mid === 'string' && !seenMid.has(mid) && !seenQ.has(q)) {
    seenQ.add(q); seenMid.add(mid); ok++;
  }
}
const s = d.summary ?? {};
if (s.passed !== ok || s.failed !== 0 || s.errored !== 0 || d.complete !== true) {
  console.error(`summary mismatch: agent-eval says ${JSON.stringify(s)} complete=${d.complete}, rows ok=${ok}/${n}`);
  if ((s.passed ?? 0) < ok) ok = s.passed ?? 0;
}
process.stdout.write(String(ok));
EOF
}

# ================================================================ one measured run
parse_time() { # FILE FIELD-REGEX -> value after ": "
  sed -n "s/^[[:space:]]*$2: //p" "$1" | head -n1
}
bench_one() { # TOOL N L C TAG   (TAG=timed|warmup)
  local tool="$1" n="$2" l="$3" c="$4" tag="$5"
  local work; work="$(mktemp -d "$SCRATCH/$tool.XXXXXX")"
  start_mock "$work" "$l" || return 1
  TOOL_CMD=(); TOOL_ENV=()
  if ! "prepare_$tool" "$work" "$MOCK_URL" "$n" "$c" 2>"$work/prepare.err"; then
    [[ "$tag" == timed ]] && echo "$tool N=$n L=$l C=$c status=SKIPPED ($(tail -n1 "$work/prepare.err"))"
    stop_mock; return 0
  fi
  local rc=0 t0 t1
  t0=$(now_ms)
  (cd "$work" && exec env "${TOOL_ENV[@]}" "$TIME_BIN" -v -o "$work/time.txt" "${TOOL_CMD[@]}") \
    </dev/null >"$work/tool.out" 2>"$work/tool.err" || rc=$?
  t1=$(now_ms)
  local stats; stats="$(mock_stats)"
  stop_mock
  local passed; passed="$("check_$tool" "$work" "$n" 2>>"$work/check.err" || echo 0)"
  [[ "$tag" == timed ]] || { rm -rf "$work"; return 0; }

  local wall rss_kb usr sys
  wall="$(parse_time "$work/time.txt" 'Elapsed (wall clock) time (h:mm:ss or m:ss)')"
  rss_kb="$(parse_time "$work/time.txt" 'Maximum resident set size (kbytes)')"
  usr="$(parse_time "$work/time.txt" 'User time (seconds)')"
  sys="$(parse_time "$work/time.txt" 'System time (seconds)')"
  local db=""; [[ "$tool" == promptfoo ]] && { [[ "$PF_WRITE" == 1 ]] && db=on || db=off; }

  local line
  line="$("$NODE_BIN" - "$tool" "$n" "$l" "$c" "$wall" "$rss_kb" "$usr" "$sys" "$passed" "$rc" \
          "$t0" "$t1" "$stats" "$db" "$NETNS" <<'EOF'
const [tool, n, l, c, wall, rssKb, usr, sys, passed, rc, t0, t1, statsJson, db, netns] = process.argv.slice(2);
const N = +n, L = +l, C = +c;
const p = wall.split(':').map(Number); // h:mm:ss.ss or m:ss.ss
const wallS = p.reduce((acc, x) => acc * 60 + x, 0);
const st = JSON.parse(statsJson);
const ideal = (N * L) / C / 1000;
const f = (x, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');
const span = st.spanMs / 1000;
const startup = (st.firstRequestMs - Number(t0)) / 1000;
const teardown = (Number(t1) - st.lastResponseMs) / 1000;
const problems = [];
if (rc !== '0') problems.push(`exit=${rc}`);
if (+passed !== N) problems.push('not-all-passed');
if (st.requests !== N) problems.push('request-count');
if (st.errors) problems.push('rpc-errors');
// With L=0 the mock answers within the same event-loop turn, so overlap is invisible to it and
// maxInFlight says nothing about the client; only check the peak when there is latency to overlap.
if (L > 0 && st.maxInFlight < Math.min(C, N)) problems.push(`concurrency-not-reached(${st.maxInFlight}<${Math.min(C, N)})`);
const parts = [
  tool, `N=${N}`, `L=${L}`, `C=${C}`,
  `wall_s=${f(wallS)}`, `ideal_s=${f(ideal, 3)}`,
  `efficiency=${L > 0 ? f(ideal / wallS, 3) : 'n/a'}`,
  `peak_rss_mb=${f(+rssKb / 1024, 1)}`, `passed=${passed}/${N}`,
  `requests=${st.requests}`, `max_inflight=${st.maxInFlight}`, `avg_inflight=${f(st.avgInFlight, 1)}`,
  `conns=${st.connections}`,
  `cpu_s=${f(+usr + +sys)}`, `startup_s=${f(startup)}`, `span_s=${f(span, 3)}`,
  `teardown_s=${f(teardown)}`, `span_eff=${L > 0 ? f(ideal / span, 3) : 'n/a'}`,
  `rps=${f(N / span, 0)}`, `mock_cpu_s=${f(st.cpuMs / 1000)}`,
];
if (db) parts.push(`db=${db}`);
parts.push(`netns=${netns}`, `status=${problems.length ? problems.join(',') : 'OK'}`);
process.stdout.write(parts.join(' '));
EOF
)"
  echo "$line"
  echo "$line" >>"$SCRATCH/lines.txt"
  if [[ "$line" != *status=OK* ]]; then
    local keep; keep="$(mktemp -d "${TMPDIR:-/tmp}/a2a-bench-failed.XXXXXX")"
    cp -a "$work/." "$keep/" 2>/dev/null || true
    echo "  (run files kept in $keep)" >&2
    rm -rf "$work"
  elif [[ "$KEEP" != 1 ]]; then
    rm -rf "$work"
  fi
}

# ================================================================ main
read -r -a TOOL_LIST <<<"$TOOLS"
if [[ "$WARMUP" == 1 ]]; then
  for tool in "${TOOL_LIST[@]}"; do
    bench_one "$tool" "$(( N < 50 ? N : 50 ))" "$L" "$C" warmup >/dev/null 2>&1 || true
  done
fi
for ((rep = 1; rep <= REPS; rep++)); do
  order=("${TOOL_LIST[@]}")
  if (( rep % 2 == 0 )); then # alternate order so neither tool always runs first
    order=(); for ((i = ${#TOOL_LIST[@]} - 1; i >= 0; i--)); do order+=("${TOOL_LIST[$i]}"); done
  fi
  for tool in "${order[@]}"; do
    bench_one "$tool" "$N" "$L" "$C" timed
  done
done

# ================================================================ summary
# Medians per tool over the timed repetitions (every run, OK or not, is in the lines above), and
# each tool's tests/s (N / wall) beside promptfoo's.
if [[ -s "$SCRATCH/lines.txt" ]]; then
  "$NODE_BIN" - "$SCRATCH/lines.txt" <<'EOF2'
const fs = require('fs');
const rows = fs.readFileSync(process.argv[2], 'utf8').split('\n').filter(Boolean).map((l) => {
  const [tool, ...kv] = l.split(' ');
  return { tool, ...Object.fromEntries(kv.filter((x) => x.includes('=')).map((x) => x.split('='))) };
});
const median = (xs) => { const s = xs.filter(Number.isFinite).sort((a, b) => a - b); const n = s.length;
  return n === 0 ? NaN : n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2; };
const tools = [...new Set(rows.map((r) => r.tool))];
const m = {};
for (const t of tools) {
  const rs = rows.filter((r) => r.tool === t);
  const f = (k) => median(rs.map((r) => Number(r[k])));
  m[t] = { runs: rs.length, ok: rs.filter((r) => r.status === 'OK').length, wall: f('wall_s'), span: f('span_s'),
    ideal: f('ideal_s'), startup: f('startup_s'), teardown: f('teardown_s'), rss: f('peak_rss_mb'), cpu: f('cpu_s'),
    inflight: f('avg_inflight'), n: Number(rs[0].N) };
}
const fx = (x, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');
console.log('# medians: tool runs(ok) tests/s wall_s span_s span/ideal avg_inflight startup_s teardown_s cpu_ms/test peak_rss_mb [vs promptfoo: tests/s ratio, rss ratio]');
for (const t of tools) {
  const x = m[t], pf = m.promptfoo;
  const vs = pf && t !== 'promptfoo' ? ` vs-promptfoo=${fx(pf.wall / x.wall, 1)}x rss=${fx(x.rss / pf.rss, 2)}` : '';
  console.log(`# ${t} runs=${x.runs}(${x.ok} ok) tests_per_s=${fx(x.n / x.wall, 0)} wall_s=${fx(x.wall)} span_s=${fx(x.span, 3)}`
    + ` span_over_ideal=${x.ideal > 0 ? fx(x.span / x.ideal, 2) : 'n/a'} avg_inflight=${fx(x.inflight, 1)}`
    + ` startup_s=${fx(x.startup)} teardown_s=${fx(x.teardown)} cpu_ms_per_test=${fx(1000 * x.cpu / x.n, 3)}`
    + ` peak_rss_mb=${fx(x.rss, 1)}${vs}`);
}
EOF2
fi
