# The A/B of the gpu kernel's variants and the issue's figures with the fastest, in one run:
# sourced by gpu_device_check.sh with MODE=ab (its stage/left/ab_stages helpers, $LOGS,
# $SUMMARY).
#
#   build     the native engine
#   static    benchmarks/gpu_static.py: registers, stack and memory instructions of every
#             variant, as the device's NVRTC and ptxas compile them (in the background)
#   tests     the GPU tests (every variant against native on the device)
#   ab4       benchmarks/gpu.py --variants (AB_VARIANTS of boggle.engines.gpu.source, in order:
#             default, the old kernel and the baseline; auto, the engine's choice by board size,
#             its variant named in the table; the lanes-* ones that share a board between
#             lanes, the first kernel and the H100 A/B's runners-up), 4x4 dice: kernel and
#             stats rates, totals equal
#   ab5       the same on 5x5 `big` dice
#   stats1e9  stats --random 10^9 --engine gpu --seed 1 with STATS_VARIANT (default auto: what
#             the engine runs unasked; "fastest": ab4's fastest by kernel rate)
#   prefix    stats --random 10^7 --seed 1 with STATS_VARIANT: gpu and native summaries identical
#   search*   5x5 classic ENABLE2K searches (--target 10406) with SEARCH_VARIANT (auto;
#             "fastest": ab5's): seeds 1-3, then YAWL 5x5 (best found), then seeds 4-5, as
#             the budget allows
#   table     one summary table of all of it
#
#     OUT=/tmp/out BOGGLE_SHARED_DATA=$PWD/devdata MODE=ab bash benchmarks/gpu_device_check.sh
#
# Sizes: NAB4 (6M), NAB5 (1.2M) boards for the A/B; NSTATS (10^9); AB_SEARCH_SECONDS (38)
# a seed, YAWL_SECONDS (40); VARIANTS (AB_VARIANTS, all, or names comma-separated); BUDGET
# (540 s); STATS_VARIANT, SEARCH_VARIANT (auto, fastest or a name).
#     DRY=1 MODE=ab BOGGLE_SHARED_DATA=/path/with/enable.txt bash benchmarks/gpu_device_check.sh

# shellcheck shell=bash
NAB4=${NAB4:-6000000}; NAB5=${NAB5:-1200000}
AB_SEARCH_SECONDS=${AB_SEARCH_SECONDS:-38}; YAWL_SECONDS=${YAWL_SECONDS:-40}
AB_LIST=$("$PY" -c "from boggle.engines.gpu.source import AB_VARIANTS; print(','.join(AB_VARIANTS))" \
    2>/dev/null)
VARIANTS=${VARIANTS:-${AB_LIST:-all}}; AB_JOBS=${AB_JOBS:-16}; SEARCH_JOBS=()
if [[ -n ${DRY:-} ]]; then  # a quick run of every stage on small sizes, GPU or not
    NAB4=3000; NAB5=1000; NSTATS=20000; NPREFIX=5000; AB_SEARCH_SECONDS=4; YAWL_SECONDS=4
    VARIANTS=default,auto,first,lanes-8,lanes-16-prefetch,lanes-16-next-eager; AB_JOBS=2
    SEARCH_JOBS=(--jobs 1)
fi
YAWL=$BOGGLE_SHARED_DATA/yawl.txt
GPU_ENGINE=(--engine gpu)
if [[ -n ${DRY:-} ]] && ! "$PY" -c "import cupy" 2>/dev/null; then
    GPU_ENGINE=()  # no CuPy: the same commands on the native engine
fi

# fastest LOG: the variant a --variants log names fastest (default when none)
fastest() {
    local name
    name=$(sed -n 's/^fastest: BOGGLE_GPU_VARIANT=\([a-z0-9-]*\) .*/\1/p' "$LOGS/$1.log" 2>/dev/null)
    echo "${name:-default}"
}

stage build 60 "$PY" setup.py build_ext --inplace
# after the build: gpu_static.py imports the engine, which needs the native module
STATIC_VARIANTS=()
[[ $VARIANTS != all ]] && STATIC_VARIANTS=(--variants "$VARIANTS")
(
    timeout 150 "$PY" "$ROOT/benchmarks/gpu_static.py" --tools "${CUDA_HOME:-/usr/local/cuda}" \
        "${STATIC_VARIANTS[@]}" > "$LOGS/static.log" 2>&1
    echo "exit $?" >> "$LOGS/static.log"
) &
STATIC=$!
ab_stages 100 "the_gpu" 110 90 "$VARIANTS"   # tests, ab4, ab5 (gpu_device_check.sh)
BEST4=$(fastest ab4); BEST5=$(fastest ab5)
echo "=== fastest variants: 4x4 $BEST4, 5x5 $BEST5" | tee -a "$SUMMARY"
STATS_VARIANT=${STATS_VARIANT:-auto}; SEARCH_VARIANT=${SEARCH_VARIANT:-auto}
[[ $STATS_VARIANT == fastest ]] && STATS_VARIANT=$BEST4
[[ $SEARCH_VARIANT == fastest ]] && SEARCH_VARIANT=$BEST5
echo "=== stats1e9 with $STATS_VARIANT, searches with $SEARCH_VARIANT" | tee -a "$SUMMARY"
stage stats1e9 110 env BOGGLE_GPU_VARIANT="$STATS_VARIANT" bash -c "time $PY -m boggle stats \
    --random $NSTATS --seed 1 ${GPU_ENGINE[*]} --dict '$ENABLE' --json > '$LOGS/stats1e9.json'"
