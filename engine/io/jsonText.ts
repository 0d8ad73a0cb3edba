// Results that cross a boundary as JSON text (the workspace's kept results, the engine worker's replies):
// each value parsed here remembers the text it came from, so the next boundary can pass the text on instead of
// writing the object out again or copying it with V8's structured clone, which for a large result (a trends
// comparison of 677 locations, 4.7 MB of JSON) took 50–90 ms to rebuild where JSON.parse of the text takes ~20.
// Results are plain data, never changed after they are made, so the text stays the value's.

const texts = new WeakMap<object, string>();

/** JSON.parse, the value remembering its text (objects and arrays; a primitive has nothing to gain). */
export function parseKeepingText(json: string): unknown {
  const value: unknown = JSON.parse(json);
  if (typeof value === "object" && value !== null) texts.set(value, json);
  return value;
}

/** The text a value was parsed from by parseKeepingText, if it was. */
export function textOf(value: unknown): string | undefined {
  return typeof value === "object" && value !== null ? texts.get(value) : undefined;
}
