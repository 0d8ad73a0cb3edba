// A few recent results of slow reads, by key, most recently used kept: parsed
// CCTs of runs in view, dominant variance preparations behind the sliders. A
// failed read is forgotten, so the next call tries again.

export class PromiseCache<T> {
  private readonly entries = new Map<string, Promise<T>>();

  constructor(private readonly capacity: number) {}

  get(key: string, make: () => Promise<T>): Promise<T> {
    let p = this.entries.get(key);
    if (p) {
      this.entries.delete(key); // most recent last
    } else {
      p = make();
      p.catch(() => this.entries.get(key) === p && this.entries.delete(key));
    }
    this.entries.set(key, p);
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return p;
  }
}
