// Names in charts are text (issue 29, item 4; engine/charts/chartText.ts). By the chart builders'
// syntax: no tooltip text and no string label interpolates a value without html`…` or labelText(…),
// and no template interpolating a value writes markup untagged (the phases timeline's instanceAt
// did: a function named <img src=x onerror=…> became an element). By their output: a hostile name
// in a tooltip shows as text, as a browser would parse the HTML, and braces are no template.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { escapeHtml, html } from "../../engine/charts/chartText.js";
import { distributionOption } from "../../engine/charts/distribution.js";
import { vcgGraphOption } from "../../renderer/src/vcg/vcgGraph.js";
import { ROOT } from "../helpers/uftrace.js";
import type { ChartColors } from "../../engine/charts/colors.js";
import type { DominantVarianceResult } from "../../engine/variance/result.js";

/** Every module that builds ECharts options: engine/charts and the renderer's files that import echarts. */
function chartModules(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
    );
  const renderer = walk(join(ROOT, "renderer", "src")).filter((f) => /from "echarts"/.test(readFileSync(f, "utf8")));
  return [...walk(join(ROOT, "engine", "charts")), ...renderer];
}

/** The property a node sits in, and the one that property sits in: ["tooltip", "formatter"]. */
function propertyPath(node: ts.Node): string[] {
  const names: string[] = [];
  for (let n: ts.Node | undefined = node; n; n = n.parent)
    if (ts.isPropertyAssignment(n)) names.unshift(n.name.getText());
  return names;
}

/** Templates that interpolate a value raw where ECharts reads HTML or a template, with their place. */
function rawInterpolations(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isTemplateExpression(node) && !ts.isTaggedTemplateExpression(node.parent)) {
      const literal = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join("");
      const path = propertyPath(node);
      const inTooltip = path.includes("tooltip") && path[path.length - 1] === "formatter";
      // A string (not a function) given as a label's formatter is read as a template by ECharts.
      const stringLabel = ts.isPropertyAssignment(node.parent) && node.parent.name.getText() === "formatter";
      if (literal.includes("<") || inTooltip || stringLabel) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${relative(ROOT, file)}:${line + 1}: ${node.getText().slice(0, 70)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const COLORS: ChartColors = {
  text: "#000",
  axis: "#000",
  grid: "#eee",
  primary: "#00f",
  accent: "#f00",
  points: "#888",
  nodeFill: "#fff",
  series: ["#00f", "#f00"],
} as ChartColors;
const HOSTILE = "<img src=x onerror=alert(31)>{b}{c}&amp;";

/** Whether HTML, as a browser parses it, holds an element other than the template's <br> and <b>. */
function foreignElement(markup: string): boolean {
  return /<(?!\/?(br|b)\b)[a-z!?/]/i.test(markup);
}

describe("chart text", () => {
  it("no chart builder interpolates a value raw into a tooltip, a string label or markup", () => {
    const modules = chartModules();
    assert.ok(
      modules.some((f) => f.endsWith("phaseCharts.ts")) && modules.some((f) => f.endsWith("patternCharts.ts")),
      "the chart builders are found",
    );
    assert.deepEqual(modules.flatMap(rawInterpolations), []);
  });

  it("html`…` keeps the template's markup and escapes every value, braces too", () => {
    assert.equal(
      html`${HOSTILE}<br/>${3} calls`,
      "&lt;img src=x onerror=alert(31)&gt;&#123;b&#125;&#123;c&#125;&amp;amp;<br/>3 calls",
    );
    assert.equal(escapeHtml(`"'`), "&quot;&#39;");
  });

  it("a hostile group's name in the distribution's tooltip is text", () => {
    const option = distributionOption([{ label: HOSTILE, values: [1e6, 2e6, 3e6, 4e6, 5e6] }], COLORS, {
      title: "wall time",
      unit: "ns",
    }) as { series: { tooltip?: { formatter?: (p: unknown) => string } }[] };
    const text = option.series[0].tooltip!.formatter!({ name: HOSTILE, value: [0, 1, 2, 3, 4, 5] });
    assert.ok(!foreignElement(text), text);
    assert.match(text, /^&lt;img src=x onerror=alert\(31\)&gt;&#123;b&#125;/);
  });

  it("a hostile function name in a VCG node's tooltip is text, and its label is no template", () => {
    const node = {
      id: 0,
      fname: HOSTILE,
      type: "Task",
      meanNs: 1,
      cov: 0.5,
      n: 3,
      weightNs: 3,
      vim: 1,
      children: [],
      ccs: [`main > ${HOSTILE}`],
      realTime: { statements: [{ text: `${HOSTILE} varies` }] },
    };
    const r = { nodes: [node], patterns: [{ root: 0 }], segments: [] } as unknown as DominantVarianceResult;
    const data = (
      vcgGraphOption(r, COLORS) as {
        series: { data: { tooltip: { formatter: string }; label: { formatter: () => string; rich?: unknown } }[] }[];
      }
    ).series[0].data[0];
    assert.ok(!foreignElement(data.tooltip.formatter), data.tooltip.formatter);
    assert.match(
      data.label.formatter(),
      /^\(0\) <img src=x onerror=alert\(31\)>\{b\}\{c\}&amp;\n/,
      "the canvas label shows the name as it is",
    );
    assert.equal(data.label.rich, undefined, "a name with braces is drawn without rich text");
  });
});
