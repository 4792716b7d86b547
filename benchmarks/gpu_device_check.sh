#!/usr/bin/env bash
# One run of the gpu engine's checks on a machine with an NVIDIA GPU, in under 7 minutes.
#
# Run from anywhere; it works in the repository holding it.  Needs python3 with CuPy,
# NumPy, pytest, Hypothesis and setuptools, a C compiler, and ENABLE2K's enable.txt in
# $BOGGLE_SHARED_DATA (default: ./devdata at the repository's root, since ../shared does
# not travel).  Every stage writes its log to a temporary folder and has its own time
# limit; a failing stage does not stop the later ones; $OUT (default /tmp/gpu-check) gets
# summary.txt, all.log (every log) and logs.tar.gz (logs and JSON).  The stages, most
# important first, each given what is left of the whole run's budget:
#   info      nvidia-smi -L, nvcc --version, the versions of CuPy and NumPy
#   ptxas     nvcc -Xptxas -v on kernel.cu (registers, local memory, spills), in background
#   build     python3 setup.py build_ext --inplace (the native engine)
#   tests     pytest on the two gpu test files (the GPU tests run, they do not skip)
#   bench4    benchmarks/gpu.py 4x4 dice: kernel, native and stats rates, totals equal
#   stats1e9  boggle stats --random 1000000000 --engine gpu --seed 1 --dict ENABLE
#   prefix    stats --random 10000000 --seed 1 --dict ENABLE: gpu and native summaries identical
#   bench5    benchmarks/gpu.py 5x5 dice
#   tune      benchmarks/gpu.py --tune: first word sets x blocks a multiprocessor x the
#             top frame apart or not x one loop or a loop per board, the fastest named
#   search    boggle search --engine gpu --size 5x5 --rules classic: seed 1 with the
#             population method (the default), seed 2 with pools
#
#     OUT=/tmp/out BOGGLE_SHARED_DATA=$PWD/devdata bash benchmarks/gpu_device_check.sh
#
# MODE=ab runs benchmarks/gpu_device_ab.sh instead (with the stage helpers above): the A/B
# of the kernel variants in AB_VARIANTS (boggle.engines.gpu.source: the default, the
# lanes-* variants, the first kernel and the closest runners-up, in that order; VARIANTS=all
# for every one) on 4x4 and 5x5,
# the 10^9-board stats and the 5x5 searches with the fastest variant, and one summary
# table, in about 9 minutes (BUDGET=540); DRY=1 with it is a quick run of the same stages
# on small sizes (no GPU needed: the CPU build).
#
# MODE=tune runs benchmarks/gpu_device_tune.sh instead: the A/B of the lanes variants
# (default, auto, lanes-16, lanes-16-next and the new ones) on 4x4 and 5x5, then the tuning
# (threads a block x the lanes' word set x blocks a multiprocessor) of each size's fastest
# lanes variants, in about 5 minutes (BUDGET=420); DRY=1 works with it too.

set -u
cd "$(dirname "$0")/.." || exit 2
ROOT=$PWD
OUT=${OUT:-/tmp/gpu-check}
LOGS=$(mktemp -d /tmp/gpu-check-logs.XXXXXX)   # every stage's log; $OUT gets three files
mkdir -p "$OUT"
export PYTHONPATH=$ROOT/src${PYTHONPATH:+:$PYTHONPATH}
export PYTHONUNBUFFERED=1
export BOGGLE_SHARED_DATA=${BOGGLE_SHARED_DATA:-$ROOT/devdata}
export BOGGLE_CACHE_DIR=${BOGGLE_CACHE_DIR:-/tmp/boggle-cache}
ENABLE=$BOGGLE_SHARED_DATA/enable.txt
PY=${PYTHON:-python3}
if [[ ${MODE:-full} == ab ]]; then
    BUDGET=${BUDGET:-540}   # seconds for the whole run (9 minutes)
elif [[ ${MODE:-full} == tune ]]; then
    BUDGET=${BUDGET:-420}   # seconds for the whole run (7 minutes)
else
    BUDGET=${BUDGET:-410}   # seconds for the whole run (under 7 minutes)
