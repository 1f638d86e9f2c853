// What a user types into a form before React has hydrated it. React resets a controlled input to
// its rendered value when it hydrates, so a time typed in the first second of a slow phone was lost
// (issue 33). TYPED_EARLY_SCRIPT, inline in <head> (app/layout.tsx), records the last value typed
// into each named text-like field until the form takes over; useActionForm then puts them back.
// No "use client": the layout (a server component) imports the script text.

/**
 * The global the script writes: field name → the value typed and the page it was typed on, or null
 * once a form has read it.
 */
export const TYPED_EARLY_GLOBAL = "__limberTyped";

const TEXT_LIKE = ["text", "time", "email", "search", "tel", "url", "number", "textarea"];

/** Tiny and self-contained (runs before any bundle). */
export const TYPED_EARLY_SCRIPT = `(function(){var w=window,k=${JSON.stringify(TYPED_EARLY_GLOBAL)},t=${JSON.stringify(TEXT_LIKE)};w[k]={};addEventListener("input",function(e){var f=e.target,r=w[k];if(r&&f&&f.name&&f.form&&t.indexOf(f.type)>=0)r[f.name]={v:f.value,p:location.pathname}},true)})()`;

type Typed = Record<string, { v: unknown; p: unknown }>;

/**
 * Takes the values typed before hydration (once: a form met later, after a client-side navigation,
 * gets none) and keeps those typed on this page into the given fields. Browser only.
 */
export function takeTypedEarly(fields: (name: string) => boolean): [string, string][] {
  const w = window as unknown as Record<string, Typed | null | undefined>;
  const typed = w[TYPED_EARLY_GLOBAL];
  w[TYPED_EARLY_GLOBAL] = null;
  if (!typed) return [];
  return Object.entries(typed).flatMap(([name, { v, p }]) =>
    typeof v === "string" && p === location.pathname && fields(name) ? [[name, v] as [string, string]] : [],
  );
}
