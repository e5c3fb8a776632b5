// Form pages (contact, register, login) differ between visitors only in two values: the
// response's CSP nonce and the form's one-time token. So each is rendered once per content
// version and kept as a template: the fixed parts compressed ahead of time as raw deflate
// pieces that end byte-aligned (a full flush), the changing values written between them as
// stored (uncompressed) deflate blocks. A response is then those pieces in a gzip frame with
// the checksum of its own text: correct gzip, without compressing per request.
import { randomUUID } from "node:crypto";
import { constants, crc32, deflateRawSync } from "node:zlib";

type Slot = "nonce" | "token";

export interface FormTemplate {
  /** Literal parts of the page, with the slots that come between them. */
  parts: Buffer[];
  slots: Slot[];
  /** parts[i] compressed; every one but the last ends byte-aligned with no final block. */
  deflated: Buffer[];
}

export interface FormPageBody {
  /** The page as text, for clients that accept no compression. */
  plain(): Buffer;
  /** The page gzip-compressed. */
  gzip(): Buffer;
}

/** The token the page was rendered with (the form's hidden field), if it has one. */
function renderedToken(html: string): string | undefined {
  return /name="token" value="([0-9a-f-]{36})"/.exec(html)?.[1];
}

/**
 * Splits a rendered form page at every occurrence of its nonce and token. Undefined when the
 * page cannot be made a template (no nonce in it: the render did not use this response's).
 */
export function createFormTemplate(html: Buffer, nonce: string): FormTemplate | undefined {
  const text = html.toString("utf8");
  const token = renderedToken(text);
  const values: [Slot, string][] = [["nonce", nonce]];
  if (token) values.push(["token", token]);
  const parts: Buffer[] = [];
  const slots: Slot[] = [];
  let rest = text;
  for (;;) {
    let next: { at: number; slot: Slot; length: number } | undefined;
    for (const [slot, value] of values) {
      const at = rest.indexOf(value);
      if (at >= 0 && (!next || at < next.at)) next = { at, slot, length: value.length };
    }
    if (!next) break;
    parts.push(Buffer.from(rest.slice(0, next.at), "utf8"));
    slots.push(next.slot);
    rest = rest.slice(next.at + next.length);
  }
  parts.push(Buffer.from(rest, "utf8"));
  if (!slots.includes("nonce")) return undefined;
  const deflated = parts.map((part, index) =>
    deflateRawSync(part, {
      level: 9,
      finishFlush: index === parts.length - 1 ? constants.Z_FINISH : constants.Z_FULL_FLUSH,
    }),
  );
  return { parts, slots, deflated };
}

/** A deflate block that holds `bytes` as they are (not final; the stream is byte-aligned here). */
function storedBlock(bytes: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header[0] = 0; // BFINAL 0, BTYPE 00 (stored), padding to the byte boundary
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}

const gzipHeader = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** This response's page: the template with a fresh token and the given nonce. */
export function fillFormTemplate(template: FormTemplate, nonce: string): FormPageBody {
  const values: Record<Slot, Buffer> = {
    nonce: Buffer.from(nonce, "ascii"),
    token: Buffer.from(randomUUID(), "ascii"),
  };
  const textPieces: Buffer[] = [];
  template.parts.forEach((part, index) => {
    textPieces.push(part);
    const slot = template.slots[index];
    if (slot) textPieces.push(values[slot]);
  });
  return {
    plain: () => Buffer.concat(textPieces),
    gzip() {
      const pieces: Buffer[] = [gzipHeader];
      let checksum = 0;
      let length = 0;
      for (const piece of textPieces) {
        checksum = crc32(piece, checksum);
        length += piece.length;
      }
      template.deflated.forEach((deflated, index) => {
        const slot = template.slots[index];
        // The last part carries the final block, so every slot comes before it.
        if (slot) pieces.push(deflated, storedBlock(values[slot]));
        else pieces.push(deflated);
      });
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(checksum >>> 0, 0);
      trailer.writeUInt32LE(length % 2 ** 32, 4);
      pieces.push(trailer);
      return Buffer.concat(pieces);
    },
  };
}
