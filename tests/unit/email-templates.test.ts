// Every e-mail: a viewport meta (phones otherwise lay it out ~980 px wide), light and dark colour
// schemes, the medical line only where exercises are suggested, and centred links under the buttons.
import { describe, expect, it } from "vitest";
import { renderLoginCodeEmail, renderReminderEmail, renderTestEmail } from "@/lib/mail/templates/render";

const APP = "https://limber.example.test";
const reminder = () =>
  renderReminderEmail({
    durationMinutes: 5,
    exercises: [{ name: "Neck rolls", minutes: 5, steps: ["Sit tall.", "Roll slowly."] }],
    doneUrl: `${APP}/done?t=a`,
    snoozeUrl: `${APP}/snooze?t=a`,
    dashboardUrl: `${APP}/dashboard`,
    settingsUrl: `${APP}/settings`,
    unsubscribeUrl: `${APP}/unsubscribe?t=a`,
    timeDisplay: "9:00 AM",
    source: "library",
    appUrl: APP,
  });
const all = async () => ({
  reminder: await reminder(),
  login: await renderLoginCodeEmail({ code: "482913", appUrl: APP }),
  test: await renderTestEmail({ appUrl: APP }),
});

// The opening tag of the element whose text is `text` (the <p> React Email renders a Text as).
function paragraphOf(html: string, linkText: string): string {
  const at = html.indexOf(`>${linkText}</a>`);
  expect(at).toBeGreaterThan(0);
  const open = html.lastIndexOf("<p", at);
  return html.slice(open, html.indexOf(">", open) + 1);
}

describe("e-mail templates", () => {
  it("every e-mail has a device-width viewport and declares light and dark colour schemes", async () => {
    for (const [name, mail] of Object.entries(await all())) {
      expect(mail.html, name).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
      expect(mail.html, name).toContain('<meta name="color-scheme" content="light dark"/>');
      expect(mail.html, name).toContain('<meta name="supported-color-schemes" content="light dark"/>');
      expect(mail.html, name).toMatch(/<style>[^<]*@media \(prefers-color-scheme: dark\)[^<]*<\/style>/);
    }
  });

  it("says 'not medical advice' in the reminder only, not in the sign-in or test email", async () => {
    const { reminder, login, test } = await all();
    expect(reminder.text).toContain("not medical advice");
    expect(login.html).not.toContain("medical");
    expect(login.text).not.toContain("medical");
    expect(test.html).not.toContain("medical");
  });

  it("centres the reminder's footer line (Dashboard, Settings, Pause emails) like the buttons", async () => {
    const { html } = await reminder();
    for (const text of ["Dashboard", "Settings", "Pause emails"]) {
      expect(paragraphOf(html, text), text).toContain("text-align:center");
    }
  });

  it("gives every coloured element a dark-mode class the <style> overrides", async () => {
    const { reminder: r, test } = await all();
    const style = r.html.match(/<style>([^<]*)<\/style>/)![1]!;
    for (const cls of ["l-page", "l-card", "l-text", "l-muted", "l-box", "l-button-outline"]) {
      expect(r.html, cls).toContain(`class="${cls}`);
      expect(style, cls).toContain(`.${cls}`);
    }
    // The reminder's links are the muted footer line's; the test e-mail has a brand-coloured one.
    expect(test.html).toContain('class="l-link');
    expect(style).toContain(".l-link");
  });
});
