/** A form body larger than this is refused: no text form here comes near it. */
export const maxFormBytes = 1024 * 1024;

/**
 * The body of a form post, or undefined when the request is not a form (JSON, a wrong
 * content type, a broken body) or is larger than `maxBytes`: callers answer that with 415
 * instead of failing, and nobody can make the server hold a huge body in memory.
 */
export async function readFormBody(
  request: Request,
  maxBytes = maxFormBytes,
  options: ReadOptions = {},
): Promise<FormData | undefined> {
  const form = await readLimitedForm(request, maxBytes, options);
  return form === "too-large" ? undefined : form;
}

export interface ReadOptions {
  /**
   * Remove NUL characters (U+0000) from text values: nobody types one, and PostgreSQL cannot
   * store it in text. On by default; the students' forms keep them, so that validation
   * refuses them beside the field like any other control character.
   */
  removeNul?: boolean;
}

/**
 * Reads a form (multipart or URL-encoded), refusing a body over the limit without keeping
 * it: by its declared length, or as soon as more than that has arrived.
 */
export async function readLimitedForm(
  request: Request,
  maxBytes: number,
  { removeNul = true }: ReadOptions = {},
): Promise<FormData | "too-large" | undefined> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  // A refused body is left unread here: the server reads it to its end after answering
  // (http/app.ts), so the answer reaches the sender and the connection stays usable.
  if (declared > maxBytes) return "too-large";
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("multipart/form-data") && !type.startsWith("application/x-www-form-urlencoded"))
    return undefined;
  if (!request.body) return undefined;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        reader.releaseLock();
        return "too-large";
      }
      chunks.push(value);
    }
    const form = await new Response(Buffer.concat(chunks), { headers: { "content-type": type } }).formData();
    return removeNul ? withoutNul(form) : form;
  } catch {
    return undefined;
  }
}

function withoutNul(form: FormData): FormData {
  let found = false;
  for (const [, value] of form) if (typeof value === "string" && value.includes("\u0000")) found = true;
  if (!found) return form;
  const clean = new FormData();
  for (const [name, value] of form) {
    if (typeof value === "string") clean.append(name.replaceAll("\u0000", ""), value.replaceAll("\u0000", ""));
    else clean.append(name.replaceAll("\u0000", ""), value, value.name);
  }
  return clean;
}

/** The largest id a table's integer key holds: a bigger number names no row. */
export const maxRowId = 2_147_483_647;

/** A form's row id (a hidden field) as a number, or undefined when it cannot name a row. */
export function rowId(value: FormDataEntryValue | null): number | undefined {
  if (typeof value !== "string" || !/^\d{1,10}$/.test(value.trim())) return undefined;
  const id = Number(value);
  return id >= 1 && id <= maxRowId ? id : undefined;
}
