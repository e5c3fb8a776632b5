import fs from "node:fs";
import type { Writable } from "node:stream";
import { finished } from "node:stream/promises";

/** Text written in chunks, respecting backpressure: a large export never piles up in memory. */
export interface TextOutput {
  write(text: string): Promise<void>;
  /** Finishes the output; a file appears under its name only now, complete. */
  end(): Promise<void>;
  /** Leaves no half-written file behind. */
  abort(): void;
}

const chunkSize = 64 * 1024;

/**
 * A new file readable and writable by its owner only: the mode (0600) is given as the file is
 * created, so no other user can open it even while it is being written, whatever the umask.
 * A file left under that name (by a run that was killed) is removed first, never reused with
 * its own mode; "wx" refuses to follow a link put in its place.
 */
export function createPrivateFile(file: string): fs.WriteStream {
  fs.rmSync(file, { force: true });
  return fs.createWriteStream(file, { flags: "wx", mode: 0o600 });
}

/** Standard output, or FILE (students' data: created by createPrivateFile, renamed into place when complete). */
export function openOutput(file: string | undefined): TextOutput {
  if (!file) return buffered(process.stdout, { end: async () => {}, abort() {} });
  // A device or a pipe (/dev/null, /dev/stdout, a FIFO) is written as it is: renaming a file over
  // it would replace the device with a file (as root, /dev/null itself).
  const existing = fs.statSync(file, { throwIfNoEntry: false });
  const partial = existing && !existing.isFile() && !existing.isDirectory() ? undefined : `${file}.partial`;
  const stream = partial ? createPrivateFile(partial) : fs.createWriteStream(file, { flags: "w" });
  return buffered(stream, {
    async end() {
      stream.end();
      await finished(stream);
      if (partial) fs.renameSync(partial, file);
    },
    abort() {
      stream.destroy();
      if (partial) fs.rmSync(partial, { force: true });
    },
  });
}

function buffered(stream: Writable, finish: { end(): Promise<void>; abort(): void }): TextOutput {
  let pending = "";
  const flush = async () => {
    if (pending === "") return;
    const text = pending;
    pending = "";
    if (!stream.write(text)) await new Promise<void>((resolve) => stream.once("drain", resolve));
  };
  return {
    async write(text) {
      pending += text;
      if (pending.length >= chunkSize) await flush();
    },
    async end() {
      await flush();
      await finish.end();
    },
    abort: finish.abort,
  };
}
