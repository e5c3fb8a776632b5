// Live updates: a signed-in admin's Server-Sent Events stream, and MATLAB registrations sent one
// at a time, each timed from sending the POST to its event's arrival on the stream.
import http from "node:http";
import { percentile, sleep } from "./figures.ts";
import { formBody, formHeaders } from "./forms.ts";
import { request } from "./http.ts";

export const liveSamples = 60;
/** The form load sends no MATLAB registrations: these probes are told apart by their course. */
const probeCourse = "matlab";

/**
 * A signed-in admin's live stream: resolves each waiting probe when its registration arrives,
 * and counts the messages it has read.
 */
export function openStream(origin: string, cookie: string) {
  let waiting: ((at: number) => void) | undefined;
  let buffer = "";
  let messages = 0;
  const req = http.get(`${origin}/staff/events`, { headers: { cookie, accept: "text/event-stream" } });
  const opened = new Promise<void>((resolve, reject) => {
    req.on("response", (res) => {
      if (res.statusCode !== 200) return reject(new Error(`The staff stream answered ${res.statusCode}`));
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        const at = performance.now();
        if (chunk.includes(": connected")) resolve();
        buffer += chunk;
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
          messages += 1;
          const data = /^data: (.*)$/m.exec(message)?.[1];
          if (!message.includes("event: submission") || !data) continue;
          const event = JSON.parse(data) as { kind: string; course?: string };
          if (event.kind === "registration" && event.course === probeCourse) waiting?.(at);
        }
      });
    });
    req.on("error", reject);
  });
  return {
    opened,
    next: () =>
      new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("A submission never reached the staff stream")), 10_000);
        waiting = (at) => {
          clearTimeout(timer);
          waiting = undefined;
          resolve(at);
        };
      }),
    messages: () => messages,
    close: () => req.destroy(),
  };
}

export interface LiveFigures {
  p50: number;
  p95: number;
  samples: number;
}

/** Sends MATLAB registrations one by one and times each until the stream shows it. */
export async function liveLatency(
  origin: string,
  stream: ReturnType<typeof openStream>,
  samples: number,
  stop?: () => boolean,
): Promise<LiveFigures> {
  const times: number[] = [];
  for (let i = 0; i < samples && !stop?.(); i++) {
    const arrived = stream.next();
    const sent = performance.now();
    const answer = await request(`${origin}/online/register`, {
      method: "POST",
      headers: formHeaders,
      body: formBody("registration", probeCourse),
    });
    if (answer.status !== 302) throw new Error(`A probe registration answered ${answer.status}`);
    times.push((await arrived) - sent);
    await sleep(20);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), samples: times.length };
}
