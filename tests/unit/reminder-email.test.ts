import { describe, expect, it } from "vitest";
import { renderReminderEmail } from "@/lib/mail/templates/render";
import ReminderEmail, { type ReminderEmailProps, type ReminderExercise } from "@/lib/mail/templates/reminder";

const MEDICAL_LINE = "Limber gives general fitness suggestions, not medical advice.";

// React escapes text and attribute values like this; expected strings are compared in their escaped form.
const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
// React inserts `<!-- -->` between adjacent text nodes (e.g. `{PRODUCT_NAME} gives ...` in the layout).
const normalizeHtml = (html: string) => html.replace(/<!-- -->/g, "");

const exercisePool: ReminderExercise[] = [
  {
    name: "Neck rolls",
    minutes: 3,
    steps: ["Sit tall and relax your shoulders.", "Roll your head slowly to the right 5 times.", "Repeat to the left."],
  },
  {
    name: "Desk push-ups & wrist circles",
    minutes: 4,
    steps: ["Place your hands on the desk edge.", "Do 10 slow push-ups.", "Circle each wrist 10 times; don't rush."],
  },
  {
    name: "Calf raises",
    minutes: 3,
    steps: ["Stand behind your chair.", "Rise onto your toes.", "Lower slowly.", "Repeat 15 times."],
  },
];

function makeProps(overrides: Partial<ReminderEmailProps> = {}): ReminderEmailProps {
  return {
    durationMinutes: 10,
    exercises: exercisePool.slice(0, 2),
    doneUrl: "https://limber.example.test/api/breaks/done?t=abc.def",
    dashboardUrl: "https://limber.example.test/dashboard",
    settingsUrl: "https://limber.example.test/settings",
    unsubscribeUrl: "https://limber.example.test/api/unsubscribe?t=uns.tok",
    timeDisplay: "3:00 PM",
    source: "library",
    appUrl: "https://limber.example.test",
    ...overrides,
  };
}

