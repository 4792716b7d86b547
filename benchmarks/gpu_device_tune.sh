# The lanes variants' A/B and tuning on a GPU, in one run of about 5 minutes: sourced by
# gpu_device_check.sh with MODE=tune (its stage/left/ab_stages helpers, $LOGS, $SUMMARY,
# BUDGET 420).
#
#   build     the native engine
#   tests     the GPU tests of the variants in TUNE_TESTS (names or parts of them, the ones
#             new since the last A/B) against native on the device
#   ab4       benchmarks/gpu.py --variants TUNE_AB (default, auto, lanes-16, lanes-16-next and
#             the new lanes variants), 6M 4x4 dice: kernel and stats rates, scores equal
#   ab5       the same on 1.2M 5x5 `big` dice
#   tune4     benchmarks/gpu.py --tune for the TUNE_COUNT (2) fastest lanes-* variants of ab4
#             (none there: lanes-16,lanes-16-next): threads a block (TUNE_BLOCKS) x the set a
#             board's lanes share (TUNE_SET_BITS) x most blocks a multiprocessor (TUNE_PER_SM)
#             x __launch_bounds__' minimum blocks (TUNE_MIN_BLOCKS: 0,6; 6 blocks of 256
#             threads hold the lanes' kernel to 40 registers, 48 warps a multiprocessor),
#             fastest first
#   tune5     the same for ab5's fastest, 5x5
#   table     the four tables and the stages
#
#     OUT=/tmp/out BOGGLE_SHARED_DATA=$PWD/devdata MODE=tune BUDGET=420 \
#         bash benchmarks/gpu_device_check.sh
#
# DRY=1 runs the same stages small (on the CPU build where there is no GPU).

# shellcheck shell=bash
NAB4=${NAB4:-6000000}; NAB5=${NAB5:-1200000}; AB_JOBS=${AB_JOBS:-16}
TUNE_AB=${TUNE_AB:-default,auto,lanes-16,lanes-16-next,lanes-16-filter,lanes-16-prefetch,lanes-16-eager,lanes-16-next-filter,lanes-16-next-prefetch,lanes-16-next-eager}
TUNE_TESTS=${TUNE_TESTS:-filter prefetch eager}
TUNE_BLOCKS=${TUNE_BLOCKS:-256,128,512}; TUNE_SET_BITS=${TUNE_SET_BITS:-9,8,10}
TUNE_PER_SM=${TUNE_PER_SM:-0,4}; TUNE_MIN_BLOCKS=${TUNE_MIN_BLOCKS:-0,6}; TUNE_COUNT=${TUNE_COUNT:-2}
if [[ -n ${DRY:-} ]]; then  # a quick run of every stage on small sizes, GPU or not
    NAB4=3000; NAB5=1000; AB_JOBS=2
fi

# fastest_lanes LOG: the TUNE_COUNT fastest lanes-* variants of a --variants log whose scores
# equalled the first's, comma-separated (empty when there are none)
fastest_lanes() {
    sed -n 's/^\(lanes-[a-z0-9-]*\): [0-9.]* s \([0-9,]*\) boards\/s, .* same as [a-z0-9-]*: True;.*/\2 \1/p' \
        "$LOGS/$1.log" 2>/dev/null | tr -d , | sort -rn | head -n "$TUNE_COUNT" |
        cut -d ' ' -f 2 | paste -sd , -
}

stage build 60 "$PY" setup.py build_ext --inplace
TEST_PICK="the_gpus_variants_equal_native and ($(sed 's/ / or /g' <<< "$TUNE_TESTS"))"
ab_stages 60 "$TEST_PICK" 70 60 "$TUNE_AB"   # tests, ab4, ab5 (gpu_device_check.sh)
TUNE4=$(fastest_lanes ab4); TUNE4=${TUNE4:-lanes-16,lanes-16-next}
TUNE5=$(fastest_lanes ab5); TUNE5=${TUNE5:-lanes-16-next,lanes-16}
echo "=== tuning: 4x4 $TUNE4, 5x5 $TUNE5" | tee -a "$SUMMARY"

# tune NAME SIZE BOARDS VARIANTS SHARE: the tuning, given SHARE of what is left of the budget
# (its settings stop 20 s before the stage's limit, so the table is printed)
tune() {
    local limit=$(( ($(left) - 10) * $5 / 100 ))
    (( limit < 40 )) && limit=40
    stage "$1" "$limit" "$PY" benchmarks/gpu.py --dict "$ENABLE" --size "$2" --boards "$3" \
        --repeat 2 --tune --variants "$4" --blocks "$TUNE_BLOCKS" --set-bits "$TUNE_SET_BITS" \
        --per-sm "$TUNE_PER_SM" --min-blocks "$TUNE_MIN_BLOCKS" --seconds $(( limit - 20 ))
}
tune tune4 4x4 "$NAB4" "$TUNE4" 50
tune tune5 5x5 "$NAB5" "$TUNE5" 100

{
    echo "=== summary table ($(( $(date +%s) - STARTED ))s in all;" \
        "$(grep -m 1 '^device' "$LOGS/info.log" || echo 'no GPU'))"
    for name in ab4 ab5 tune4 tune5; do
        echo "-- $name"
        # from the line before the table's header to the end (each log's own table)
        awk '/^variant /{found = 1; print "  " previous} found {print "  " $0} {previous = $0}' \
            "$LOGS/$name.log" 2>/dev/null | grep . || echo "  no table (see its log)"
    done
    echo "-- stages"
    sed 's/^/  /' "$SUMMARY"
} | tee "$LOGS/table.log"

cp "$SUMMARY" "$OUT/summary.txt"
cp "$LOGS/table.log" "$OUT/table.txt"
for log in info build tests ab4 ab5 tune4 tune5; do
    [[ -f "$LOGS/$log.log" ]] && { echo "######## $log"; cat "$LOGS/$log.log"; }
done > "$OUT/all.log"
tar czf "$OUT/logs.tar.gz" -C "$LOGS" .
