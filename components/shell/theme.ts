// The colour theme, chosen per device: "system" (default: follows prefers-color-scheme, live),
// "light" or "dark", kept in localStorage. THEME_SCRIPT runs inline in <head> before first paint
// (app/layout.tsx, with the page's CSP nonce) and keeps following the system setting while the
// page is open; the Settings card (components/settings/appearance-card.tsx) changes it.

export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_STORAGE_KEY = "limber-theme";
/** The page background of each theme (--background in app/globals.css), for <meta name="theme-color">. */
export const THEME_COLOR = { light: "#fbfdfc", dark: "#0d1513" } as const;

/**
 * The inline script: puts the `dark` class and color-scheme on <html> for the stored choice now,
 * again when the system setting changes or another tab changes the choice; exposed as
 * window.__limberTheme for the Settings card. Also marks <html> data-js: scripts run, so controls that
 * wait for hydration (Settings' Save) look and act disabled until then, yet work without scripts. Kept tiny and self-contained (no imports).
 */
export const THEME_SCRIPT = `(function(){var r0=document.documentElement,m=matchMedia("(prefers-color-scheme: dark)");function a(){var c=null;try{c=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})}catch(e){}var d=c==="dark"||(c!=="light"&&m.matches);r0.classList.toggle("dark",d);r0.style.colorScheme=d?"dark":"light"}a();r0.setAttribute("data-js","");window.__limberTheme=a;m.addEventListener("change",a);addEventListener("storage",function(e){if(e.key===${JSON.stringify(THEME_STORAGE_KEY)})a()})})()`;

export function readTheme(): Theme {
  try {
    const v = localStorage.getItem(THEME_STORAGE_KEY);
    return (THEMES as readonly string[]).includes(v ?? "") ? (v as Theme) : "system";
  } catch {
    return "system";
  }
}

export function saveTheme(theme: Theme) {
  try {
    if (theme === "system") localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
  (window as unknown as { __limberTheme?: () => void }).__limberTheme?.();
}
