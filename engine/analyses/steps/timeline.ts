// The steps of the timeline (declared in ../timeline.ts, which says what it is and which
// paper it follows): imported when it first runs, so a command loads only the analyses it runs.
import { TimelineRecorder, type TimelineCalls } from "../../timeline/recorder.js";
import { timelineWindow } from "../../timeline/timeline.js";
import type { Cct } from "../../cct/cct.js";
import { ApiError } from "../../errors/errors.js";
import type { timelineArgs } from "../timeline.js";
import { analysisSteps } from "../descriptor.js";

export const steps = analysisSteps<ReturnType<typeof timelineArgs>>()({
  load: async (sources, { target }, args) => {
    const onCpu = args.onCpu;
    const calls = await sources.memo<TimelineCalls>(target!, `timeline-calls${onCpu ? "-on-cpu" : ""}`, async () => {
      const recorder = new TimelineRecorder();
      await sources.readAgain(target!, recorder, { onCpu });
      return recorder.finish();
    });
    // The run's CCT gives the selected context's statistics (a stored run's is already parsed), on the same clock.
    const cct: Cct | null = args.select === null ? null : await sources.cct(target!, { onCpu });
    return { calls, cct, label: target!.label };
  },
  compute: ({ calls, cct, label }, args) => {
    const result = timelineWindow(calls, cct, label, args);
    if (args.select !== null && result.selected === null)
      throw new ApiError(
        "invalid-arguments",
        `no context ${args.select.context} in thread ${args.select.thread} of ${label}`,
        [{ path: "select", message: "no such slice context" }],
      );
    return result;
  },
});
