/**
 * localStorage / sessionStorage that never throw: private browsing, disabled storage or a full quota
 * must not break sign-in, so every access degrades to "nothing stored".
 */
interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

function safe(pick: () => Storage): SafeStorage {
  return {
    get(key) {
      try {
        return pick().getItem(key);
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        pick().setItem(key, value);
      } catch {
        // Storage unavailable: the flag is simply not remembered.
      }
    },
    remove(key) {
      try {
        pick().removeItem(key);
      } catch {
        // Nothing stored, nothing to remove.
      }
    },
  };
}

export const localStore = safe(() => window.localStorage);
export const sessionStore = safe(() => window.sessionStorage);