fi
# sizes (smaller ones for a dry run without a GPU)
N4=${N4:-20000000}; CHECK4=${CHECK4:-1000000}; N5=${N5:-5000000}; CHECK5=${CHECK5:-300000}
NSTATS=${NSTATS:-1000000000}; NPREFIX=${NPREFIX:-10000000}; NTUNE=${NTUNE:-5000000}
SEARCH_SECONDS=${SEARCH_SECONDS:-60}
STARTED=$(date +%s)
SUMMARY=$LOGS/summary.txt
: > "$SUMMARY"

left() { echo $(( BUDGET - ($(date +%s) - STARTED) )); }

# stage NAME LIMIT COMMAND...: run with a limit (cut to the budget left), log to $LOGS/NAME.log
stage() {
    local name=$1 limit=$2 rest
    shift 2
    if [[ " ${SKIP:-} " == *" $name "* ]]; then
        echo "=== $name: skipped (SKIP)" | tee -a "$SUMMARY"
        return
    fi
    rest=$(left)
    if (( rest < 15 )); then
        echo "=== $name: skipped, ${rest}s left of the budget" | tee -a "$SUMMARY"
        return
    fi
    (( limit > rest - 5 )) && limit=$(( rest - 5 ))
    echo "=== $name (limit ${limit}s): $*"
    local t0
    t0=$(date +%s)
    timeout -k 5 "$limit" "$@" > "$LOGS/$name.log" 2>&1
    local rc=$?
    local line="=== $name: exit $rc in $(( $(date +%s) - t0 ))s"
    (( rc == 124 || rc == 137 )) && line="$line (TIMED OUT at ${limit}s)"
    echo "$line" | tee -a "$SUMMARY"
    tail -n "${TAIL:-30}" "$LOGS/$name.log"
}

# ab_stages TESTS_LIMIT TESTS_PICK AB4_LIMIT AB5_LIMIT VARIANTS: how MODE=ab and MODE=tune
# begin after the build: the GPU tests pytest -k TESTS_PICK picks (each variant against
# native on the device), then benchmarks/gpu.py --variants VARIANTS on NAB4 4x4 dice boards
# (ab4) and NAB5 5x5 big dice boards (ab5), AB_JOBS jobs: kernel and stats rates, scores equal
ab_stages() {
    local xdist=()
    "$PY" -c "import xdist" 2>/dev/null && xdist=(-n 4)
    stage tests "$1" "$PY" -m pytest tests/lib/test_gpu_kernel.py -q -p no:cacheprovider -rs \
        -k "$2" --durations=5 "${xdist[@]}"
    stage ab4 "$3" "$PY" benchmarks/gpu.py --dict "$ENABLE" --size 4x4 --boards "$NAB4" \
        --check 100000 --jobs "$AB_JOBS" --repeat 2 --variants "$5"
    stage ab5 "$4" "$PY" benchmarks/gpu.py --dict "$ENABLE" --size 5x5 --boards "$NAB5" \
        --check 30000 --jobs "$AB_JOBS" --repeat 2 --variants "$5"
}

{
    date -u
    nvidia-smi -L
    nvidia-smi --query-gpu=name,memory.total,clocks.max.sm,driver_version --format=csv
    nvcc --version | tail -n 2
    "$PY" -c "import sys, cupy, numpy; print('python', sys.version.split()[0], 'cupy', cupy.__version__, 'numpy', numpy.__version__); print('device', cupy.cuda.Device().compute_capability, cupy.cuda.runtime.getDeviceProperties(0)['name'])"
    ls -la "$ENABLE"
    nproc
} > "$LOGS/info.log" 2>&1
cat "$LOGS/info.log"

if [[ ${MODE:-full} == ab ]]; then
    # shellcheck source=benchmarks/gpu_device_ab.sh
    source "$ROOT/benchmarks/gpu_device_ab.sh"
    exit 0
fi
if [[ ${MODE:-full} == tune ]]; then
    # shellcheck source=benchmarks/gpu_device_tune.sh
    source "$ROOT/benchmarks/gpu_device_tune.sh"
    exit 0
fi

