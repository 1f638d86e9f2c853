import { Button, Column, Heading, Img, Row, Section, Text } from "@react-email/components";
import type { CSSProperties } from "react";
import { figureImagePath } from "@/lib/mail/figure-image";
import { colors, EmailLayout, FooterLinks, paragraph } from "@/lib/mail/templates/components/layout";

export interface ReminderExercise {
  name: string;
  minutes: number;
  /** 2-4 short instructions, shown as a numbered list. */
  steps: string[];
}

export interface ReminderEmailProps {
  durationMinutes: 5 | 10 | 15;
  /** 1-3 exercises. Names and steps may come from the AI, so they are only ever rendered as React text. */
  exercises: ReminderExercise[];
  /** Signed link that records the break as done. */
  doneUrl: string;
  /** Signed link to "Remind me in 15 minutes"; absent once the break cannot be snoozed again. */
  snoozeUrl?: string;
  /** Signed link to "Skip this break" (the first reminder only: a snoozed one is already being taken). */
  skipUrl?: string;
  /** Signed link to the guided break (timer) for this break, no sign-in needed. */
  guideUrl?: string;
  /** This e-mail is the snoozed reminder (sent again on request). */
  snoozed?: boolean;
  dashboardUrl: string;
  settingsUrl: string;
  unsubscribeUrl: string;
  /** The reminder time in the user's time zone, e.g. "3:00 PM". */
  timeDisplay: string;
  source: "ai" | "library";
  appUrl: string;
}

export const reminderSubject = (durationMinutes: ReminderEmailProps["durationMinutes"], snoozed = false) =>
  snoozed ? `Reminder: your ${durationMinutes}-minute break` : `Time to move: your ${durationMinutes}-minute break`;

const h1: CSSProperties = { color: colors.text, fontSize: "20px", lineHeight: "28px", margin: "0 0 8px" };
// "Your exercises" sits above the boxes as a small label; each exercise's name is a heading below it.
const sectionHeading: CSSProperties = {
  color: colors.text,
  fontSize: "15px",
  fontWeight: 700,
  lineHeight: "22px",
  margin: "0 0 8px",
};
const h3: CSSProperties = { color: colors.text, fontSize: "17px", lineHeight: "24px", margin: "0" };
const small: CSSProperties = { color: colors.muted, fontSize: "14px", lineHeight: "20px", margin: "0 0 16px" };
const exerciseBlock: CSSProperties = {
  backgroundColor: colors.box,
  border: `1px solid ${colors.border}`,
  borderRadius: "8px",
  margin: "0 0 12px",
  padding: "16px",
};
const minutesLabel: CSSProperties = { color: colors.muted, fontSize: "14px", lineHeight: "20px", margin: "2px 0 8px" };
/** Each exercise's figure, in CSS pixels (its PNG is twice as large, for sharp screens). */
const FIGURE = 72;
const figureImage: CSSProperties = { borderRadius: "50%", display: "block" };
// The dark theme's copy stays hidden (mso-hide: Outlook on Windows ignores display on images) unless the
// client applies the dark-mode stylesheet, which swaps the two (l-figure-light / l-figure-dark).
const darkFigureImage = { ...figureImage, display: "none", msoHide: "all" } as CSSProperties;
const stepList: CSSProperties = {
  color: colors.text,
  fontSize: "16px",
  lineHeight: "24px",
  margin: 0,
  paddingLeft: "22px",
};
const stepItem: CSSProperties = { margin: "0 0 4px" };
// The buttons share one width, so "I did it", the main action, is never the narrower one.
const buttonWidth: CSSProperties = { boxSizing: "border-box", maxWidth: "100%", width: "300px" };
// White on the brand teal is ~5.5:1; the button is wide and tall enough to tap comfortably on a phone.
const secondaryButton: CSSProperties = {
  ...buttonWidth,
  backgroundColor: "#ffffff",
  border: `2px solid ${colors.brand}`,
  borderRadius: "8px",
  color: colors.brand,
  display: "inline-block",
  fontSize: "16px",
  fontWeight: 700,
  lineHeight: "24px",
  margin: "12px 0 0",
  padding: "10px 20px",
  textAlign: "center",
  textDecoration: "none",
};
const button: CSSProperties = {
  ...buttonWidth,
  backgroundColor: colors.brand,
  borderRadius: "8px",
  color: "#ffffff",
  display: "inline-block",
  fontSize: "17px",
  fontWeight: 700,
  lineHeight: "24px",
  padding: "14px 20px",
  textAlign: "center",
  textDecoration: "none",
};

