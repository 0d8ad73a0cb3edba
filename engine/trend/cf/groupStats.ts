// Observations of one performance variable, compressed (paper 002 §3.3.2:
// "hash the frames and keep count of the occurrences of each frame"). Every
// model CF-TrendProf fits here is a function of the predictors alone (the
// workload's features and the invocation's), so frames are keyed by their
// predictors and each key keeps the sufficient statistics of the values seen
// under it: count, mean and squared deviations (Welford), and the same of
// log y over the positive values for powerlaws. Least squares on group means
// weighted by counts, plus the within-group deviations, give exactly the fits
// and standard errors of the uncompressed points, in memory bounded by the
// distinct predictor values rather than by the invocations.

export class Moments {
  n = 0;
  mean = 0;
  m2 = 0;
  /** The same over the positive values, of ln y. */
  nPos = 0;
  meanLn = 0;
  m2Ln = 0;

  add(y: number): void {
    this.n++;
    const d = y - this.mean;
    this.mean += d / this.n;
    this.m2 += d * (y - this.mean);
    if (y > 0) {
      const l = Math.log(y);
      this.nPos++;
      const e = l - this.meanLn;
      this.meanLn += e / this.nPos;
      this.m2Ln += e * (l - this.meanLn);
    }
  }

  /** Another sample's moments folded in (Chan et al.'s parallel update). */
  merge(o: Moments): void {
    this.mergeInto("", o.n, o.mean, o.m2);
    this.mergeInto("Ln", o.nPos, o.meanLn, o.m2Ln);
  }

  private mergeInto(which: "" | "Ln", n2: number, mean2: number, m22: number): void {
    if (n2 === 0) return;
    const [n1, mean1, m21] = which === "" ? [this.n, this.mean, this.m2] : [this.nPos, this.meanLn, this.m2Ln];
    const n = n1 + n2;
    const d = mean2 - mean1;
    const mean = mean1 + (d * n2) / n;
    const m2 = m21 + m22 + (d * d * n1 * n2) / n;
    if (which === "") [this.n, this.mean, this.m2] = [n, mean, m2];
    else [this.nPos, this.meanLn, this.m2Ln] = [n, mean, m2];
  }

  /** `k` zeros at once (Chan et al.'s merge of two samples, the second of mean 0 and no spread). */
  addZeros(k: number): void {
    if (k <= 0) return;
    const n = this.n + k;
    this.m2 += (this.mean * this.mean * this.n * k) / n;
    this.mean = (this.mean * this.n) / n;
    this.n = n;
  }
}

/** One key's observations: the workload and the invocation features they were seen under. */
export interface Group {
  /** Index of the workload (run). */
  readonly workload: number;
  /** The invocation features' values, in the order of the analysis' invocation feature names. */
  readonly invocation: readonly number[];
  readonly moments: Moments;
}

/** A performance variable's observations by key. */
export class Observations {
  readonly groups = new Map<string, Group>();
  /** The groups without invocation features by workload: the common case, found without building a key. */
  private readonly plain: Moments[] = [];

  at(workload: number, invocation: readonly number[] = []): Moments {
    if (invocation.length === 0) {
      const m = this.plain[workload];
      if (m) return m;
    }
    const key = invocation.length === 0 ? String(workload) : `${workload}|${invocation.join(",")}`;
    let g = this.groups.get(key);
    if (!g) {
      g = { workload, invocation, moments: new Moments() };
      this.groups.set(key, g);
      if (invocation.length === 0) this.plain[workload] = g.moments;
    }
    return g.moments;
  }

  /** The groups merged per workload: the invocation features forgotten. */
  dropInvocationFeatures(): void {
    const byWorkload = new Map<number, Moments>();
    for (const g of this.groups.values()) {
      let m = byWorkload.get(g.workload);
      if (!m) byWorkload.set(g.workload, (m = new Moments()));
      m.merge(g.moments);
    }
    this.groups.clear();
    this.plain.length = 0;
    for (const [w, m] of byWorkload) {
      this.groups.set(String(w), { workload: w, invocation: [], moments: m });
      this.plain[w] = m;
    }
  }

  get count(): number {
    let n = 0;
    for (const g of this.groups.values()) n += g.moments.n;
    return n;
  }

  get mean(): number {
    let n = 0;
    let s = 0;
    for (const g of this.groups.values()) {
      n += g.moments.n;
      s += g.moments.n * g.moments.mean;
    }
    return n > 0 ? s / n : 0;
  }
}

/** One value per workload: a per-workload variable (call-count, total costs) as observations. */
export function perWorkload(values: ArrayLike<number>): Observations {
  const o = new Observations();
  for (let w = 0; w < values.length; w++) o.at(w).add(values[w]);
  return o;
}