# ptxas report in the background: registers, local memory (stack frame), spills per kernel
(
    cd "$ROOT" && timeout 120 nvcc -arch=sm_90 -std=c++17 -O3 -Xptxas -v --cubin \
        -DBG_BLOCK=128 -o "$LOGS/kernel.cubin" src/boggle/engines/gpu/kernel.cu \
        > "$LOGS/ptxas.log" 2>&1
    echo "exit $?" >> "$LOGS/ptxas.log"
    rm -f "$LOGS/kernel.cubin"
) &
PTXAS=$!

stage build 90 "$PY" setup.py build_ext --inplace
XDIST=()
"$PY" -c "import xdist" 2>/dev/null && XDIST=(-n 8)
stage tests 120 "$PY" -m pytest tests/lib/test_gpu_kernel.py tests/cli/test_gpu_cli.py -q \
    -p no:cacheprovider "${XDIST[@]}" -rs --durations=8
stage bench4 60 "$PY" benchmarks/gpu.py --dict "$ENABLE" --size 4x4 --boards "$N4" \
    --check "$CHECK4" --jobs 16 --repeat 3
stage stats1e9 120 bash -c "time $PY -m boggle stats --random $NSTATS --seed 1 \
    --engine gpu --dict '$ENABLE' --json > '$LOGS/stats1e9.json' &&
    $PY -c \"import json; a = json.load(open('$LOGS/stats1e9.json')); \
print('boards', a['boards'], 'max', a['max'], 'mean', a['mean'], 'best', a['best'][:3])\""
stage prefix 70 bash -c "
    $PY -m boggle stats --random $NPREFIX --seed 1 --engine gpu --dict '$ENABLE' --json \
        > '$LOGS/prefix_gpu.json' &&
    $PY -m boggle stats --random $NPREFIX --seed 1 --jobs 16 --dict '$ENABLE' --json \
        > '$LOGS/prefix_native.json' &&
    $PY -c \"import json, sys; a = json.load(open('$LOGS/prefix_gpu.json')); \
b = json.load(open('$LOGS/prefix_native.json')); print('identical summaries:', a == b); \
print('max', a['max'], 'mean', a['mean']); sys.exit(a != b)\""
for seed in ${SEEDS:-1 2}; do
    seconds=$(( $(left) - 20 ))
    (( seconds > SEARCH_SECONDS )) && seconds=$SEARCH_SECONDS
    if (( seconds < 10 )); then
        echo "=== search$seed: skipped, no time left" | tee -a "$SUMMARY"
        continue
    fi
    method=${METHOD:-population}
    [[ -z ${METHOD:-} ]] && (( seed == 2 )) && method=pools
    stage "search$seed" $(( seconds + 15 )) "$PY" -m boggle search --engine gpu --size 5x5 \
        --rules classic --dict "$ENABLE" --seconds "$seconds" --seed "$seed" --json \
        --method "$method" ${TARGET:+--target "$TARGET"}
done
stage bench5 45 "$PY" benchmarks/gpu.py --dict "$ENABLE" --size 5x5 --boards "$N5" \
    --check "$CHECK5" --jobs 16 --repeat 2
stage tune 100 "$PY" benchmarks/gpu.py --dict "$ENABLE" --size 4x4 --boards "$NTUNE" \
    --repeat 2 --tune --blocks 256 --set-bits 10,12 --per-sm 0,4 --top-registers 0,1 \
    --one-loop 0,1

wait "$PTXAS" 2>/dev/null
echo "=== ptxas"
grep -E "Compiling|registers|stack frame|spill" "$LOGS/ptxas.log" | head -n 40
tail -n 1 "$LOGS/ptxas.log"
echo "=== summary ($(( $(date +%s) - STARTED ))s in all)"
cat "$SUMMARY"

# back in $OUT: the summary, every log in one file, and all of them (with the JSON) packed
cp "$SUMMARY" "$OUT/summary.txt"
for log in info ptxas build tests bench4 stats1e9 prefix search1 search2 search3 search4 search5 bench5 tune; do
    [[ -f "$LOGS/$log.log" ]] && { echo "######## $log"; cat "$LOGS/$log.log"; }
done > "$OUT/all.log"
tar czf "$OUT/logs.tar.gz" -C "$LOGS" .
