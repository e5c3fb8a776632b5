import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import type { Duplex } from "node:stream";

/**
 * A TLS-terminating reverse proxy in front of the site, set up the way docs/operations.md
 * sets up nginx: HTTPS outside, plain HTTP to the site, the original Host kept and
 * X-Forwarded-For / X-Forwarded-Proto added. Its certificate is self-signed for localhost
 * (made with openssl), so a browser must be told to accept it.
 */
export interface HttpsProxy {
  /** https://localhost:<port> */
  readonly origin: string;
  close(): Promise<void>;
}

export async function startHttpsProxy(target: { host: string; port: number }): Promise<HttpsProxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-tls-"));
  const keyPath = path.join(dir, "key.pem");
  const certPath = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "2",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost",
      "-keyout",
      keyPath,
      "-out",
      certPath,
    ],
    { stdio: "ignore" },
  );

  const sockets = new Set<Duplex>();
  const server = https.createServer(
    { key: fs.readFileSync(keyPath), cert: fs.readFileSync(certPath) },
    (request, response) => {
      const forwardedFor = [request.headers["x-forwarded-for"], request.socket.remoteAddress]
        .filter(Boolean)
        .join(", ");
      const upstream = http.request(
        {
          host: target.host,
          port: target.port,
          method: request.method,
          path: request.url,
          headers: { ...request.headers, "x-forwarded-for": forwardedFor, "x-forwarded-proto": "https" },
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          // Streamed as it comes, so the desk's live updates pass through as with nginx's
          // `proxy_buffering off` for event streams.
          response.flushHeaders();
          answer.pipe(response);
        },
      );
      upstream.on("error", () => {
        if (!response.headersSent) response.writeHead(502).end("Bad Gateway");
        else response.destroy();
      });
      request.pipe(upstream);
    },
  );
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    origin: `https://localhost:${port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
