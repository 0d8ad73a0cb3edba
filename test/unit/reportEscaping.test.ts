// Names from programs and files reach reports and commands as text, never as markup or code
// (issue 29, item 5): Markdown shows them as they are (read back by CommonMark's own rules:
// a backslash before punctuation and an entity stand for the character), CSV cells never start a
// formula (OWASP's CSV injection) and numbers stay numbers, and a command read by a real POSIX
// shell gives back its arguments, whatever the workspace's path holds.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fc from "fast-check";
import {
  markdownCode,
  markdownInline,
  markdownText,
  reportMarkdown,
} from "../../engine/report/campaignReport/markdown.js";
import { csvRows, csvText } from "../../engine/report/campaignReport/cells.js";
import { toCsv } from "../../engine/report/csv.js";
import { shellCommand, shortText, visibleText } from "../../engine/format/text.js";
import type { CampaignReport } from "../../engine/report/campaignReport/model.js";

const HOSTILE = [
  "<img src=x onerror=alert(31)>",
  "[x](javascript:alert(1))",
  "**bold** _it_ `code` ~~s~~",
  "a|b",
  "# heading",
  "- item",
  "+ item",
  "12. item",
  "=cmd|' /C calc'!A0",
  "&lt;script&gt;",
  "\u001b[31mred\u0007\u0000",
  "rev\u202eersed",
  "   - indented",
  "x\\*y",
  "\n\nnew paragraph",
];

