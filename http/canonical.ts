/**
 * Canonical URLs are lower-case with no trailing slash. Old links in other
 * casings (/courses/IoT, /Contact, /about/Admissions/) answer 301 to the
 * canonical URL, keeping the query string. Returns undefined when the path is
 * already canonical.
 */
export function canonicalLocation(rawUrl: string): string | undefined {
  const queryAt = rawUrl.indexOf("?");
  const path = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  const query = queryAt === -1 ? "" : rawUrl.slice(queryAt);
  // Browsers read a backslash as a slash: both count as one, and repeated ones collapse,
  // so "//host" or "/\\host" never becomes an off-site redirect.
  let canonical = path
    .replace(/[\\/]{2,}|\\/g, "/")
    .replace(/\/{2,}/g, "/")
    .toLowerCase();
  if (canonical.length > 1) canonical = canonical.replace(/\/+$/, "");
  if (canonical === "") canonical = "/";
  return canonical === path ? undefined : canonical + query;
}

/** Paths served as files, whose names may legitimately hold capitals. */
export function isAssetPath(path: string): boolean {
  return path.startsWith("/assets/") || path.startsWith("/images/") || path.startsWith("/uploads/");
}
