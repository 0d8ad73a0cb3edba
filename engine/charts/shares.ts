// Shares of categories side by side (a report's pattern distribution, paper
// 004 Fig. 15): one bar per series in each category, as percentages.
import type { EChartsOption } from "echarts";
import type { ChartColors } from "./colors.js";

export function sharesOption(
  categories: readonly string[],
  series: readonly { readonly name: string; readonly values: readonly number[] }[],
  colors: ChartColors,
): EChartsOption {
  return {
    animation: false,
    textStyle: { color: colors.text },
    legend: { top: 0, textStyle: { color: colors.text } },
    grid: { left: 64, right: 24, top: 48, bottom: 48 },
    xAxis: {
      type: "category",
      data: [...categories],
      axisLine: { lineStyle: { color: colors.axis } },
      axisLabel: { color: colors.text, interval: 0 },
    },
    yAxis: {
      type: "value",
      name: "% of the design's runs",
      nameTextStyle: { align: "left" },
      max: 100,
      axisLine: { lineStyle: { color: colors.axis } },
      splitLine: { lineStyle: { color: colors.grid } },
      axisLabel: { color: colors.text },
    },
    series: series.map((s, i) => ({
      type: "bar",
      name: s.name,
      data: s.values.map((v) => Math.round(1000 * v) / 10),
      itemStyle: { color: colors.series[i % colors.series.length] },
      label: { show: true, position: "top", color: colors.text, formatter: "{c}%" },
    })),
  };
}
