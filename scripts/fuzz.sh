#!/usr/bin/env bash
# Fuzzes the readers of untrusted files — the state file, the feedback outbox and the settings
# file — with libFuzzer, for a bounded time, starting from a seed corpus of real files.
#
#     scripts/fuzz.sh [seconds]        # default 60; the corpus grows in .build-fuzz/corpus
#
# A crash, a failed precondition or a hang of more than 10 s fails the script; libFuzzer writes
# the input that caused it to .build-fuzz/crash-* for a test.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
swift build --scratch-path .build-fuzz --product ArmchairFuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -DFUZZING
# The harness works in /dev/shm/armchair-fuzz-*; remove that however the run ends.
trap 'rm -rf /dev/shm/armchair-fuzz-*' EXIT
corpus=.build-fuzz/corpus
mkdir -p "$corpus"
cp Tests/Fuzz/Seeds/* "$corpus/"
cp data/io.github.armchairlinux.Demo.armchair "$corpus/"
.build-fuzz/debug/ArmchairFuzz "$corpus" -max_total_time="$seconds" -timeout=10 -max_len=4096 \
    -artifact_prefix=.build-fuzz/ -print_final_stats=1
