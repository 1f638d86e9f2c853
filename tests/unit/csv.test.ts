import { describe, expect, it } from "vitest";
import { csvField, toCsv } from "@/lib/export/csv";

describe("csvField (RFC 4180 quoting)", () => {
  it.each([
    ["plain", "plain"],
    ["2026-03-20", "2026-03-20"],
    ["", ""],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['"', '""""'],
    ["line\nbreak", '"line\nbreak"'],
    ["cr\rlf", '"cr\rlf"'],
    ["crlf\r\n", '"crlf\r\n"'],
    [" leading and trailing spaces ", " leading and trailing spaces "], // spaces are part of a field
    ["ünïcödé ☕", "ünïcödé ☕"],
  ])("%j → %j", (input, expected) => {
    expect(csvField(input)).toBe(expected);
  });
  it("writes numbers as they are and null/undefined as empty fields", () => {
    expect(csvField(0)).toBe("0");
    expect(csvField(1.5)).toBe("1.5");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
  });
});

describe("toCsv", () => {
  it("has a header row, CRLF after every record, and quotes only where needed", () => {
    const csv = toCsv(
      ["date", "note"],
      [
        ["2026-03-20", "a,b"],
        ["2026-03-21", null],
      ],
    );
    expect(csv).toBe('date,note\r\n2026-03-20,"a,b"\r\n2026-03-21,\r\n');
  });
  it("round-trips through a strict RFC 4180 reader", () => {
    const rows = [["x", 'q"uote', "multi\r\nline", ",", ""]];
    const csv = toCsv(["a", "b", "c", "d", "e"], rows);
    expect(parse(csv)).toEqual([["a", "b", "c", "d", "e"], rows[0]]);
  });
  it("a header only when there are no rows", () => {
    expect(toCsv(["date", "slot"], [])).toBe("date,slot\r\n");
  });
});

// A small reader written from RFC 4180's grammar, independent of the writer.
function parse(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = "";
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else if (i >= text.length) throw new Error("unterminated quote");
        else field += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== "," && text[i] !== "\r") {
        if (text[i] === '"' || text[i] === "\n")
          throw new Error(`bare ${JSON.stringify(text[i])} in an unquoted field`);
        field += text[i++];
      }
    }
    record.push(field);
    if (text[i] === ",") i++;
    else if (text.startsWith("\r\n", i)) {
      records.push(record);
      record = [];
      i += 2;
    } else if (i < text.length) throw new Error(`unexpected ${JSON.stringify(text[i])} at ${i}`);
  }
  if (record.length) records.push(record);
  return records;
}
