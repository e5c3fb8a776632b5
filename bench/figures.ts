// Small helpers every benchmark shares: waiting, logging, percentiles, the units figures are
// printed in, and a process's resident memory read from /proc.
import { readFileSync } from "node:fs";

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
export const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
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
