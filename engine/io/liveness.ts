// Whether a process is alive, judged by its pid: the runner of a campaign, the
// writer of a workspace's leftovers (a run folder, an artifact being written).

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}
