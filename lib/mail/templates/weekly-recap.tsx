import { Button, Column, Heading, Link, Row, Section, Text } from "@react-email/components";
import type { CSSProperties } from "react";
import { colors, EmailLayout, link, paragraph } from "@/lib/mail/templates/components/layout";

export interface WeeklyRecapEmailProps {
  /** "Nov 16 - Nov 22": the Monday-Sunday week recapped. */
  weekLabel: string;
  breaksDone: number;
  minutesMoved: number;
  /** "Wednesday, Nov 18 (3 breaks)", or null when no break was done. */
  bestDay: string | null;
  currentStreak: number;
  /** This week minus the week before. */
  change: { breaksDone: number; minutesMoved: number };
  dashboardUrl: string;
  historyUrl: string;
  settingsUrl: string;
  /** Turns off the weekly recap only (signed link). */
  unsubscribeUrl: string;
  appUrl: string;
}

export const weeklyRecapSubject = (breaksDone: number) =>
  breaksDone === 0
    ? "Your week in movement breaks"
    : `Your week: ${breaksDone} movement ${breaksDone === 1 ? "break" : "breaks"} done`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "+3 breaks from the week before", "2 fewer minutes…", "Same as the week before". */
export function changeText(n: number, one: string, many: string): string {
  if (n === 0) return "same as the week before";
  return n > 0
    ? `${plural(n, one, many)} more than the week before`
    : `${plural(-n, one, many)} fewer than the week before`;
}

const h1: CSSProperties = { color: colors.text, fontSize: "20px", lineHeight: "28px", margin: "0 0 8px" };
const statBox: CSSProperties = {
  backgroundColor: colors.box,
  border: `1px solid ${colors.border}`,
  borderRadius: "8px",
  padding: "12px 14px",
};
const statValue: CSSProperties = {
  color: colors.text,
  fontSize: "26px",
  fontWeight: 700,
  lineHeight: "32px",
  margin: 0,
};
const statLabel: CSSProperties = { color: colors.muted, fontSize: "14px", lineHeight: "20px", margin: "2px 0 0" };
const small: CSSProperties = { color: colors.muted, fontSize: "14px", lineHeight: "20px", margin: "0 0 16px" };
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

function Stat({ value, label }: { value: string; label: string }) {
  return (
    <Section style={statBox} className="l-box">
      <Text style={statValue} className="l-text">
        {value}
      </Text>
      <Text style={statLabel} className="l-muted">
        {label}
      </Text>
    </Section>
  );
}

export default function WeeklyRecapEmail({
  weekLabel,
  breaksDone,
  minutesMoved,
  bestDay,
  currentStreak,
  change,
  dashboardUrl,
  historyUrl,
  settingsUrl,
  unsubscribeUrl,
  appUrl,
}: WeeklyRecapEmailProps) {
  const preview = `${plural(breaksDone, "break", "breaks")} and ${plural(minutesMoved, "minute", "minutes")} moved last week.`;
  return (
    <EmailLayout preview={preview} appUrl={appUrl}>
      <Heading as="h1" style={h1} className="l-text">
        Your Week in Movement
      </Heading>
      <Text style={paragraph} className="l-text">
        {breaksDone === 0
          ? `No breaks were done in the week of ${weekLabel}. A new week starts today: one short break is a good start.`
          : `Here is how you moved in the week of ${weekLabel}.`}
      </Text>

      <Row style={{ margin: "0 0 12px" }}>
        <Column style={{ paddingRight: "6px", width: "50%", verticalAlign: "top" }}>
          <Stat value={String(breaksDone)} label={breaksDone === 1 ? "break done" : "breaks done"} />
        </Column>
        <Column style={{ paddingLeft: "6px", width: "50%", verticalAlign: "top" }}>
          <Stat value={String(minutesMoved)} label={minutesMoved === 1 ? "minute moved" : "minutes moved"} />
        </Column>
      </Row>

      <Text style={{ ...paragraph, margin: "0 0 4px" }} className="l-text">
        <strong>Compared with the week before:</strong> {changeText(change.breaksDone, "break", "breaks")};{" "}
        {changeText(change.minutesMoved, "minute", "minutes")}.
      </Text>
      {bestDay ? (
        <Text style={{ ...paragraph, margin: "0 0 4px" }} className="l-text">
          <strong>Best day:</strong> {bestDay}
        </Text>
      ) : null}
      <Text style={paragraph} className="l-text">
        <strong>Current streak:</strong> {plural(currentStreak, "day", "days")}
      </Text>

      <Section style={{ margin: "8px 0 24px", textAlign: "center" }}>
        <Button href={dashboardUrl} style={button}>
          Start This Week
        </Button>
      </Section>

      <Text style={small} className="l-muted">
        See every day and your trophies in{" "}
        <Link href={historyUrl} style={link} className="l-link">
          History
        </Link>
        . Change your e-mails in{" "}
        <Link href={settingsUrl} style={link} className="l-link">
          Settings
        </Link>
        .
      </Text>
      <Text style={{ ...small, margin: 0, textAlign: "center" }} className="l-muted">
        Rather not get this on Mondays?{" "}
        <Link href={unsubscribeUrl} style={{ ...link, color: colors.muted }} className="l-muted">
          Turn off the weekly recap
        </Link>
      </Text>
    </EmailLayout>
  );
}

WeeklyRecapEmail.PreviewProps = {
  weekLabel: "Nov 16 - Nov 22",
  breaksDone: 8,
  minutesMoved: 45,
  bestDay: "Wednesday, Nov 18 (2 breaks)",
  currentStreak: 4,
  change: { breaksDone: 3, minutesMoved: -5 },
  dashboardUrl: "http://localhost:3000/dashboard",
  historyUrl: "http://localhost:3000/history",
  settingsUrl: "http://localhost:3000/settings",
  unsubscribeUrl: "http://localhost:3000/unsubscribe?t=preview.token",
  appUrl: "http://localhost:3000",
} satisfies WeeklyRecapEmailProps;