/** Markdown text as a CommonMark renderer reads it: backslash-escaped punctuation and the entities used stand for their characters. */
function readMarkdown(md: string): string {
  return md.replace(
    /\\([!-/:-@[-`{-~])|&(amp|lt|gt|#32);/g,
    (_, punct: string | undefined, entity: string | undefined) =>
      punct ?? { amp: "&", lt: "<", gt: ">", "#32": " " }[entity!]!,
  );
}

describe("Markdown text", () => {
  it("reads back as the text itself, its control characters visible, for hostile names and any text", () => {
    for (const name of HOSTILE) {
      assert.equal(readMarkdown(markdownText(name)), visibleText(name), name);
      assert.equal(readMarkdown(markdownInline(name)), visibleText(name), name);
    }
    assert.equal(markdownText("12.5 ms"), "12.5 ms", "a number is no list item");
    assert.equal(markdownText("12. item"), "12\\. item");
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 40 }),
        (s) => readMarkdown(markdownText(s)) === visibleText(s),
      ),
      { numRuns: 2000, seed: 29 },
    );
  });

  it("leaves no raw HTML, no entity of its own, no control character, no unescaped markup and no block start", () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ unit: "binary", maxLength: 40 })), (s) => {
        const md = markdownText(s);
        assert.doesNotMatch(md, /[<>\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/, md);
        assert.doesNotMatch(md, /&(?!amp;|lt;|gt;|#32;)/, md);
        // Every markup character is escaped: an odd run of backslashes before it.
        for (const m of md.matchAll(/(\\*)([`*_[\]|~])/g)) assert.equal(m[1].length % 2, 1, `${md}: ${m[0]}`);
        assert.doesNotMatch(md, /^(#|[-+=]|\d{1,9}[.)](\s|$)| )/, md);
      }),
      { numRuns: 2000, seed: 29 },
    );
  });

  it("writes code spans with a fence no run of backticks inside closes", () => {
    for (const s of ["/tmp/ws", "/tmp/a`b", "``x``", "`", "/tmp/\u001b]0;title\u0007"]) {
      const span = markdownCode(s);
      const fence = /^`+/.exec(span)![0];
      const inner = span.slice(fence.length, span.length - fence.length);
      assert.ok(span.endsWith(fence) && !inner.includes(fence), span);
      const shown = visibleText(s);
      assert.equal(
        inner,
        shown.startsWith("`") || shown.endsWith("`") ? ` ${shown} ` : shown,
        "a space pads a span that starts or ends with a backtick",
      );
    }
  });

  it("renders a report whose every text is hostile with nothing of it as markup", () => {
    const name = "<img src=x onerror=alert(31)>|\u001b[2J";
    const report: CampaignReport = {
      schema: "varbench-campaign-report",
      schemaVersion: 2,
      title: `# ${name}`,
      provenance: {
        varbench: "1",
        generatedAt: "now",
        workspace: "/tmp/w`s <b>",
        campaign: { id: 1, name, project: name, profiler: "time", seed: 1, status: "finished" },
        designs: null,
        runIds: [1],
        analyses: [{ kind: name, args: { f: name } }],
        command: "varbench -w '/tmp/w`s <b>' report 1",
      },
      headline: {
        faster: null,
        lower: null,
        ratio: 1,
        interval: null,
        confidence: 0.95,
        measure: name,
        basis: name,
        method: name,
        settled: true,
        sentence: `- ${name}`,
        disagreements: [name],
      },
      sections: [
        {
          id: "s",
          title: name,
          paragraphs: [name, `1. ${name}`],
          tables: [
            {
              id: "t",
              title: name,
              columns: [
                { key: "f", label: name, unit: "text" },
                { key: "n", label: "n", unit: "count" },
              ],
              rows: [[name, 3]],
            },
          ],
          charts: [],
        },
      ],
      notes: [name],
    };
    const md = String(reportMarkdown.render(report, {}));
    assert.doesNotMatch(md, /[\u0000-\u0009\u000b-\u001f]/, "no control character");
    // Inside a code span nothing is markup (CommonMark §6.1): a path's "<b>" is text there.
    assert.doesNotMatch(md.replace(/``.*?``|`[^`]*`/g, ""), /[<>]/, "no raw HTML outside code spans");
    const row = md.split("\n").find((l) => l.includes("onerror") && l.startsWith("| ") && l.endsWith("3 |"))!;
    assert.equal(row.split(/(?<!\\)\|/).length, 4, `two cells: ${row}`);
  });
});

describe("CSV cells", () => {
  it("put a quote before text a spreadsheet would read as a formula, and leave numbers and number-like text alone", () => {
    const csv = toCsv([
      {
        name: '=HYPERLINK("http://x","y")',
        a: "+1+2",
        b: "-2+3",
        c: "@SUM(A1)",
        d: "\tx",
        e: "-1.5",
        f: -2,
        g: "1e-7",
        h: "plain",
      },
    ]);
    assert.equal(csv.split("\n")[1], `"'=HYPERLINK(""http://x"",""y"")",'+1+2,'-2+3,'@SUM(A1),'\tx,-1.5,-2,1e-7,plain`);
    const rows = csvRows({
      id: "t",
      title: "t",
      columns: [
        { key: "f", label: "=label", unit: "text" },
        { key: "v", label: "v", unit: "ns" },
      ],
      rows: [["-[NSView drawRect:]", -5]],
    });
    assert.equal(csvText(rows), `'=label,v (ns)\r\n'-[NSView drawRect:],-5\r\n`);
  });
});

describe("commands for a shell", () => {
  it("read back by sh as the same arguments, whatever the workspace's path holds", () => {
    const argvs = [
      ["varbench", "-w", "/tmp/my ws", "report", "1", "--format", "md"],
      ["varbench", "-w", "/tmp/it's;rm -rf ~", "export-trace", "run:3", "-o", "/tmp/$(touch pwned)`x`.json"],
      ["varbench", "-w", "", "report", "1"],
      ["varbench", "-w", '/tmp/"q"\n\tz*?[a]{b}!#&|<>', "report", "1"],
    ];
    for (const argv of argvs) {
      const r = spawnSync("sh", ["-c", `eval "set -- $1"; printf '%s\\0' "$@"`, "sh", shellCommand(argv)], {
        encoding: "utf8",
      });
      assert.equal(r.status, 0, r.stderr);
      assert.deepEqual(r.stdout.split("\0").slice(0, -1), argv);
    }
    assert.equal(
      shellCommand(["varbench", "-w", "/tmp/ws-1", "report", "2", "--designs", "a,b"]),
      "varbench -w /tmp/ws-1 report 2 --designs a,b",
      "plain arguments stay plain",
    );
  });
});

describe("text for a terminal", () => {
  it("shows control characters as escapes and cuts a long text with the count of the rest", () => {
    assert.equal(shortText("sleep 1\u001b[2J\u0007"), "sleep 1\\u001b[2J\\u0007");
    assert.equal(shortText("x".repeat(250)), `${"x".repeat(200)}… (50 more characters)`);
  });
});
