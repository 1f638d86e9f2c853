// CSV as RFC 4180 describes it: fields separated by commas, records ended by CRLF, a header row,
// and a field quoted (with its quotes doubled) when it holds a comma, a quote, CR or LF.
export type CsvValue = string | number | null | undefined;

export function csvField(value: CsvValue): string {
  const s = value === null || value === undefined ? "" : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(",") + "\r\n").join("");
}
