/**
 * Puts text on the clipboard; false when the browser refuses (no permission, an insecure origin where
 * `navigator.clipboard` is missing, or a page without focus), so the caller can say so instead of failing silently.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
