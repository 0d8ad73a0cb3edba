// Errors that cross the API: one plain shape for every transport, so the
// renderer shows the same message and the same field issues whether the call
// went in-process, over HTTP or over IPC.

export interface FieldIssue {
  /** Dotted path of the argument, e.g. "repetitions" or "designs.0". */
  readonly path: string;
  readonly message: string;
}

export type ApiErrorCode = "invalid-arguments" | "not-found" | "conflict" | "unauthorized" | "failed";

export interface ApiErrorData {
  readonly code: ApiErrorCode;
  readonly message: string;
  readonly issues: readonly FieldIssue[];
}

export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly issues: readonly FieldIssue[] = [],
  ) {
    super(message);
    this.name = "ApiError";
  }

  toData(): ApiErrorData {
    return { code: this.code, message: this.message, issues: this.issues };
  }

  static from(data: ApiErrorData): ApiError {
    return new ApiError(data.code, data.message, data.issues);
  }
}

/** Any thrown value as the API's error data; unknown errors keep their message. */
export function toErrorData(e: unknown): ApiErrorData {
  if (e instanceof ApiError) return e.toData();
  return { code: "failed", message: e instanceof Error ? e.message : String(e), issues: [] };
}

export function isErrorData(v: unknown): v is ApiErrorData {
  return typeof v === "object" && v !== null && typeof (v as ApiErrorData).code === "string" && typeof (v as ApiErrorData).message === "string";
}

/** Errors of JavaScript itself (a TypeError, a RangeError, a WebAssembly trap, a thrown non-error)
 * are bugs in Varbench. Errors it raises on purpose (bad input, a missing run, a broken trace) are
 * plain Errors or named ones and already speak to people. */
export function isInternalError(e: unknown): boolean {
  return !(e instanceof Error) || (e.constructor !== Error && !["TraceError", "ApiError", "SpecError", "ResultsError"].includes(e.name));
}

/** What SQLite's codes mean for a workspace's database (better-sqlite3's SqliteError carries `code`). */
const STORAGE_PROBLEMS: Readonly<Record<string, string>> = {
  SQLITE_CORRUPT: "the workspace database (varbench.sqlite) is damaged",
  SQLITE_NOTADB: "the workspace database (varbench.sqlite) is not an SQLite database: it was overwritten or cut short",
  SQLITE_FULL: "the disk holding the workspace is full",
  SQLITE_READONLY: "the workspace database is read-only here",
  SQLITE_CANTOPEN: "the workspace database cannot be opened (missing, or no permission)",
};

/** An internal error worded for people: what stopped, the error itself (no stack), and that it is a
 * bug — unless it is the workspace's storage failing, which is said as such. */
export function internalError(what: string, e: unknown, consequence?: string): ApiError {
  const code = e instanceof Error && e.name === "SqliteError" ? String((e as Error & { code?: unknown }).code ?? "") : "";
  const storage = Object.entries(STORAGE_PROBLEMS).find(([prefix]) => code.startsWith(prefix));
  if (storage) return new ApiError("failed", `${what} stopped: ${storage[1]} (${e instanceof Error ? e.message : ""}). Restore it from a backup, or start a new workspace and import its runs.`);
  const detail = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return new ApiError("failed", `${what} stopped on an internal error (${detail}). This is a bug in Varbench${consequence ? `; ${consequence}` : ""}.`);
}
