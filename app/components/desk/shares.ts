// Shares as the desk shows them: one rule for every page. Browser-safe.

/**
 * A part of a whole in percent with one decimal, or null when it is not a share: no whole, or
 * a part larger than the whole (two counts on different bases, which no percentage should hide).
 */
export function shareOf(part: number, whole: number): number | null {
  if (whole <= 0 || part > whole) return null;
  return Math.round((part / whole) * 1000) / 10;
}

/** "12.5%", or a dash where there is no share to give. */
export function showShare(value: number | null): string {
  return value === null ? "–" : `${value.toFixed(1)}%`;
}
