// What the command line says when a command fails: the message Varbench
// wrote for people; for an error of JavaScript itself (a bug), its name and
// message with a request to report it, never a stack trace.

export function failureMessage(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const ours = e.constructor === Error || ["ApiError", "TraceError", "SpecError", "CommanderError", "InvalidArgumentError"].includes(e.name);
  return ours ? e.message : `internal error (${e.name}: ${e.message}); this is a bug in Varbench, please report it`;
}
