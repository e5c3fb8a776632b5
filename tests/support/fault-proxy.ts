import net from "node:net";

/**
 * A TCP proxy put between the site and PostgreSQL, so a test can make the database
 * unreachable or hang without stopping the machine's shared PostgreSQL server.
 *
 * - `open`: bytes pass both ways (the normal state).
 * - `refuse`: every connection is cut and new ones are closed at once, as when the
 *   server is down or restarting.
 * - `hang`: connections stay open but nothing passes either way, as with a half-open
 *   connection or a server that stopped answering.
 */
export type FaultMode = "open" | "refuse" | "hang";

export interface FaultProxy {
  readonly port: number;
  /** The target URL with its host and port replaced by the proxy's. */
  url(targetUrl: string): string;
  setMode(mode: FaultMode): void;
  readonly mode: FaultMode;
  close(): Promise<void>;
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: FaultMode = "open";
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();

  const server = net.createServer((client) => {
    client.on("error", () => {});
    if (mode === "refuse") {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
    const pair = { client, upstream };
    pairs.add(pair);
    const forget = () => pairs.delete(pair);
    client.on("close", () => {
      forget();
      upstream.destroy();
    });
    upstream.on("close", () => {
      forget();
      client.destroy();
    });
    client.on("data", (chunk) => {
      if (mode === "open") upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (mode === "open") client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    get mode() {
      return mode;
    },
    url(targetUrl) {
      const url = new URL(targetUrl);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    },
    setMode(next) {
      mode = next;
      if (next === "refuse") {
        for (const { client, upstream } of pairs) {
          client.destroy();
          upstream.destroy();
        }
        pairs.clear();
      }
    },
    async close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
