// Not every frame of a trace is the program's code. uftrace shows the time a
// thread spent switched out as calls of `linux:schedule` (FORMATS.md); a -pg
// build runs gprof's start-up and exit (`__monstartup`, `_mcleanup`) and its
// `mcount` hooks; the dynamic loader resolves symbols (`_dl_runtime_resolve`)
// and runs constructors before main. A slower `linux:schedule (pre-empted)` is
// the machine's load, not a finding about the design: these frames are shown
// apart, as waiting, tool or loader time, and never ranked as code.

export type FrameKind = "code" | "waiting" | "tool" | "loader";

/** The scheduler's pseudo-frames (engine/trace/uftrace/schedEvents.ts) and other kernel events uftrace writes as calls. */
const WAITING = /^linux:/;

/** Profiling runtimes' own functions: gprof (-pg), -finstrument-functions hooks, uftrace's libmcount, sanitizer coverage. */
const TOOL =
  /^(__monstartup|monstartup|_mcleanup|__mcleanup|moncontrol|__moncontrol|_?mcount|__fentry__|mcount_\w+|__gmon_start__|__write_gmon|write_gmon|__profil|profil|__profile_frequency|__cyg_profile_func_(enter|exit)|__uftrace_\w*|uftrace_\w+|__sanitizer_cov_\w+)$/;

/** The dynamic loader and the C runtime's start-up and exit around main. */
const LOADER =
  /^(_dl_\w+|_dl|dl_main|_start|_init|_fini|__libc_start_main|__libc_start_call_main|__libc_csu_init|__libc_csu_fini|frame_dummy|register_tm_clones|deregister_tm_clones|__do_global_dtors_aux|__do_global_ctors_aux)$/;
/** Loader frames that only wrap main: their own time is the loader's, what they call is the program. */
const WRAPPER = /^(_start|__libc_start_main|__libc_start_call_main)$/;

export function frameKind(name: string): FrameKind {
  if (WAITING.test(name)) return "waiting";
  if (TOOL.test(name)) return "tool";
  if (LOADER.test(name)) return "loader";
  return "code";
}

/** Words for a kind, for the views and reports that set such frames apart. */
export const FRAME_KIND_WORDS: Readonly<Record<Exclude<FrameKind, "code">, string>> = {
  waiting: "waiting (switched out: the machine's load, not the program's code)",
  tool: "the profiler's own code",
  loader: "the dynamic loader and C runtime start-up",
};

/** Whether a frame's callees belong to it (a scheduler wait, a profiler's start-up, the loader's symbol
 * lookup), or only its own time does (the C runtime's wrappers of main). */
export function coversCallees(name: string): boolean {
  return frameKind(name) !== "code" && !WRAPPER.test(name);
}

/** What a call chain (names from the root) is: the kind of the outermost frame that covers its callees,
 * else the last frame's own kind. */
export function chainKind(names: readonly string[]): FrameKind {
  for (let i = 0; i < names.length - 1; i++) if (coversCallees(names[i])) return frameKind(names[i]);
  return names.length === 0 ? "code" : frameKind(names[names.length - 1]);
}
