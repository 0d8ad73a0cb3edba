// A run's timeline in Chromium (issue 31 item 3): a real uftrace recording of
// work_and_wait (scheduler events on) imported as run 1, opened from the run
// page's link; its track and slices drawn; a click where the engine's own result
// puts the first scheduler wait shows its call path and the statistics uftrace
// report counts; + zooms in and → pans, and the engine is asked again for the window.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { buildExamples, record, tempDir, uftraceReport } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { openBrowserApp, type BrowserApp } from "../helpers/browserApp.js";
import { inProcessClient } from "../../engine/api/inProcess.js";
import { TID } from "../../renderer/src/testIds.js";
import {
  AXIS_PX,
  HEADER_PX,
  ROW_PX,
  summaryWindow,
  trackBoxes,
  xOf,
} from "../../renderer/src/timeline/timelineLayout.js";
import { href } from "../../renderer/src/paths.js";

const sel = (id: string) => `[data-testid="${id}"]`;
const SLOW = { timeout: 120_000 };

let app: BrowserApp;
let traceDir: string;
/** deep_stack's recursion: main → descend × (DEPTH + 1) → leaf, deeper than the window is tall. */
const DEPTH = 150;

before(async () => {
  process.env.VARBENCH_CONFIG_DIR ??= tempDir("config");
  buildExamples();
  traceDir = record("work_and_wait", ["5", "2000"]);
  const ws = join(tempDir("e2e-timeline"), "ws");
  assert.equal(varbench(["workspace", "init", ws]).status, 0);
  const r = varbench(["-w", ws, "import", traceDir, "--project", "p"]);
  assert.equal(r.status, 0, r.stderr);
  const deep = varbench(["-w", ws, "import", record("deep_stack", [String(DEPTH), "1"]), "--project", "p"]);
  assert.equal(deep.status, 0, deep.stderr);
  app = await openBrowserApp(ws);
});

after(async () => {
  await app?.close();
});

const attr = async (name: string) => Number(await app.page.getAttribute(sel(TID.timeline.canvas), name));

/** The window and width the page drew its answer for, once it is the one shown and stays so, as when a user
 * clicks: the tracks' scroll bar narrows the box once the first answer is drawn, and the page asks again at the
 * new width; a click is hit-tested against the answer drawn. */
async function settle(): Promise<{ width: number; fromNs: number; toNs: number }> {
  const box = app.page.locator(sel(TID.timeline.canvas));
  const drawn = () =>
    box.evaluate((e) => {
      const d = (e as unknown as { dataset: Record<string, string> }).dataset;
      return d.resultFrom === d.from && d.resultTo === d.to && Number(d.resultWidth) === e.clientWidth
        ? `${e.clientWidth} ${d.from} ${d.to}`
        : "";
    });
  // Settled when the same answer is shown for a second: under load the page's second request (at the narrowed
  // width) can come later than one poll.
  let seen = "";
  for (let i = 0, same = 0; i < 600 && (seen === "" || same < 10); i++) {
    const now = await drawn();
    same = now !== "" && now === seen ? same + 1 : 0;
    seen = now;
    await app.page.waitForTimeout(100);
  }
  assert.notEqual(seen, "", "the page drew its answer for the window and width shown");
  const [width, fromNs, toNs] = seen.split(" ").map(Number);
  return { width, fromNs, toNs };
}

