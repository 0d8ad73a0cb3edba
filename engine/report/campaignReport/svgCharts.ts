// A report's charts drawn as SVG text by ECharts' server-side rendering, from
// the same option builders the workbench draws with (engine/charts), once per
// theme so the HTML can follow the reader's.
import * as echarts from "echarts";
import type { EChartsOption } from "echarts";
import { DARK, LIGHT, type ChartColors } from "../../charts/colors.js";
import { distributionOption } from "../../charts/distribution.js";
import { sharesOption } from "../../charts/shares.js";
import type { ReportChart } from "./model.js";

export const CHART_WIDTH = 880;
export const CHART_HEIGHT = 340;

function optionOf(c: ReportChart, colors: ChartColors): EChartsOption {
  return c.kind === "distribution"
    ? distributionOption(c.groups, colors, c.axis)
    : sharesOption(c.categories, c.series, colors);
}

/** The chart as an SVG document string in the given theme. */
export function chartSvg(c: ReportChart, theme: "light" | "dark"): string {
  const chart = echarts.init(null, null, { renderer: "svg", ssr: true, width: CHART_WIDTH, height: CHART_HEIGHT });
  try {
    chart.setOption({ ...optionOf(c, theme === "dark" ? DARK : LIGHT), animation: false });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
