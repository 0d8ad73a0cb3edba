// `varbench cct <target>`: declared here, run by cct.ts.
import { Option, type Command } from "commander";
import { CCT_TABLE_DEFAULTS } from "../../cct/cct.js";
import { jsonOption, maxChildrenOption, TARGET, threadOption, workspaceDir } from "../options.js";
import { wholeNumber } from "../optionParsers.js";

export function declareCct(program: Command): void {
  program
    .command("cct")
    .description("list the calling contexts of a run, a design's runs or a trace with N, mean, σ, CoV and totals")
    .argument("<target>", TARGET)
    .addOption(
      new Option("--sort <key>", `order of contexts (default ${CCT_TABLE_DEFAULTS.sort})`).choices([
        "total",
        "self",
        "cov",
      ]),
    )
    .addOption(threadOption("only this thread (tid, or pid/tid)"))
    .option("--limit <n>", `show at most n contexts (0: all; default ${CCT_TABLE_DEFAULTS.limit})`, wholeNumber)
    .addOption(jsonOption())
    .addOption(
      maxChildrenOption("keep child covariance only for contexts with at most n children", "; builds the CCT again"),
    )
    .option("--on-cpu", "uftrace with scheduler events: leave the time threads spent switched out out (default: off)")
    .action(async (target: string, o) => (await import("./cct.js")).cct(workspaceDir(program), target, o));
}
