import { Button, Column, Heading, Row, Section, Text } from "@react-email/components";
import type { CSSProperties } from "react";
import { colors, EmailLayout, FooterLinks, paragraph } from "@/lib/mail/templates/components/layout";

export interface WeeklyRecapEmailProps {
  /** "Nov 16 – Nov 22": the Monday–Sunday week recapped. */
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

/** One side of the "vs last week" line: "3 more breaks", "1 fewer minute", "as many minutes". */
export function changeText(n: number, one: string, many: string): string {
  if (n === 0) return `as many ${many}`;
  return `${Math.abs(n)} ${n > 0 ? "more" : "fewer"} ${Math.abs(n) === 1 ? one : many}`;
}

const overline: CSSProperties = {
  color: colors.muted,
  fontSize: "14px",
  fontWeight: 600,
  lineHeight: "20px",
  margin: "0 0 4px",
};
const h1: CSSProperties = { color: colors.text, fontSize: "22px", lineHeight: "28px", margin: "0 0 20px" };
const hero: CSSProperties = {
  backgroundColor: colors.box,
  border: `1px solid ${colors.border}`,
  borderRadius: "12px",
  margin: "0 0 12px",
  padding: "20px 16px",
  textAlign: "center",
};
const heroValue: CSSProperties = {
  color: colors.brand,
  fontSize: "56px",
  fontWeight: 800,
  lineHeight: "60px",
  margin: 0,
};
const heroLabel: CSSProperties = {
  color: colors.text,
  fontSize: "17px",
  fontWeight: 600,
  lineHeight: "24px",
  margin: 0,
};
const statBox: CSSProperties = {
  border: `1px solid ${colors.border}`,
  borderRadius: "8px",
  padding: "12px 14px",
};
const statValue: CSSProperties = {
  color: colors.text,
  fontSize: "22px",
  fontWeight: 700,
  lineHeight: "28px",
  margin: 0,
};
const statLabel: CSSProperties = { color: colors.muted, fontSize: "14px", lineHeight: "20px", margin: "2px 0 0" };
const small: CSSProperties = { color: colors.muted, fontSize: "14px", lineHeight: "20px", margin: "0 0 16px" };
const button: CSSProperties = {
  backgroundColor: colors.brand,
  borderRadius: "8px",
  boxSizing: "border-box",
  color: "#ffffff",
  display: "inline-block",
  fontSize: "17px",
  fontWeight: 700,
  lineHeight: "24px",
  maxWidth: "100%",
  padding: "14px 20px",
  textAlign: "center",
  textDecoration: "none",
  width: "300px",
};

/** A number and what it counts, in a bordered tile. */
function Stat({ value, label }: { value: string; label: string }) {
  return (
    <Section style={statBox} className="l-card">
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
  // The week's one number first, then the rest as tiles, the comparison in a line, one button.
  return (
    <EmailLayout
      preview={preview}
      footer={
        <FooterLinks
          links={[
            { href: historyUrl, label: "History" },
            { href: settingsUrl, label: "Settings" },
            { href: unsubscribeUrl, label: "Turn off the weekly recap" },
            { href: `${appUrl}/disclaimer`, label: "Privacy" },
          ]}
        />
      }
    >
      <Text style={overline} className="l-muted">
        {weekLabel}
      </Text>
      <Heading as="h1" style={h1} className="l-text">
        Your Week in Movement
      </Heading>

      <Section style={hero} className="l-box">
        <Text style={heroValue} className="l-brand">
          {String(breaksDone)}
        </Text>
        <Text style={heroLabel} className="l-text">
          {breaksDone === 1 ? "break done" : "breaks done"}
        </Text>
      </Section>

      <Row style={{ margin: "0 0 12px" }}>
        <Column style={{ paddingRight: "6px", width: "50%", verticalAlign: "top" }}>
          <Stat value={String(minutesMoved)} label={minutesMoved === 1 ? "minute moved" : "minutes moved"} />
        </Column>
        <Column style={{ paddingLeft: "6px", width: "50%", verticalAlign: "top" }}>
          <Stat value={plural(currentStreak, "day", "days")} label="current streak" />
        </Column>
      </Row>
      {bestDay ? (
        <Section style={{ ...statBox, margin: "0 0 16px" }} className="l-card">
          <Text style={{ ...paragraph, margin: 0 }} className="l-text">
            <span style={{ color: colors.muted }} className="l-muted">
              Best day:
            </span>{" "}
            {/* One line: at 375 px "(2 breaks)" broke across its bracket. */}
            <strong style={{ whiteSpace: "nowrap" }}>{bestDay}</strong>
          </Text>
        </Section>
      ) : null}

      <Text style={{ ...small, textAlign: "center" }} className="l-muted">
        Compared with last week: {changeText(change.breaksDone, "break", "breaks")},{" "}
        {changeText(change.minutesMoved, "minute", "minutes")}
      </Text>
      {breaksDone === 0 ? (
        <Text style={{ ...paragraph, textAlign: "center" }} className="l-text">
          A new week starts today: one short break is a good start.
        </Text>
      ) : null}

      <Section style={{ margin: "8px 0 0", textAlign: "center" }}>
        <Button href={dashboardUrl} style={button}>
          Start This Week
        </Button>
      </Section>
    </EmailLayout>
  );
}

WeeklyRecapEmail.PreviewProps = {
  weekLabel: "Nov 16 – Nov 22",
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
