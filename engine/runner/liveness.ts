// Whether a process is alive: the runner of a campaign, judged by its pid (engine/io/liveness.ts,
// where the artifact store finds it too).
export { isAlive } from "../io/liveness.js";
