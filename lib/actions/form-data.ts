import "server-only";
// Reading a posted form: every value as text (a file where text belongs reads as empty), so the
// shared zod schemas see exactly what a JSON client would send and refuse the rest.

/** The field's text, or "" when it is missing (or is a file). */
export function text(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
}

/** Every value posted under `name` (checkboxes), as text; a file among them reads as "" (so is refused, not skipped). */
export function texts(form: FormData, name: string): string[] {
  return form.getAll(name).map((v) => (typeof v === "string" ? v : ""));
}

/** A number field: NaN when missing or not a number, which the schemas refuse with their message. */
export function num(form: FormData, name: string): number {
  const v = text(form, name).trim();
  return v === "" ? Number.NaN : Number(v);
}

/** Checked day boxes ("0"-"6"); anything else reads as NaN, which the schemas refuse. */
export function days(form: FormData, name: string): number[] {
  return texts(form, name).map((v) => (/^[0-6]$/.test(v) ? Number(v) : Number.NaN));
}
