// The version of the program a campaign measures (issue 33): a label the user gives, or the git
// revision of the spec's folder with a dirty flag; and the commit order git knows, by which the
// history orders versions (a label is ordered as first seen where git knows no commit for it).
import { execFileSync } from "node:child_process";

export interface ProgramVersion {
  /** What the history shows: the label given, else the commit's first 12 hex digits (+ "-dirty"). */
  readonly label: string;
  /** The commit the label names where git knows one; null otherwise. */
  readonly commit: string | null;
  /** The work tree had uncommitted changes (the default version only); null: not known. */
  readonly dirty: boolean | null;
}

/** Digits of a commit a label shows: git's own default abbreviation grows to 12 in large repositories. */
const LABEL_DIGITS = 12;

function git(cwd: string, args: readonly string[]): string | null {
  try {
    return execFileSync("git", args, {
      cwd,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 256 * 1024 * 1024,
    });
  } catch {
    return null; // not a work tree, no such revision, or no git
  }
}

/**
 * The version of `folder`'s program: `label` when given (with the commit it names, if git knows it
 * there as a revision: a tag, a branch, a hash), else HEAD with the work tree's dirty flag
 * (`git status --porcelain` lists anything); null when no label is given and the folder is no work tree.
 */
export function programVersion(folder: string, label?: string): ProgramVersion | null {
  if (label !== undefined) {
    const named = label.startsWith("-") ? null : git(folder, ["rev-parse", "--verify", "--quiet", `${label}^{commit}`]);
    return { label, commit: named?.trim() || null, dirty: null };
  }
  const head = git(folder, ["rev-parse", "--verify", "--quiet", "HEAD^{commit}"])?.trim();
  if (!head) return null;
  const status = git(folder, ["status", "--porcelain", "--untracked-files=no"]);
  const dirty = status === null ? null : status.trim() !== "";
  return { label: head.slice(0, LABEL_DIGITS) + (dirty ? "-dirty" : ""), commit: head, dirty };
}

/**
 * Each commit's place in `folder`'s history, oldest first (`git rev-list --topo-order --reverse --all`:
 * a parent always before its children, whichever branch); commits git does not know there are left out.
 */
export function commitOrder(folder: string, commits: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  if (commits.length === 0) return out;
  const listed = git(folder, ["rev-list", "--topo-order", "--reverse", "--all"]);
  if (listed === null) return out;
  const wanted = new Set(commits);
  listed.split("\n").forEach((c, i) => {
    if (wanted.has(c)) out.set(c, i);
  });
  return out;
}
