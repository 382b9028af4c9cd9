/**
 * Applies the stored theme (docs/product/profile.md#theme: light, dark or system, default light)
 * before the first paint, so a dark page never flashes light. Inlined into <head> by the web build
 * (vite.config.ts) and allowed by the CSP through its hash (server/plugins/security-headers.ts): an
 * external file would hold up the parser, and with it the server-drawn collection home, for a round
 * trip on every visit.
 */
export const THEME_SCRIPT =
  "(function(){try{var t=localStorage.getItem('spindle-theme')||'light';" +
  "var d=t==='dark'||(t==='system'&&matchMedia('(prefers-color-scheme: dark)').matches);" +
  "document.documentElement.classList.toggle('dark',d);document.documentElement.style.colorScheme=d?'dark':'light'}catch(e){}})()";

/** Where index.html takes the script. */
export const THEME_SCRIPT_PLACEHOLDER = '<!-- theme-script -->';
