#!/usr/bin/env bash
# Records the traces the dominant variance analysis is tested on
# (test/fixtures/uftrace/0.13/variance/), from the project's own C programs
# built with a known variance structure. Recorded with uftrace's defaults
# (scheduler events on), so the tests can leave switched-out time out; record
# on a quiet machine. These are the commands that produced the fixtures.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
make -s -C "$here/examples"
out="$here/test/fixtures/uftrace/0.13/variance"
bin="$here/examples/build"
rm -rf "$out" && mkdir -p "$out"
uftrace record -b 1m -d "$out/listing1" "$bin/listing1" 100 2 60
uftrace record -b 1m -d "$out/nested_chain_50" "$bin/nested_chain" 50
uftrace record -b 1m -d "$out/nested_chain_80" "$bin/nested_chain" 80
uftrace record -b 1m -d "$out/two_callers" "$bin/two_callers" 100
echo "recorded variance fixtures in $out with $(uftrace --version | head -1)"