stage prefix 70 env BOGGLE_GPU_VARIANT="$STATS_VARIANT" bash -c "
    $PY -m boggle stats --random $NPREFIX --seed 1 ${GPU_ENGINE[*]} --dict '$ENABLE' --json \
        > '$LOGS/prefix_gpu.json' &&
    $PY -m boggle stats --random $NPREFIX --seed 1 --jobs $AB_JOBS --dict '$ENABLE' --json \
        > '$LOGS/prefix_native.json' &&
    $PY -c \"import json, sys; a = json.load(open('$LOGS/prefix_gpu.json')); \
b = json.load(open('$LOGS/prefix_native.json')); print('identical summaries:', a == b); \
sys.exit(a != b)\""

# search NAME SECONDS DICT SEED [TARGET]: a 5x5 classic search with SEARCH_VARIANT
search() {
    local name=$1 seconds=$2 words=$3 seed=$4 target=${5:-}
    local room=$(( $(left) - 20 ))
    (( seconds > room )) && seconds=$room
    if (( seconds < 10 )) && [[ -z ${DRY:-} ]]; then
        echo "=== $name: skipped, no time left" | tee -a "$SUMMARY"
        return
    fi
    stage "$name" $(( seconds + 20 )) env BOGGLE_GPU_VARIANT="$SEARCH_VARIANT" "$PY" -m boggle search \
        "${GPU_ENGINE[@]}" "${SEARCH_JOBS[@]}" --size 5x5 --rules classic --dict "$words" \
        --seconds "$seconds" --seed "$seed" --json ${target:+--target "$target"}
}
for seed in 1 2 3; do search "search$seed" "$AB_SEARCH_SECONDS" "$ENABLE" "$seed" 10406; done
if [[ -f $YAWL ]]; then
    search yawl "$YAWL_SECONDS" "$YAWL" 1
else
    echo "=== yawl: skipped, no $YAWL" | tee -a "$SUMMARY"
fi
for seed in 4 5; do search "search$seed" "$AB_SEARCH_SECONDS" "$ENABLE" "$seed" 10406; done

wait "$STATIC" 2>/dev/null
{
    echo "=== summary table ($(( $(date +%s) - STARTED ))s in all;" \
        "$(grep -m 1 '^device' "$LOGS/info.log" || echo 'no GPU'))"
    "$PY" - "$LOGS" <<'PYTHON'
import json, pathlib, re, sys
logs = pathlib.Path(sys.argv[1])
def text(name):
    path = logs / f"{name}.log"
    return path.read_text(errors="replace") if path.exists() else ""
for name, title in (("ab4", "4x4 dice"), ("ab5", "5x5 big dice")):
    lines = text(name).splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("variant ")), None)
    print(f"-- A/B {title}" + ("" if start is not None else ": no table (see its log)"))
    for line in lines[start - 1 if start else len(lines):]:
        print("  " + line)
stats = logs / "stats1e9.json"
real = re.search(r"real\s+(\S+)", text("stats1e9"))
if stats.exists() and stats.stat().st_size:
    summary = json.loads(stats.read_text())
    print(f"-- stats 10^9: {summary['boards']:,} boards, wall {real.group(1) if real else '?'}, "
          f"max {summary['max']}, mean {summary['mean']:.4f}, best {summary['best'][0]['board']}")
else:
    print("-- stats 10^9: no result (see its log)")
print("-- stats prefix (gpu vs native): " + (text("prefix").strip().splitlines() or ["no result"])[-1])
print("-- 5x5 classic searches (target 10406 for ENABLE2K)")
for name in ("search1", "search2", "search3", "search4", "search5", "yawl"):
    found = [line for line in text(name).splitlines() if line.startswith("{")]
    if not found:
        print(f"  {name:<8} no result" + (" (not run)" if not text(name) else " (see its log)"))
        continue
    run = json.loads(found[-1])
    best = run["best"][0]
    print(f"  {name:<8} best {best['score']:>6} {best['board']}  at {run.get('seconds_to_best', 0):7.1f} s"
          f" of {run['seconds']:.1f} s, {run['boards_scored']:,} boards")
PYTHON
    echo "-- static (registers, stack B, spills, memory instructions; the device's compilers)"
    grep -E "^(variant|nvrtc warning|[a-z0-9-]+ +bg_score_boards_small)" "$LOGS/static.log" |
        sed 's/^/  /'
    tail -n 1 "$LOGS/static.log" | sed 's/^/  static /'
    echo "-- stages"
    sed 's/^/  /' "$SUMMARY"
} | tee "$LOGS/table.log"

cp "$SUMMARY" "$OUT/summary.txt"
cp "$LOGS/table.log" "$OUT/table.txt"
for log in info static build tests ab4 ab5 stats1e9 prefix search1 search2 search3 yawl search4 search5; do
    [[ -f "$LOGS/$log.log" ]] && { echo "######## $log"; cat "$LOGS/$log.log"; }
done > "$OUT/all.log"
tar czf "$OUT/logs.tar.gz" -C "$LOGS" .
