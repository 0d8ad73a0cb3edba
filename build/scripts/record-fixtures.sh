#!/usr/bin/env bash
# Re-records the bundled example traces (test/fixtures/uftrace/0.13/) from the
# project's own C programs. These are the commands that produced the fixtures;
# the demo workspace imports them, so it works without uftrace installed.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
make -s -C "$here/examples"
out="$here/test/fixtures/uftrace/0.13"
bin="$here/examples/build"
rm -rf "$out" && mkdir -p "$out"
uftrace record --no-event -d "$out/frame_loop" "$bin/frame_loop" 60 120 2>/dev/null
uftrace record --no-event -d "$out/nested_chain" "$bin/nested_chain" 40
uftrace record --no-event -d "$out/two_threads" "$bin/two_threads" 20
# Arguments and return values (-A, -R, and -a's library specs and .dbg files) and a time filter in default.opts.
uftrace record --no-event -A 'decode_frame@arg1,arg2' -R 'decode_frame@retval' -a -t 10ns -d "$out/frame_loop_args" "$bin/frame_loop" 3 8 2>/dev/null
uftrace dump -d "$out/frame_loop" --chrome > "$out/frame_loop.chrome.json" 2>/dev/null
echo "recorded fixtures in $out with $(uftrace --version | head -1)"
