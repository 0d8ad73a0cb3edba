// The features the runner measures for a workload's input files (issue 13:
// "measured by the runner for every input file (bytes, lines)"), as paper 002
// describes workloads by numeric features such as "the number of bytes in an
// input file" (§2). Measured before the run, after the prepare step (which may
// write them): the sums over the inputs, and each input's own when there are
// several.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";

export async function inputFeatures(inputs: readonly string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  let bytes = 0;
  let lines = 0;
  for (const [i, file] of inputs.entries()) {
    const s = await stat(file).catch(() => null);
    if (!s || !s.isFile()) throw new Error(`input ${file} is not a file the run can read`);
    const n = await countLines(file);
    bytes += s.size;
    lines += n;
    if (inputs.length > 1) {
      out[`input_${i + 1}_bytes`] = s.size;
      out[`input_${i + 1}_lines`] = n;
    }
  }
  out.input_bytes = bytes;
  out.input_lines = lines;
  return out;
}

/** Newlines in the file, plus one for a last line without its newline (wc -l counts only newlines). */
async function countLines(file: string): Promise<number> {
  let lines = 0;
  let last = 10;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
    if (chunk.length > 0) last = chunk[chunk.length - 1];
  }
  return last === 10 ? lines : lines + 1;
}
