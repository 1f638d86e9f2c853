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
    expect(props.weekLabel).toBe("Nov 16 - Nov 22");
    expect(props.bestDay).toBe("Wednesday, Nov 18 (2 breaks)");
    const mail = await renderWeeklyRecapEmail(props);
    expect(mail.subject).toBe("Your week: 3 movement breaks done");
    for (const part of [mail.text, mail.html.replace(/<!-- -->/g, "")]) {
      expect(part).toContain("Nov 16 - Nov 22");
      expect(part).toContain("2 breaks more than the week before");
      expect(part).toContain("10 minutes more than the week before");
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
    expect(mail.text).toContain("2 breaks fewer than the week before");
    expect(mail.text).toContain("1 minute fewer than the week before");
    expect(mail.text).not.toContain("Best day");
  });
});
