/**
 * docs/product/admin.md#alerts: an alert threshold is a whole number of zero or more. What the
 * field holds, as the number to save, or null when it is not one (the input is then ignored and
 * the value unchanged).
 */
export function parseThreshold(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) && value <= 2_147_483_647 ? value : null;
}
