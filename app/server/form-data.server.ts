/**
 * The body of a form post, or undefined when the request is not a form (JSON, a wrong
 * content type, a broken body): callers answer that with 415 instead of failing.
 */
export async function readFormBody(request: Request): Promise<FormData | undefined> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) {
    return undefined;
  }
  try {
    return await request.formData();
  } catch {
    return undefined;
  }
}