export default function ReminderEmail({
  durationMinutes,
  exercises,
  doneUrl,
  snoozeUrl,
  skipUrl,
  guideUrl,
  snoozed = false,
  dashboardUrl,
  settingsUrl,
  unsubscribeUrl,
  timeDisplay,
  source,
  appUrl,
}: ReminderEmailProps) {
  const preview = `${durationMinutes}-minute break: ${exercises.map((e) => e.name).join(", ")}`;
  // One main action and its alternatives (the timed break, later) up top; everything else is one
  // small line at the bottom, in sentence case ("Skip this break" is the app's "Skip Break").
  // Two rows (this break and the app; the e-mails themselves), each narrow enough for a phone, so
  // the line never wraps on its own and leaves a "·" at a line's edge.
  const links = [
    [
      ...(skipUrl ? [{ href: skipUrl, label: "Skip this break" }] : []),
      { href: dashboardUrl, label: "Dashboard" },
      { href: settingsUrl, label: "Settings" },
    ],
    [
      { href: unsubscribeUrl, label: "Pause emails" },
      { href: `${appUrl}/disclaimer`, label: "Privacy" },
    ],
  ];
  return (
    <EmailLayout preview={preview} medicalNote footer={<FooterLinks links={links} />}>
      <Heading as="h1" style={h1} className="l-text">
        {snoozed
          ? `Here Is Your ${durationMinutes}-Minute Break Again`
          : `Time for Your ${durationMinutes}-Minute Movement Break`}
      </Heading>
      <Text style={paragraph} className="l-text">
        {snoozed
          ? `You asked to be reminded of your ${timeDisplay} break. Step away from your desk for ${durationMinutes} minutes.`
          : `It's ${timeDisplay}. Step away from your desk for ${durationMinutes} minutes.`}
      </Text>

      {/* The actions come first: on a phone the exercises' steps would push them a screen or two down. */}
      <Section style={{ margin: "8px 0", textAlign: "center" }}>
        <Button href={doneUrl} style={button}>
          I did it
        </Button>
        {/* The same break one exercise at a time with a timer, under the app's name for it. */}
        {guideUrl ? (
          <>
            <br />
            <Button href={guideUrl} style={secondaryButton} className="l-button-outline">
              Start Break
            </Button>
          </>
        ) : null}
        {snoozeUrl ? (
          <>
            <br />
            <Button href={snoozeUrl} style={secondaryButton} className="l-button-outline">
              Remind Me in 15 Minutes
            </Button>
          </>
        ) : null}
      </Section>
      <Text style={{ ...small, margin: "0 0 24px", textAlign: "center" }} className="l-muted">
        Tap “I did it” after your break to count it.
      </Text>

      <Heading as="h2" style={sectionHeading} className="l-text">
        Your exercises
      </Heading>
      {exercises.map((exercise, index) => (
        <Section key={index} style={exerciseBlock} className="l-box">
          {/* Each exercise shows its figure beside its name (decorative: the name says it). Only the
              steps are numbered: the exercises are boxes of their own. */}
          <Row>
            <Column style={{ verticalAlign: "top" }}>
              <Heading as="h3" style={h3} className="l-text">
                {exercise.name}
              </Heading>
              <Text style={minutesLabel} className="l-muted">{`${exercise.minutes} min`}</Text>
            </Column>
            <Column style={{ paddingLeft: "12px", verticalAlign: "top", width: `${FIGURE}px` }}>
              {(["light", "dark"] as const).map((scheme) => (
                <Img
                  key={scheme}
                  src={`${appUrl}${figureImagePath(exercise.name, scheme)}`}
                  width={FIGURE}
                  height={FIGURE}
                  alt=""
                  style={scheme === "light" ? figureImage : darkFigureImage}
                  className={`l-figure-${scheme}`}
                />
              ))}
            </Column>
          </Row>
          <ol style={stepList} className="l-text">
            {exercise.steps.map((step, stepIndex) => (
              <li key={stepIndex} style={stepItem}>
                {step}
              </li>
            ))}
          </ol>
        </Section>
      ))}

      {source === "ai" ? (
        <Text style={{ ...small, margin: 0 }} className="l-muted">
          Tailored to the preferences you shared.
        </Text>
      ) : null}
    </EmailLayout>
  );
}

ReminderEmail.PreviewProps = {
  durationMinutes: 10,
  exercises: [
    {
      name: "Neck and shoulder release",
      minutes: 4,
      steps: [
        "Sit tall with your feet flat on the floor.",
        "Slowly tilt your right ear toward your right shoulder and hold for 20 seconds.",
        "Repeat on the left side.",
        "Roll both shoulders backwards 10 times.",
      ],
    },
    {
      name: "Standing hip opener & calf raises",
      minutes: 6,
      steps: [
        "Stand behind your chair and hold the backrest.",
        "Step your right foot back and gently bend your left knee for 30 seconds; switch sides.",
        "Rise onto your toes and lower slowly, 15 times.",
      ],
    },
  ],
  doneUrl: "http://localhost:3000/done?t=preview.token",
  snoozeUrl: "http://localhost:3000/snooze?t=preview.token",
  skipUrl: "http://localhost:3000/skip?t=preview.token",
  guideUrl: "http://localhost:3000/break/0?t=preview.token",
  dashboardUrl: "http://localhost:3000/dashboard",
  settingsUrl: "http://localhost:3000/settings",
  unsubscribeUrl: "http://localhost:3000/api/unsubscribe?t=preview.token",
  timeDisplay: "3:00 PM",
  source: "ai",
  appUrl: "http://localhost:3000",
} satisfies ReminderEmailProps;
