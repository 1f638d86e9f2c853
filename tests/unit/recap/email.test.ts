// The weekly recap e-mail (issue 33): its numbers, links and dark mode, in HTML and plain text.
import { describe, expect, it } from "vitest";
import WeeklyRecapEmail from "@/lib/mail/templates/weekly-recap";
import { recapEmailProps, renderWeeklyRecapEmail } from "@/lib/recap/send";
import { weekRecap } from "@/lib/recap/week";

const recap = weekRecap({
  weekStart: "2026-11-16",
  firstDay: "2026-01-01",
  currentStreak: 4,
  done: [
    { date: "2026-11-09", minutes: 10 },
    { date: "2026-11-18", minutes: 10 },
    { date: "2026-11-18", minutes: 5 },
    { date: "2026-11-20", minutes: 5 },
  ],
});

describe("weekly recap e-mail", () => {
  it("shows the week's numbers, the change, the best day, the streak and the recap-only unsubscribe", async () => {
    const props = recapEmailProps(recap, {
      appUrl: "https://limber.test",
      unsubscribeUrl: "https://limber.test/unsubscribe?t=tok",
    });
    expect(props.weekLabel).toBe("Nov 16 – Nov 22"); // an en dash, not a hyphen
    expect(props.bestDay).toBe("Wednesday, Nov 18 (2 breaks)");
    const mail = await renderWeeklyRecapEmail(props);
    expect(mail.subject).toBe("Your week: 3 movement breaks done");
    for (const part of [mail.text, mail.html.replace(/<!-- -->/g, "")]) {
      expect(part).toContain("Nov 16 – Nov 22");
      expect(part).toContain("Compared with last week: 2 more breaks, 10 more minutes");
      expect(part).toContain("Wednesday, Nov 18 (2 breaks)");
      expect(part).toContain("4 days");
      expect(part).toContain("https://limber.test/unsubscribe?t=tok");
      expect(part).toContain("https://limber.test/dashboard");
    }
    expect(mail.text).toContain("Turn off the weekly recap");
    expect(mail.html).toContain("prefers-color-scheme: dark");
    expect(mail.html).not.toContain("not medical advice");
  });

  it("words an empty week and fewer breaks", async () => {
    const props = {
      ...WeeklyRecapEmail.PreviewProps,
      breaksDone: 0,
      minutesMoved: 0,
      bestDay: null,
      change: { breaksDone: -2, minutesMoved: -1 },
    };
    const mail = await renderWeeklyRecapEmail(props);
    expect(mail.subject).toBe("Your week in movement breaks");
    expect(mail.text).toContain("Compared with last week: 2 fewer breaks, 1 fewer minute");
    expect(mail.text).not.toContain("Best day");
  });

  it("leads with the breaks done as the one big number, then one button; the secondary links share one footer line", async () => {
    const { html } = await renderWeeklyRecapEmail(WeeklyRecapEmail.PreviewProps);
    const sizes = [...html.matchAll(/font-size:(\d+)px/g)].map((m) => Number(m[1]));
    const biggest = Math.max(...sizes);
    expect(sizes.filter((n) => n === biggest)).toHaveLength(1);
    expect(new RegExp(`<p[^>]*font-size:${biggest}px[^>]*>8</p>`).test(html)).toBe(true);
    expect(html).toContain("minutes moved");
    expect(html).toContain("current streak");
    // One button (React Email's Button: an inline-block link).
    expect(html.match(/<a [^>]*display:inline-block/g)).toHaveLength(1);
    const footer = html.slice(html.lastIndexOf("<p", html.indexOf(">Turn off the weekly recap</a>")));
    const line = footer.slice(0, footer.indexOf("</p>"));
    for (const label of ["History", "Settings", "Turn off the weekly recap", "Privacy"])
      expect(line, label).toContain(`>${label}</a>`);
  });
});
