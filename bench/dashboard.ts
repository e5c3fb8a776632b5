// The analytics dashboard: the whole /admin/analytics page (every query and the render) timed as
// a signed-in admin, median and slowest of five requests after one warm-up.
import { percentile } from "./figures.ts";
import { request } from "./http.ts";

export interface DashboardTime {
  median: number;
  max: number;
}

export async function dashboardTimes(origin: string, cookie: string, query: string): Promise<DashboardTime> {
  const url = `${origin}/admin/analytics${query}`;
  const times: number[] = [];
  for (let i = 0; i < 6; i++) {
    const started = performance.now();
    const answer = await request(url, { headers: { cookie, "accept-encoding": "br" } });
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
    if (i > 0) times.push(performance.now() - started);
  }
  return { median: percentile(times, 50), max: Math.max(...times) };
}
