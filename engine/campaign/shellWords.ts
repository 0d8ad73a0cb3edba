// A command line split into words as a POSIX shell would, without running one:
// quotes ('…', "…") and backslashes group and escape; nothing is expanded.
// For `varbench bench -N`, where the command is started as is (hyperfine's
// --shell=none splits its command the same way).
import { SpecError } from "./spec.js";

export function splitWords(command: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote === "'") {
      if (c === "'") quote = null;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === "\\" && i + 1 < command.length && '"\\$`'.includes(command[i + 1]!)) word += command[++i];
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= "";
    } else if (c === "\\" && i + 1 < command.length) {
      word = (word ?? "") + command[++i];
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else {
      word = (word ?? "") + c;
    }
  }
  if (quote)
    throw new SpecError("bench", [
      {
        path: "commands",
        line: null,
        message: `${command}: a ${quote === "'" ? "single" : "double"} quote is not closed`,
      },
    ]);
  if (word !== null) words.push(word);
  if (words.length === 0) throw new SpecError("bench", [{ path: "commands", line: null, message: "an empty command" }]);
  return words;
}
