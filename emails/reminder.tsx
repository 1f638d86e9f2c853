import { Button, Heading, Link, Section, Text } from "@react-email/components";
import type { CSSProperties } from "react";
import { colors, EmailLayout, link, paragraph } from "./components/layout";

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
  dashboardUrl: string;
  settingsUrl: string;
  unsubscribeUrl: string;
  /** The reminder time in the user's time zone, e.g. "3:00 PM". */
  timeDisplay: string;
  source: "ai" | "library";
  appUrl: string;
}

export const reminderSubject = (durationMinutes: ReminderEmailProps["durationMinutes"]) =>
  `Time to move: your ${durationMinutes}-minute break`;

const h1: CSSProperties = { color: colors.text, fontSize: "20px", lineHeight: "28px", margin: "0 0 8px" };
const h2: CSSProperties = { color: colors.text, fontSize: "17px", lineHeight: "24px", margin: "0" };
const small: CSSProperties = { color: colors.muted, fontSize: "14px", lineHeight: "20px", margin: "0 0 16px" };
const exerciseBlock: CSSProperties = {
  backgroundColor: "#f0fdfa",
  border: `1px solid ${colors.border}`,
  borderRadius: "8px",
  margin: "0 0 12px",
  padding: "16px",
};
const minutesLabel: CSSProperties = { color: colors.muted, fontSize: "14px", lineHeight: "20px", margin: "2px 0 8px" };
const stepList: CSSProperties = { color: colors.text, fontSize: "16px", lineHeight: "24px", margin: 0, paddingLeft: "22px" };
const stepItem: CSSProperties = { margin: "0 0 4px" };
// White on the brand teal is ~5.5:1; the button is wide and tall enough to tap comfortably on a phone.
const button: CSSProperties = {
  backgroundColor: colors.brand,
  borderRadius: "8px",
  color: "#ffffff",
  display: "inline-block",
  fontSize: "17px",
  fontWeight: 700,
  lineHeight: "24px",
  padding: "14px 32px",
  textAlign: "center",
  textDecoration: "none",
};

export default function ReminderEmail({
  durationMinutes,
  exercises,
  doneUrl,
  dashboardUrl,
  settingsUrl,
  unsubscribeUrl,
  timeDisplay,
  source,
  appUrl,
}: ReminderEmailProps) {
  const preview = `${durationMinutes}-minute break: ${exercises.map((e) => e.name).join(", ")}`;
  return (
    <EmailLayout preview={preview} appUrl={appUrl}>
      <Heading as="h1" style={h1}>
        {`Time for your ${durationMinutes}-minute movement break`}
      </Heading>
      <Text style={paragraph}>
        {`It's ${timeDisplay}. Step away from your desk for ${durationMinutes} minutes and try this:`}
      </Text>

      {exercises.map((exercise, index) => (
        <Section key={index} style={exerciseBlock}>
          <Heading as="h2" style={h2}>
            {`${index + 1}. ${exercise.name}`}
          </Heading>
          <Text style={minutesLabel}>{`${exercise.minutes} min`}</Text>
          <ol style={stepList}>
            {exercise.steps.map((step, stepIndex) => (
              <li key={stepIndex} style={stepItem}>
                {step}
              </li>
            ))}
          </ol>
        </Section>
      ))}

      {source === "ai" ? <Text style={small}>Tailored to the preferences you shared.</Text> : null}

      <Section style={{ margin: "24px 0 8px", textAlign: "center" }}>
        <Button href={doneUrl} style={button}>
          I did it
        </Button>
      </Section>
      <Text style={{ ...small, textAlign: "center" }}>
        Tap it after your break to count it toward today&apos;s goal and your streak.
      </Text>

      <Text style={{ ...paragraph, margin: "0 0 8px" }}>
        <Link href={dashboardUrl} style={link}>
          Open dashboard
        </Link>
      </Text>
      <Text style={paragraph}>
        <Link href={settingsUrl} style={link}>
          Change times or preferences
        </Link>
      </Text>

      <Text style={{ ...small, margin: 0 }}>
        Need a rest from reminders?{" "}
        <Link href={unsubscribeUrl} style={{ ...link, color: colors.muted }}>
          Pause these e-mails
        </Link>
      </Text>
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
  doneUrl: "http://localhost:3000/api/breaks/done?t=preview.token",
  dashboardUrl: "http://localhost:3000/dashboard",
  settingsUrl: "http://localhost:3000/settings",
  unsubscribeUrl: "http://localhost:3000/api/unsubscribe?t=preview.token",
  timeDisplay: "3:00 PM",
  source: "ai",
  appUrl: "http://localhost:3000",
} satisfies ReminderEmailProps;