describe("renderReminderEmail", () => {
  it("renders the heading, time, button, footer links and medical line in the html", async () => {
    const props = makeProps();
    const { html: raw } = await renderReminderEmail(props);
    const html = normalizeHtml(raw);

    expect(html).toContain('lang="en"');
    expect(html).toContain("Time for Your 10-Minute Movement Break");
    expect(html).toContain("3:00 PM");
    // The button is a real link; the query string's `&` would be escaped, the `?t=abc.def` is kept verbatim.
    expect(html).toMatch(
      /<a href="https:\/\/limber\.example\.test\/api\/breaks\/done\?t=abc\.def"[^>]*>(?:(?!<\/a>).)*I did it/s,
    );
    // One short line under the buttons: they come before the exercises, so it says when to tap.
    expect(html).toContain(">Tap “I did it” after your break to count it.</p>");
    expect(html).toMatch(/<a href="https:\/\/limber\.example\.test\/dashboard"[^>]*>Dashboard<\/a>/);
    expect(html).toMatch(/<a href="https:\/\/limber\.example\.test\/settings"[^>]*>Settings<\/a>/);
    expect(html).toMatch(
      /<a href="https:\/\/limber\.example\.test\/api\/unsubscribe\?t=uns\.tok"[^>]*>Pause emails<\/a>/,
    );
    expect(html).toMatch(/<a href="https:\/\/limber\.example\.test\/disclaimer"[^>]*>Privacy<\/a>/);
    expect(html).toContain(MEDICAL_LINE);
    expect(html).not.toContain("e-mail");
  });

  it("HTML-escapes `&` in the done URL's href", async () => {
    const doneUrl = "https://limber.example.test/api/breaks/done?t=abc.def&b=42";
    const { html } = await renderReminderEmail(makeProps({ doneUrl }));
    expect(html).toContain('href="https://limber.example.test/api/breaks/done?t=abc.def&amp;b=42"');
    expect(html).not.toContain('href="https://limber.example.test/api/breaks/done?t=abc.def&b=42"');
  });

  it("shows every exercise name, its minutes and its steps in the html and the text", async () => {
    const props = makeProps({ exercises: exercisePool });
    const { html: raw, text } = await renderReminderEmail(props);
    const html = normalizeHtml(raw);

    props.exercises.forEach((exercise, i) => {
      // The name alone: only the steps are numbered (no "1." on the name above a "1." step).
      expect(html).toContain(`>${escapeHtml(exercise.name)}</h3>`);
      expect(html).not.toContain(`${i + 1}. ${escapeHtml(exercise.name)}`);
      expect(html).toContain(`${exercise.minutes} min`);
      expect(text).toContain(exercise.name);
      expect(text).not.toContain(`${i + 1}. ${exercise.name}`);
      expect(text).toContain(`${exercise.minutes} min`);
      for (const step of exercise.steps) {
        expect(html).toContain(`<li style="margin:0 0 4px">${escapeHtml(step)}</li>`);
        expect(text).toContain(step);
      }
    });
  });

  it("puts the links, the explanation and the medical line in the plain text", async () => {
    const props = makeProps();
    const { text } = await renderReminderEmail(props);

    expect(text).toContain("Time for Your 10-Minute Movement Break");
    expect(text).toContain("3:00 PM");
    expect(text).toContain(`I did it ${props.doneUrl}`);
    expect(text).toContain("Tap “I did it” after your break to count it.");
    expect(text).toContain(`Dashboard ${props.dashboardUrl}`);
    expect(text).toContain(`Settings ${props.settingsUrl}`);
    expect(text).toContain(`Pause emails ${props.unsubscribeUrl}`);
    expect(text).toContain(MEDICAL_LINE);
    expect(text).not.toMatch(/<[a-z]/i);
  });

  it("escapes markup in AI-provided names and steps instead of rendering it", async () => {
    const evil: ReminderExercise = {
      name: "<script>alert(1)</script>",
      minutes: 5,
      steps: ['<img src=x onerror="alert(2)">', "Stand up <b>now</b>"],
    };
    const { html, text } = await renderReminderEmail(makeProps({ durationMinutes: 5, exercises: [evil] }));

    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toMatch(/<img src=x/i);
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(2)&quot;&gt;");
    expect(html).not.toContain("<b>now</b>");
    expect(html).toContain("Stand up &lt;b&gt;now&lt;/b&gt;");
    // The plain text shows the strings literally.
    expect(text).toContain("<script>alert(1)</script>");
  });

  it("mentions tailoring only for AI suggestions", async () => {
    const ai = await renderReminderEmail(makeProps({ source: "ai" }));
    const library = await renderReminderEmail(makeProps({ source: "library" }));
    expect(ai.html).toContain("Tailored to the preferences you shared.");
    expect(ai.text).toContain("Tailored to the preferences you shared.");
    expect(library.html).not.toContain("Tailored to the preferences you shared.");
    expect(library.text).not.toContain("Tailored to the preferences you shared.");
  });

  it.each([5, 10, 15] as const)("uses the %i-minute subject and heading", async (durationMinutes) => {
    const r = await renderReminderEmail(makeProps({ durationMinutes }));
    expect(r.subject).toBe(`Time to move: your ${durationMinutes}-minute break`);
    expect(normalizeHtml(r.html)).toContain(`Time for Your ${durationMinutes}-Minute Movement Break`);
    expect(r.text).toContain(`Time for Your ${durationMinutes}-Minute Movement Break`);
  });

  it.each([1, 2, 3])("renders %i exercise(s)", async (count) => {
    const exercises = exercisePool.slice(0, count);
    const { html, text } = await renderReminderEmail(makeProps({ exercises }));
    // One "Your exercises" heading, then one per exercise under it.
    expect(html.match(/<h2[\s>]/g)).toHaveLength(1);
    expect(html.match(/<h3[\s>]/g)).toHaveLength(count);
    expect(html.match(/<ol[\s>]/g)).toHaveLength(count);
    // Each exercise's name is a line of its own, unnumbered; the only numbers are the (indented) steps'.
    const lines = text.split("\n");
    for (const exercise of exercises) expect(lines).toContain(exercise.name);
    expect(lines.filter((line) => /^\d+\. /.test(line))).toEqual([]);
    expect(lines.filter((line) => /^ 1\. /.test(line))).toHaveLength(count);
  });

  it("renders the preview props", async () => {
    const props = ReminderEmail.PreviewProps;
    expect(props.exercises).toHaveLength(2);
    expect(props.durationMinutes).toBe(10);
    const { html, text } = await renderReminderEmail(props);
    expect(normalizeHtml(html)).toContain(escapeHtml(props.exercises[0]!.name));
    expect(text).toContain(props.doneUrl);
  });
});

