// `varbench campaign …`: declared here, run by campaign.ts.
import type { Command } from "commander";
import type { MeasureName } from "../../campaign/measures.js";
import { csvOption, jsonOption, metricOption, seedOption, workspaceDir } from "../options.js";
import { wholeNumber } from "../optionParsers.js";

export function declareCampaign(program: Command): void {
  const ws = () => workspaceDir(program);
  const campaign = program.command("campaign").description("run designs × workloads × repetitions under a profiler");
  campaign
    .command("init")
    .argument("[file]", "where to write it", "campaign.yaml")
    .description(
      "write a commented starter spec (every common field with what it does and its default) that campaign run accepts as written; an existing file is not overwritten",
    )
    .action(async (file: string) => (await import("./campaign.js")).init(file));
  campaign
    .command("run")
    .argument("<spec>", "campaign spec (YAML)")
    .addOption(seedOption("seed of the run order (default: the spec's, else random; recorded)"))
    .option(
      "--program-version <label>",
      "the version of the program measured, for varbench history (--version is varbench's own) (default: the git revision of the spec's folder, marked -dirty with uncommitted changes; none outside git)",
    )
    .description("plan a campaign from a spec and run it, with its progress")
    .action(async (spec: string, o: { seed?: number; programVersion?: string }) =>
      (await import("./campaign.js")).run(ws(), spec, o.seed, o.programVersion),
    );
  campaign
    .command("resume")
    .argument("<id>", "campaign id", wholeNumber)
    .description("finish a campaign whose runner stopped: interrupted runs are run again")
    .action(async (id: number) => (await import("./campaign.js")).resume(ws(), id));
  campaign
    .command("calibrate")
    .argument("<id>", "campaign id (under uftrace)", wholeNumber)
    .description(
      "measure uftrace's own cost per call on this machine again, for the campaign's record options (kept in the workspace and in the config folder's calibrations.json for the machine's other workspaces)",
    )
    .action(async (id: number) => (await import("./campaign.js")).calibrate(ws(), id));
  campaign
    .command("cancel")
    .argument("<id>", "campaign id", wholeNumber)
    .description("stop a running campaign: its current runs are stopped, queued ones cancelled")
    .action(async (id: number) => (await import("./campaign.js")).cancel(ws(), id));
  campaign
    .command("list")
    .description("list the campaigns of the workspace")
    .action(async () => (await import("./campaign.js")).list(ws()));
  campaign
    .command("show")
    .argument("<id>", "campaign id", wholeNumber)
    .addOption(jsonOption())
    .addOption(csvOption())
    .addOption(
      metricOption(
        "the measure",
        "the one the campaign's profiler gives: wall time under time, traced on-CPU time under uftrace, instructions under callgrind, line executions under gcov, CPU time under the sampler",
      ),
    )
    .description(
      "statistics of the campaign's measure per design × workload (succeeded, measured runs), workloads in order of their features",
    )
    .action(async (id: number, o: { json: boolean; csv: boolean; metric?: MeasureName }) =>
      (await import("./campaign.js")).show(ws(), id, o),
    );
}
