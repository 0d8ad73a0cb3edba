// Varbench's errors, at the bottom of the engine (after hyperfine's src/error.rs): every error is
// of one kind, and who it is for — the user, the machine under the workspace, or Varbench's
// authors — is a property of its kind, never a list of class names. Errors Varbench raises on
// purpose extend VarbenchError and are worded where they are raised (trace/diagnostics.ts,
// results/diagnostics.ts, …); the kinds it does not raise on purpose are worded here, in one
// function. One plain shape carries every error across the API, so the renderer shows the same
// message and field issues whether the call went in-process, over HTTP or over IPC.
// Zod's own messages are put in Varbench's words here too, once for every schema.
import "./zodWords.js";

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

/** Every kind of error, and who must act on it. */
export const ERROR_KINDS = {
  /** A request the API refuses (ApiError): bad arguments, nothing of that id, a conflict, no session. */
  request: "user",
  /** A file given that is not what it should be: a trace, a results file, a campaign spec. */
  input: "user",
  /** A result the asked format cannot hold (report/exporter.ts's ExportRefused). */
  refused: "user",
  /** A plain Error: a failure Varbench says in words where it happens (a tool not installed, a run that failed). */
  said: "user",
  /** The workspace's disk or database failing under Varbench (SQLite's codes in STORAGE_PROBLEMS). */
  storage: "machine",
  /** Any other error — JavaScript's own (a TypeError, a RangeError, a WebAssembly trap), a thrown non-error: a bug. */
  bug: "bug",
} as const satisfies Record<string, "user" | "machine" | "bug">;

export type ErrorKind = keyof typeof ERROR_KINDS;
export type Blame = (typeof ERROR_KINDS)[ErrorKind];

/** An error whose message already speaks to people; its kind says who it is for, its code and
 * issues how it crosses the API. */
export abstract class VarbenchError extends Error {
  abstract readonly kind: ErrorKind;

  constructor(
    message: string,
    readonly code: ApiErrorCode = "failed",
    readonly issues: readonly FieldIssue[] = [],
  ) {
    super(message);
  }
}

/** The error every transport rebuilds from the API's error data. Its kind is "request" unless it
 * worded an error of another kind (wordedError); the kind stays on this side of a transport. */
export class ApiError extends VarbenchError {
  constructor(
    code: ApiErrorCode,
    message: string,
    issues: readonly FieldIssue[] = [],
    readonly kind: "request" | "storage" | "bug" = "request",
  ) {
    super(message, code, issues);
    this.name = "ApiError";
  }

  toData(): ApiErrorData {
    return { code: this.code, message: this.message, issues: this.issues };
  }

  static from(data: ApiErrorData): ApiError {
    return new ApiError(data.code, data.message, data.issues);
  }
}

/** What SQLite's codes mean for a workspace's database (better-sqlite3's SqliteError carries `code`). */
const STORAGE_PROBLEMS: Readonly<Record<string, string>> = {
  SQLITE_CORRUPT: "the workspace database (varbench.sqlite) is damaged",
  SQLITE_NOTADB: "the workspace database (varbench.sqlite) is not an SQLite database: it was overwritten or cut short",
  SQLITE_FULL: "the disk holding the workspace is full",
  SQLITE_READONLY: "the workspace database is read-only here",
  SQLITE_CANTOPEN: "the workspace database cannot be opened (missing, or no permission)",
};

/** The storage problem an error of SQLite's is, or null (an extended code such as SQLITE_READONLY_DBMOVED is its prefix's). */
function storageProblem(e: Error): string | null {
  const code = e.name === "SqliteError" ? String((e as Error & { code?: unknown }).code ?? "") : "";
  return Object.entries(STORAGE_PROBLEMS).find(([prefix]) => code.startsWith(prefix))?.[1] ?? null;
}

export function errorKind(e: unknown): ErrorKind {
  if (e instanceof VarbenchError) return e.kind;
  if (!(e instanceof Error)) return "bug";
  if (e.constructor === Error) return "said";
  return storageProblem(e) === null ? "bug" : "storage";
}

/** An error raised on purpose about the request, its files or the workspace: passed on as it is. */
export function isUserError(e: unknown): boolean {
  return ERROR_KINDS[errorKind(e)] === "user";
}

/** Any error as people read it: one that already speaks to them as it is; the workspace's storage
 * failing as such, with what to do; anything else as what stopped, the error itself (never its
 * stack) and that it is a bug in Varbench, with `consequence` after. */
export function wordedError(what: string, e: unknown, consequence?: string): Error {
  const kind = errorKind(e);
  if (e instanceof VarbenchError || ERROR_KINDS[kind] === "user") return e as Error;
  if (kind === "storage") {
    const error = e as Error;
    return new ApiError(
      "failed",
      `${what} stopped: ${storageProblem(error)} (${error.message}). Restore it from a backup, or start a new workspace and import its runs.`,
      [],
      "storage",
    );
  }
  const detail = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return new ApiError(
    "failed",
    `${what} stopped on an internal error (${detail}). This is a bug in Varbench${consequence ? `; ${consequence}` : ""}.`,
    [],
    "bug",
  );
}

/** Any thrown value as the API's error data; an error of no kind of Varbench's keeps its message. */
export function toErrorData(e: unknown): ApiErrorData {
  if (e instanceof VarbenchError) return { code: e.code, message: e.message, issues: e.issues };
  return { code: "failed", message: e instanceof Error ? e.message : String(e), issues: [] };
}

export function isErrorData(v: unknown): v is ApiErrorData {
  return (
    typeof v === "object" &&
    v !== null &&
    typeof (v as ApiErrorData).code === "string" &&
    typeof (v as ApiErrorData).message === "string"
  );
}