describe("renderReminderEmail: snooze and guided break", () => {
  it("offers 'Remind Me in 15 Minutes' and 'Start Break' (the guided break) when given their links", async () => {
    const { html: raw, text } = await renderReminderEmail(
      makeProps({
        snoozeUrl: "https://limber.example.test/snooze?t=s.n",
        guideUrl: "https://limber.example.test/break/0?t=g.d",
      }),
    );
    const html = normalizeHtml(raw);
    expect(html).toMatch(
      /<a href="https:\/\/limber\.example\.test\/snooze\?t=s\.n"[^>]*>(?:(?!<\/a>).)*Remind Me in 15 Minutes/s,
    );
    expect(html).toMatch(
      /<a href="https:\/\/limber\.example\.test\/break\/0\?t=g\.d"[^>]*>(?:(?!<\/a>).)*Start Break/s,
    );
    expect(text).toContain("Remind Me in 15 Minutes");
    expect(text).toContain("Start Break https://limber.example.test/break/0?t=g.d");
  });

  it("gives 'I did it' the same width as the other buttons (the main action is never the narrower one)", async () => {
    const { html } = await renderReminderEmail(
      makeProps({
        snoozeUrl: "https://limber.example.test/snooze?t=s.n",
        guideUrl: "https://limber.example.test/break/0?t=g.d",
      }),
    );
    const widthOf = (href: string) => {
      const tag = new RegExp(`<a href="${href.replace(/[.?/]/g, "\\$&")}"[^>]*style="([^"]*)"`).exec(html);
      expect(tag, href).not.toBeNull();
      return /(?:^|;)width:([^;]+)/.exec(tag![1]!)?.[1];
    };
    const done = widthOf("https://limber.example.test/api/breaks/done?t=abc.def");
    expect(done).toBeDefined();
    expect(widthOf("https://limber.example.test/snooze?t=s.n")).toBe(done);
    expect(widthOf("https://limber.example.test/break/0?t=g.d")).toBe(done);
  });

  it("has no snooze button once the break cannot be snoozed again, and says it is the snoozed reminder", async () => {
    const { html, text, subject } = await renderReminderEmail(makeProps({ snoozed: true }));
    expect(subject).toBe("Reminder: your 10-minute break");
    expect(normalizeHtml(html)).toContain("Here Is Your 10-Minute Break Again");
    expect(text).toContain("You asked to be reminded of your 3:00 PM break.");
    expect(html).not.toContain("Remind Me in 15 Minutes");
    expect(html).not.toContain("Skip this break");
  });

  it("offers 'Skip this break' (the app's Skip Break) in the footer line when given its link", async () => {
    const { html: raw, text } = await renderReminderEmail(
      makeProps({ skipUrl: "https://limber.example.test/skip?t=s.k" }),
    );
    const html = normalizeHtml(raw);
    expect(html).toMatch(/<a href="https:\/\/limber\.example\.test\/skip\?t=s\.k"[^>]*>Skip this break<\/a>/);
    expect(html).not.toMatch(/not today/i);
    expect(text).toContain("Skip this break https://limber.example.test/skip?t=s.k");
    expect(text).not.toMatch(/not today/i);
  });
});

describe("renderReminderEmail: one main action, every exercise's figure, the rest in one footer line", () => {
  const full = () =>
    renderReminderEmail(
      makeProps({
        exercises: exercisePool,
        snoozeUrl: "https://limber.example.test/snooze?t=s.n",
        skipUrl: "https://limber.example.test/skip?t=s.k",
        guideUrl: "https://limber.example.test/break/0?t=g.d",
      }),
    );

  it("has three buttons, 'I did it' first and the only filled one, and every other link in one paragraph after the rule", async () => {
    const { html } = await full();
    const buttons = [...html.matchAll(/<a href="([^"]+)"[^>]*display:inline-block[^>]*>/g)].map((m) => m[0]);
    expect(buttons.map((tag) => /href="([^"]+)"/.exec(tag)![1])).toEqual([
      "https://limber.example.test/api/breaks/done?t=abc.def",
      "https://limber.example.test/break/0?t=g.d",
      "https://limber.example.test/snooze?t=s.n",
    ]);
    // The main action is filled; the others are outlined (white, with the brand's border).
    expect(buttons[0]).toMatch(/background-color:#0f766e/);
    for (const tag of buttons.slice(1)) {
      expect(tag).toMatch(/background-color:#ffffff/);
      expect(tag).toContain('class="l-button-outline"');
    }
    const afterRule = html.slice(html.indexOf("<hr"));
    const footer = afterRule.slice(afterRule.indexOf("<p"), afterRule.indexOf("</p>"));
    for (const label of ["Skip this break", "Dashboard", "Settings", "Pause emails", "Privacy"])
      expect(footer, label).toContain(`>${label}</a>`);
    // The guided break is a button now, not a footer link as well.
    expect(footer).not.toContain("/break/0");
    // No other link in the body.
    const body = html.slice(0, html.indexOf("<hr"));
    expect(body.match(/<a /g)).toHaveLength(3);
  });

  it("shows every exercise's figure beside its name (a PNG on the app's URL, decorative), with a dark copy", async () => {
    const { html } = await full();
    const images = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    const patterns = ["neck-stretch", "wrist-stretch", "calf-raise"];
    expect(images).toHaveLength(patterns.length * 2);
    patterns.forEach((pattern, i) => {
      const [light, dark] = [images[2 * i]!, images[2 * i + 1]!];
      expect(light).toContain(`src="https://limber.example.test/figures/${pattern}.png"`);
      expect(light).toContain('class="l-figure-light"');
      expect(light).toMatch(/style="display:block;/);
      // The dark theme's copy is hidden unless the dark-mode stylesheet swaps the two.
      expect(dark).toContain(`src="https://limber.example.test/figures/${pattern}.dark.png"`);
      expect(dark).toContain('class="l-figure-dark"');
      expect(dark).toMatch(/style="display:none;[^"]*mso-hide:all/);
      for (const img of [light, dark]) {
        expect(img).toContain('alt=""');
        expect(img).toContain('width="72"');
      }
      // Each figure sits in its own exercise's box, before the next exercise's name.
      const next = exercisePool[i + 1];
      if (next) expect(html.indexOf(dark)).toBeLessThan(html.indexOf(`>${escapeHtml(next.name)}</h3>`));
    });
    expect(html).toMatch(/@media \(prefers-color-scheme: dark\)[^]*\.l-figure-light \{ display: none !important; \}/);
    expect(html).toMatch(/\.l-figure-dark \{ display: block !important; \}/);
  });
});

