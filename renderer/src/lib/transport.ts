// How the renderer reaches the engine: over Electron IPC when the preload put
// window.varbench there, otherwise over HTTP + WebSocket to browser mode's
// server (same origin; the session cookie carries the token).
import { createClient } from "../../../engine/api/client.js";
import type { EventName, Invoke, Subscribe, VarbenchApi } from "../../../engine/api/contract.js";
import { ApiError, isErrorData } from "../../../engine/errors/errors.js";
import { channelOf } from "../../../engine/api/channels.js";
import type { ReportFile } from "../../../engine/api/types.js";

interface Bridge {
  invoke(channel: string, args: unknown): Promise<unknown>;
  onEvent(listener: (event: string, payload: unknown) => void): () => void;
  onMenu(listener: (action: string) => void): () => void;
  /** The desktop app: the file written where the native save dialog says; false when cancelled. */
  saveFile(file: ReportFile): Promise<{ saved: boolean; path?: string }>;
}

declare global {
  interface Window {
    varbench?: Bridge;
  }
}

export function connect(): {
  api: VarbenchApi;
  onMenu: (listener: (action: string) => void) => () => void;
  transport: "ipc" | "http";
} {
  const bridge = window.varbench;
  if (bridge) {
    const invoke: Invoke = (method, args) =>
      bridge.invoke(channelOf(method), args).catch((e: Error) => {
        // The main process sends the API's error data as the message (see electron/main.ts).
        const data = parseJson(e.message.replace(/^Error invoking remote method '[^']*': (Error: )?/, ""));
        throw isErrorData(data) ? ApiError.from(data) : e;
      });
    const subscribe: Subscribe = (event, listener) => bridge.onEvent((e, p) => e === event && listener(p));
    return { api: createClient(invoke, subscribe), onMenu: (l) => bridge.onMenu(l), transport: "ipc" };
  }
  return { api: createClient(httpInvoke, webSocketEvents()), onMenu: () => () => {}, transport: "http" };
}

const httpInvoke: Invoke = async (method, args) => {
  let res: Response;
  try {
    res = await fetch(`api/${method}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(args ?? {}),
    });
  } catch {
    throw new ApiError("failed", "the Varbench server does not answer; is `npm start` still running?");
  }
  const body = parseJson(await res.text()) as { result?: unknown; error?: unknown } | null;
  if (res.ok && body && "result" in body) return body.result;
  if (body && isErrorData(body.error)) throw ApiError.from(body.error);
  throw new ApiError(
    res.status === 401 ? "unauthorized" : "failed",
    res.status === 401 ? "this page has no valid session: open the URL that `npm start` printed" : `HTTP ${res.status}`,
  );
};

/** One WebSocket for all events, reconnected with a growing delay (max 5 s). */
function webSocketEvents(): Subscribe {
  const listeners = new Map<EventName, Set<(p: unknown) => void>>();
  let delay = 250;
  const open = () => {
    const ws = new WebSocket(new URL("api/events", location.href.replace(/^http/, "ws").replace(/#.*$/, "")));
    ws.onopen = () => (delay = 250);
    ws.onmessage = (m) => {
      const msg = parseJson(String(m.data)) as { event: EventName; payload: unknown } | null;
      if (msg) for (const l of listeners.get(msg.event) ?? []) l(msg.payload);
    };
    ws.onclose = () => {
      setTimeout(open, delay);
      delay = Math.min(5000, delay * 2);
    };
  };
  open();
  return (event, listener) => {
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
