import net from "node:net";

export interface RawAnswer {
  /** Everything the server wrote, read as latin1 (byte for byte). */
  text: string;
  /** Whether the server closed the connection before `waitMs`. */
  closed: boolean;
}

/**
 * Sends bytes as they are (a request no HTTP client would send) and answers with everything
 * the server wrote before it closed the connection or `waitMs` passed.
 */
export function raw(port: number, bytes: string | Buffer, waitMs = 3_000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false });
    }, waitMs);
    socket.on("data", (chunk) => {
      text += chunk.toString("latin1");
    });
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
    socket.on("error", () => {});
    socket.write(typeof bytes === "string" ? Buffer.from(bytes, "latin1") : bytes);
  });
}

/** The status of the first response in a raw answer (0 when there is none). */
export const statusOf = (text: string): number => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
