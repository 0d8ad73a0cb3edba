// Checks of browser mode's requests beside the token (httpServer.ts): which
// Host they name, whether a browser says they come from another site, and
// whether their body nests deeper than API arguments do. Each answers in words.
import type { IncomingMessage } from "node:http";

/** API arguments nest a few levels (a campaign launched with its designs' variables, an analysis's
 * arguments): 64 is far past them. A body nested 500,000 deep (1 MB of '[') was parsed, and then
 * overflowed the stack when it was copied to the engine's worker: a 500 with V8's words. */
export const MAX_BODY_DEPTH = 64;

/** The request's one Host, or null when it names none or several. Node keeps only the first of two
 * Host lines in `headers.host`, so a foreign second one passed; RFC 9112 §3.2 answers both with 400. */
export function singleHost(req: IncomingMessage): string | null {
  const hosts: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2)
    if (req.rawHeaders[i].toLowerCase() === "host") hosts.push(req.rawHeaders[i + 1]);
  return hosts.length === 1 ? hosts[0] : null;
}

/** Whether a browser's Sec-Fetch-Site (Fetch Metadata) allows the request: only pages of this
 * server's own origin call the API. A client that sends none (a script, an older browser) is judged
 * by its Origin alone; a page of another site that sends no Origin (a form, some POSTs) is refused
 * here, as is one of another port of 127.0.0.1 ("same-site": sites ignore ports). */
export function fetchSiteOk(req: IncomingMessage): boolean {
  const site = req.headers["sec-fetch-site"];
  return site === undefined || site === "same-origin";
}

/** Whether JSON text nests arrays and objects deeper than `max`, scanned without parsing it. */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // the escaped character is skipped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
