/** A form body larger than this is refused unread: no text form here comes near it. */
export const maxFormBytes = 1024 * 1024;

/**
 * The body of a form post, or undefined when the request is not a form (JSON, a wrong
 * content type, a broken body) or is larger than `maxBytes`: callers answer that with 415
 * instead of failing, and nobody can make the server hold a huge body in memory.
 */
export async function readFormBody(request: Request, maxBytes = maxFormBytes): Promise<FormData | undefined> {
  const form = await readLimitedForm(request, maxBytes);
  return form === "too-large" ? undefined : form;
}

/**
 * Reads a form (multipart or URL-encoded), refusing a body over the limit before buffering
 * it: by its declared length, or as soon as more than that has arrived.
 */
export async function readLimitedForm(request: Request, maxBytes: number): Promise<FormData | "too-large" | undefined> {
  const declared = Number(request.headers.get("content-length") ?? "0");
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
        await reader.cancel().catch(() => {});
        return "too-large";
      }
      chunks.push(value);
    }
    return await new Response(Buffer.concat(chunks), { headers: { "content-type": type } }).formData();
  } catch {
    return undefined;
  }
}
