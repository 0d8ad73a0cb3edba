// Entry of the engine worker inside the Electron build: the engine's own
// worker entry, bundled beside main.js.
import "../engine/api/workerEntry.js";
