/**
 * Copies text to the clipboard. The async Clipboard API exists only in secure contexts (https or
 * localhost): a self-hosted server reached over plain http on a LAN address has none, so the text of
 * the given read-only field is selected and copied the old way. Resolves false when neither works.
 */
export async function copyText(text: string, field?: HTMLInputElement | null): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused or no focus: fall through to the selection.
  }
  if (!field || typeof document === 'undefined') return false;
  field.focus();
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