describe("renderReminderEmail: the actions come before the exercises", () => {
  const full = async () =>
    normalizeHtml(
      (
        await renderReminderEmail(
          makeProps({
            exercises: exercisePool,
            snoozeUrl: "https://limber.example.test/snooze?t=s.n",
            skipUrl: "https://limber.example.test/skip?t=s.k",
            guideUrl: "https://limber.example.test/break/0?t=g.d",
          }),
        )
      ).html,
    );

  it("puts the intro, then every button, then 'Your exercises' and the first exercise's name", async () => {
    const html = await full();
    const at = (needle: string) => {
      const i = html.indexOf(needle);
      expect(i, needle).toBeGreaterThan(-1);
      return i;
    };
    const intro = at("It&#x27;s 3:00 PM. Step away from your desk for 10 minutes.</p>");
    const done = at('<a href="https://limber.example.test/api/breaks/done?t=abc.def"');
    const guide = at('<a href="https://limber.example.test/break/0?t=g.d"');
    const snooze = at('<a href="https://limber.example.test/snooze?t=s.n"');
    const heading = at(">Your exercises</h2>");
    const firstExercise = at(`>${escapeHtml(exercisePool[0]!.name)}</h3>`);
    expect(intro).toBeLessThan(done);
    expect(done).toBeLessThan(guide);
    expect(guide).toBeLessThan(snooze);
    expect(snooze).toBeLessThan(heading);
    expect(heading).toBeLessThan(firstExercise);
    // The intro no longer ends on "try this:", which would now lead into the buttons.
    expect(html).not.toContain("try this");
  });

  it("keeps the same order in the plain text", async () => {
    const { text } = await renderReminderEmail(makeProps({ snoozed: true, snoozeUrl: undefined }));
    expect(text).toContain("You asked to be reminded of your 3:00 PM break. Step away from your desk for 10 minutes.");
    expect(text.indexOf("I did it https://")).toBeLessThan(text.indexOf("Your exercises"));
    expect(text.indexOf("Your exercises")).toBeLessThan(text.indexOf(exercisePool[0]!.name));
  });

  it("glues every footer separator to the link after it, in two rows, so no line ends or starts with a dot", async () => {
    const html = await full();
    const afterRule = html.slice(html.indexOf("<hr"));
    const footer = afterRule.slice(afterRule.indexOf("<p"), afterRule.indexOf("</p>"));
    // Each "·" and the link it precedes sit in one unbreakable span, after a plain (breakable) space.
    const separated = [
      ...footer.matchAll(
        / <span style="white-space:nowrap"><span aria-hidden="true">·\u00a0<\/span><a [^>]*>([^<]+)<\/a><\/span>/g,
      ),
    ];
    expect(separated.map((m) => m[1])).toEqual(["Dashboard", "Settings", "Privacy"]);
    expect(footer.match(/·/g)).toHaveLength(3);
    // The rows break before a link, never next to a dot.
    const rows = footer.split("<br/>");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^<p[^>]*><span style="white-space:nowrap"><a [^>]*>Skip this break<\/a>/);
    expect(rows[1]).toMatch(/^<span style="white-space:nowrap"><a [^>]*>Pause emails<\/a>/);
  });
});
