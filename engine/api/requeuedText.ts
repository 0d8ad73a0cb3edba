// Runs interrupted and queued again, in words: the runner's resume, the engine
// host's recovery and the command line all say it, in the singular for one.

/** "run 3 was interrupted and is queued again", "runs 3, 5 were interrupted … and are queued again";
 * `by` comes after "interrupted" ("by an earlier runner"). */
export function requeuedText(runIds: readonly number[], by = ""): string {
  const ids = runIds.join(", ");
  const cause = by === "" ? "" : ` ${by}`;
  return runIds.length === 1
    ? `run ${ids} was interrupted${cause} and is queued again`
    : `runs ${ids} were interrupted${cause} and are queued again`;
}
