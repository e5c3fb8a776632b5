// Small helpers every benchmark shares: waiting, logging, percentiles, the units figures are
// printed in, and a process's resident memory read from /proc.
import { readdirSync, readFileSync } from "node:fs";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const log = (text: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export const ms = (value: number) =>
  Number.isFinite(value) ? `${value < 10 ? value.toFixed(1) : Math.round(value)} ms` : "–";
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const mb = (bytes: number) => (Number.isFinite(bytes) ? `${Math.round(bytes / 1024 / 1024)} MB` : "–");
export const perSecond = (value: number) => `${Math.round(value).toLocaleString("en-GB")}/s`;

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Today in India and the same day a year before, as the analytics page's range takes them. */
export function indiaYear(): { today: string; yearAgo: string } {
  const today = isoDay(new Date(Date.now() + 5.5 * 3_600_000));
  const yearAgo = isoDay(new Date(Date.parse(`${today}T00:00:00Z`) - 364 * 86_400_000));
  return { today, yearAgo };
}

export function residentBytes(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kilobytes = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kilobytes ? Number(kilobytes) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Samples a process's resident memory until stopped; answers the peak. */
export function watchMemory(pid: number | undefined): () => number {
  let peak = residentBytes(pid);
  const timer = setInterval(() => {
    const now = residentBytes(pid);
    if (!(now <= peak)) peak = now;
  }, 200);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

/** A process and every process under it (its children's children too), from /proc. */
export function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    const tasks = (() => {
      try {
        return readdirSync(`/proc/${out[i]}/task`);
      } catch {
        return [];
      }
    })();
    for (const task of tasks) {
      try {
        const children = readFileSync(`/proc/${out[i]}/task/${task}/children`, "utf8").trim();
        if (children) out.push(...children.split(/\s+/).map(Number));
      } catch {
        // The task ended meanwhile.
      }
    }
  }
  return out;
}

export interface SetSizes {
  /** Proportional set size: each shared page divided among the processes sharing it. */
  pss: number;
  /** Resident set size: every page the process has in memory, shared ones counted whole. */
  rss: number;
  processes: number;
}

/** PSS and RSS of a process and everything under it, summed from /proc/<pid>/smaps_rollup. */
export function setSizes(pid: number | undefined): SetSizes {
  if (pid === undefined) return { pss: Number.NaN, rss: Number.NaN, processes: 0 };
  let pss = 0;
  let rss = 0;
  let processes = 0;
  for (const each of processTree(pid)) {
    try {
      const rollup = readFileSync(`/proc/${each}/smaps_rollup`, "utf8");
      pss += Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? Number.NaN) * 1024;
      rss += Number(/^Rss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? Number.NaN) * 1024;
      processes += 1;
    } catch {
      // Gone meanwhile: the process tree changed while it was read.
    }
  }
  return processes === 0 ? { pss: Number.NaN, rss: Number.NaN, processes } : { pss, rss, processes };
}

/** "1 round", "3 rounds". */
export const count = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
