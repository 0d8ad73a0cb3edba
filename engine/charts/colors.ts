// The chart palette of each theme; the views pass the one in use.

export interface ChartColors {
  readonly text: string;
  readonly axis: string;
  readonly grid: string;
  readonly primary: string;
  readonly accent: string;
  readonly points: string;
  /** Fill of graph nodes: opaque, so edges drawn beneath stay beneath. */
  readonly nodeFill: string;
  readonly series: readonly string[];
}

export const LIGHT: ChartColors = {
  text: "#1f2328",
  axis: "#8c959f",
  grid: "#e6e9ed",
  primary: "#3b6fd4",
  accent: "#d9480f",
  points: "rgba(31,35,40,0.45)",
  nodeFill: "#e8eefb",
  series: ["#3b6fd4", "#d9480f", "#2b8a3e", "#7048e8", "#c2255c", "#0c8599"],
};
export const DARK: ChartColors = {
  text: "#e6edf3",
  axis: "#6e7681",
  grid: "#2d333b",
  primary: "#6ea8fe",
  accent: "#ff922b",
  points: "rgba(230,237,243,0.5)",
  nodeFill: "#1c2d4a",
  series: ["#6ea8fe", "#ff922b", "#69db7c", "#b197fc", "#f783ac", "#66d9e8"],
};
