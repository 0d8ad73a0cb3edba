// Growing a typed array column: a bigger copy with the old values in front.

export function grown<T extends Float64Array | Int32Array>(a: T, capacity: number): T {
  const b = new (a.constructor as new (n: number) => T)(capacity);
  b.set(a);
  return b;
}
