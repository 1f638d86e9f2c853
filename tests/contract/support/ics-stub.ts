// A calendar server on the loopback, run by the global setup for the whole run: what a user's
// secret iCal address answers. The server under test fetches it over http (CALENDAR_FETCH_ALLOW
// lists this host:port, the one exception to its https-only rule); the test files pick the busy
// time in the address itself, so one stub serves calendars relative to any test's "now".
//   GET /calendar.ics?busy=<ISO start>/<ISO end>[&busy=…]  a VCALENDAR with one busy VEVENT per
//                                                         `busy` (none: a valid, empty calendar)
//   GET /sign-in.html                                     an HTML page (what a wrong address answers)
//   anything else                                         404
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export const ICS_PATH = "/calendar.ics";
export const HTML_PATH = "/sign-in.html";

export interface IcsStub {
  /** "127.0.0.1:<port>", as CALENDAR_FETCH_ALLOW lists it. */
  host: string;
  url: string;
  close(): Promise<void>;
}

/** "20261128T093000Z": an instant as iCalendar writes it in UTC. */
function icsInstant(d: Date): string {
  return `${d.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;
}

function calendar(busy: { start: Date; end: Date }[]): string {
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Limber contract suite//ICS stub//EN",
    "CALSCALE:GREGORIAN",
    ...busy.flatMap((b, i) => [
      "BEGIN:VEVENT",
      `UID:contract-busy-${i}-${b.start.getTime()}@contract.example.com`,
      "DTSTAMP:20260101T000000Z",
      `DTSTART:${icsInstant(b.start)}`,
      `DTEND:${icsInstant(b.end)}`,
      "SUMMARY:Stand-up (a title Limber never keeps)",
      "TRANSP:OPAQUE",
      "END:VEVENT",
    ]),
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

const HTML = "<!doctype html><html><head><title>Sign in</title></head><body><h1>Sign in</h1></body></html>";

export async function startIcsStub(): Promise<IcsStub> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    if (req.method !== "GET") {
      res.writeHead(405, { Allow: "GET" }).end();
      return;
    }
    if (url.pathname === ICS_PATH) {
      const busy = url.searchParams.getAll("busy").map((span) => {
        const [start = "", end = ""] = span.split("/");
        return { start: new Date(start), end: new Date(end) };
      });
      if (busy.some((b) => Number.isNaN(b.start.getTime()) || Number.isNaN(b.end.getTime()))) {
        res.writeHead(400, { "Content-Type": "text/plain" }).end("busy=<ISO start>/<ISO end>");
        return;
      }
      res.writeHead(200, { "Content-Type": "text/calendar; charset=utf-8" }).end(calendar(busy));
      return;
    }
    if (url.pathname === HTML_PATH) {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(HTML);
      return;
    }
    res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