describe("a run's timeline in the browser", () => {
  it("opens from the run page, draws the track, and shows a clicked wait's context", async () => {
    const { page } = app;
    await app.goto("#/run/1");
    await page.click(sel(TID.timeline.link));
    await page.waitForSelector(`${sel(TID.timeline.canvas)} canvas`, SLOW);
    await app.screenshot("timeline-whole");
    assert.ok((await attr("data-slices")) > 0, "slices drawn");
    const fromNs = await attr("data-from");
    const toNs = await attr("data-to");
    const width = (await page.locator(`${sel(TID.timeline.canvas)} canvas`).boundingBox())!.width;
    // The engine's own result for the window shown, at the canvas' width: where the first wait lies.
    const api = inProcessClient(app.service);
    const r = await api.analyses.timeline({ target: { kind: "run", runId: 1 }, fromNs, toNs, width });
    // The nap's wait (a loaded machine may add a pre-emption of work, which uftrace report counts apart).
    const wait = r.tracks[0].slices.find((s) => s.wait && r.functions[s.fn] === "linux:schedule")!;
    const x = (xOf(wait.startNs, fromNs, toNs, width) + xOf(wait.endNs, fromNs, toNs, width)) / 2;
    const y = AXIS_PX + HEADER_PX + wait.depth * ROW_PX + ROW_PX / 2;
    await page.click(`${sel(TID.timeline.canvas)} canvas`, { position: { x, y } });
    await page.waitForSelector(sel(TID.timeline.stats));
    const path = await page.locator(`${sel(TID.timeline.path)} li`).allTextContents();
    assert.deepEqual(path, ["main", "nap", "usleep", "linux:schedule"]);
    const n = await page
      .locator(`${sel(TID.timeline.stats)} tr`)
      .first()
      .locator("td")
      .textContent();
    assert.equal(Number(n), uftraceReport(traceDir).get("linux:schedule")!.calls);
    await app.screenshot("timeline-selected");
    assert.deepEqual(app.pageErrors, []);
  });

  it("zooms in with + and pans with →, asking the engine for the window shown", async () => {
    const { page } = app;
    const before = [await attr("data-from"), await attr("data-to")];
    await page.focus(sel(TID.timeline.canvas));
    for (let i = 0; i < 6; i++) await page.keyboard.press("+");
    const zoomed = [await attr("data-from"), await attr("data-to")];
    // Six steps of 1.25: the window is 1.25⁶ ≈ 3.8 times narrower, around the middle.
    assert.ok(Math.abs((before[1] - before[0]) / (zoomed[1] - zoomed[0]) - 1.25 ** 6) < 1e-6);
    await page.keyboard.press("ArrowRight");
    const panned = [await attr("data-from"), await attr("data-to")];
    assert.ok(panned[0] > zoomed[0], "the window moved right");
    // The engine's result catches up with the window shown (debounced).
    // (Polled from the test: the page's CSP refuses waitForFunction's evaluated strings.)
    for (let i = 0; i < 200 && (await attr("data-result-from")) !== panned[0]; i++) await page.waitForTimeout(50);
    assert.equal(await attr("data-result-from"), panned[0]);
    await app.screenshot("timeline-zoomed");
    assert.deepEqual(app.pageErrors, []);
  });

  it("zooms into a summary clicked, and shows on-CPU time where the trace has scheduler waits", async () => {
    const { page } = app;
    // Away and back: the page opens at the whole run (the last test left it zoomed).
    await app.goto("#/");
    await app.goto(href.timeline({ runId: 1 }));
    await page.waitForSelector(`${sel(TID.timeline.canvas)} canvas`, SLOW);
    const { width, fromNs, toNs } = await settle();
    const canvas = page.locator(`${sel(TID.timeline.canvas)} canvas`);
    const api = inProcessClient(app.service);
    const r = await api.analyses.timeline({ target: { kind: "run", runId: 1 }, fromNs, toNs, width });
    // A summary of several calls: work's short calls between the naps. A click picks the slice under it first,
    // else the first summary at its depth within half a pixel (summaryAt), and the page reads a click's
    // position as a whole pixel of the window less the canvas' left edge. So the click goes to a whole pixel
    // of the window where that rule finds the summary, as far from where it stops as can be (work's calls sit
    // close beside the naps' slices and beside each other, and a pre-emption under load narrows them all
    // below a pixel); a quarter pixel past that pixel, so that the window's pixel is the same whether the
    // browser rounds or truncates the position.
    const t = r.tracks[0];
    const left = (await canvas.boundingBox())!.x;
    const half = (toNs - fromNs) / width / 2;
    const hits = (m: (typeof t.summaries)[number], x: number) => {
      const ns = fromNs + (x / width) * (toNs - fromNs);
      return (
        !t.slices.some((s) => s.depth === m.depth && s.startNs <= ns && ns < s.endNs) &&
        t.summaries.find((s) => s.depth === m.depth && s.startNs - half <= ns && ns < s.endNs + half) === m
      );
    };
    let best: { m: (typeof t.summaries)[number]; x: number; room: number } | undefined;
    for (const m of t.summaries.filter((s) => s.count > 1)) {
      const x0 = xOf(m.startNs, fromNs, toNs, width) - 0.5;
      const x1 = xOf(m.endNs, fromNs, toNs, width) + 0.5;
      for (let X = Math.ceil(left + x0); X <= left + x1; X++) {
        const x = X - left;
        if (x < 0 || !hits(m, x)) continue;
        // The room either way, in hundredths of a pixel, up to half a pixel.
        let room = 0;
        while (room < 0.5 && hits(m, x - room - 0.01) && hits(m, x + room + 0.01)) room += 0.01;
        if (!best || room > best.room) best = { m, x: x + 0.25, room };
      }
    }
    assert.ok(
      best,
      `the whole run holds calls narrower than a pixel where a click finds them: ${JSON.stringify(t.summaries.slice(0, 5))} ${t.slices.length}`,
    );
    const { m, x } = best;
    const y = AXIS_PX + HEADER_PX + m.depth * ROW_PX + ROW_PX / 2;
    await canvas.click({ position: { x, y } });
    const picked = page.locator(sel(TID.timeline.summaryPicked));
    await picked.waitFor();
    assert.match(
      await picked.innerText(),
      new RegExp(`^${m.count.toLocaleString("en-US")} calls narrower than a pixel`),
    );
    const zoomed = summaryWindow(m, { startNs: r.spanStartNs, endNs: r.spanEndNs });
    assert.deepEqual([await attr("data-from"), await attr("data-to")], [zoomed.fromNs, zoomed.toNs]);
    for (let i = 0; i < 200 && (await attr("data-result-from")) !== zoomed.fromNs; i++) await page.waitForTimeout(50);
    assert.ok((await attr("data-slices")) > 0, "zoomed in, the merged calls are slices");
    await app.screenshot("timeline-summary-zoomed");
    // On-CPU: the engine's window without the waits, from the whole run again.
    await page.check(sel(TID.timeline.onCpu));
    for (let i = 0; i < 200 && (await page.getAttribute(sel(TID.timeline.canvas), "data-on-cpu")) !== "true"; i++)
      await page.waitForTimeout(50);
    const on = await api.analyses.timeline({ target: { kind: "run", runId: 1 }, width: 10, onCpu: true });
    assert.deepEqual([await attr("data-from"), await attr("data-to")], [on.spanStartNs, on.spanEndNs]);
    assert.ok(on.spanEndNs - on.spanStartNs < r.spanEndNs - r.spanStartNs, "the waits left out, the run is shorter");
    await app.screenshot("timeline-on-cpu");
    assert.deepEqual(app.pageErrors, []);
  });

  it("draws every depth of a deep recursion: the tracks scroll, and the deepest call is picked at the bottom", async () => {
    const { page } = app;
    await app.goto(href.timeline({ runId: 2 }));
    await page.waitForSelector(`${sel(TID.timeline.canvas)} canvas`, SLOW);
    const api = inProcessClient(app.service);
    const box = page.locator(sel(TID.timeline.canvas));
    const win = await settle();
    const r = await api.analyses.timeline({ target: { kind: "run", runId: 2 }, ...win });
    const mainOf = (t: typeof r) => t.tracks.find((k) => k.slices.some((s) => t.functions[s.fn] === "main"))!;
    const main = mainOf(r);
    // main at depth 0, descend at 1 … DEPTH + 1, leaf one deeper: uftrace's own nesting of the program.
    assert.ok(main.depths >= DEPTH + 3, `${main.depths} depths`);
    const layout = trackBoxes(r.tracks);
    const [scrollHeight, clientHeight] = await box.evaluate((e) => [e.scrollHeight, e.clientHeight]);
    assert.ok(
      Math.abs(scrollHeight - layout.height) <= 2,
      `the box holds every row (${scrollHeight} vs ${layout.height})`,
    );
    assert.ok(clientHeight < scrollHeight, "deeper than the window: the box scrolls");
    await box.evaluate((e) => e.scrollTo(0, e.scrollHeight));
    // The page takes the scroll from its scroll event: let it be handled (two frames) before the pointer moves.
    const frames = () =>
      page.evaluate(
        () =>
          new Promise<void>((done) => {
            const raf = (globalThis as unknown as { requestAnimationFrame: (f: () => void) => void })
              .requestAnimationFrame;
            raf(() => raf(() => done()));
          }),
      );
    await frames();
    /** Where the deepest call of main's track is drawn in the canvas: the leaf under the last descend, the one
     * call at its depth. It is a slice once it is a pixel wide or more, else a summary of that one call
     * (window.ts): how wide depends on how long the whole run took, which a loaded machine stretches. */
    const deepestAt = async (t: typeof r, w: typeof win) => {
      const m = mainOf(t);
      const depth = Math.max(...m.slices.map((s) => s.depth), ...m.summaries.map((s) => s.depth));
      const slice = m.slices.find((s) => s.depth === depth);
      const summary = m.summaries.find((s) => s.depth === depth);
      if (slice) assert.equal(t.functions[slice.fn], "leaf");
      else assert.equal(summary?.count, 1, "one call at the deepest depth");
      const item = slice ?? summary!;
      const top = trackBoxes(t.tracks).boxes.find((b) => b.track.key === m.key)!.rowsTop;
      const scrolled = await box.evaluate((e) => e.scrollTop);
      const x0 = xOf(item.startNs, w.fromNs, w.toNs, w.width);
      const x1 = xOf(item.endNs, w.fromNs, w.toNs, w.width);
      return { slice, x: (x0 + x1) / 2, px: x1 - x0, y: top + depth * ROW_PX + ROW_PX / 2 - scrolled };
    };
    const canvas = page.locator(`${sel(TID.timeline.canvas)} canvas`);
    const frame = (await canvas.boundingBox())!;
    // The leaf is a pixel wide or less, and a pointer's position is whole pixels: a user zooms in over it with
    // the wheel (which keeps the time under the pointer), and the page asks the engine for the new window; a
    // user zooms again, the pointer on the leaf, until it is wide enough to hit.
    let at = await deepestAt(r, win);
    let zoomed = win;
    for (let round = 0; round === 0 || (round < 4 && !(at.slice && at.px >= 4)); round++) {
      await page.mouse.move(frame.x + at.x, frame.y + at.y);
      for (let i = 0; i < 12; i++) await page.mouse.wheel(0, -100);
      zoomed = await settle();
      await frames();
      at = await deepestAt(await api.analyses.timeline({ target: { kind: "run", runId: 2 }, ...zoomed }), zoomed);
    }
    assert.ok(zoomed.toNs - zoomed.fromNs < (win.toNs - win.fromNs) / 10, "the wheel zoomed in");
    assert.ok(at.slice && at.px >= 4, `the leaf is a slice ${at.px.toFixed(1)} px wide once zoomed in`);
    const deepest = at.slice;
    await canvas.click({ position: { x: at.x, y: at.y } });
    await page.waitForSelector(sel(TID.timeline.path));
    const path = await page.locator(`${sel(TID.timeline.path)} li`).allTextContents();
    assert.equal(path.length, deepest.depth + 1);
    assert.deepEqual([path[0], path.at(-1)], ["main", "leaf"]);
    assert.equal(path.filter((f) => f === "descend").length, DEPTH + 1);
    await app.screenshot("timeline-deep-scrolled");
    assert.deepEqual(app.pageErrors, []);
  });
});
