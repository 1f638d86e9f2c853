import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import { Fragment, type CSSProperties, type ReactNode } from "react";
import { PRODUCT_NAME } from "@/lib/brand";

// Inline styles first (mail clients that drop stylesheets still get the light design); colours keep
// at least 4.5:1 contrast on white.
export const colors = {
  text: "#1f2937",
  muted: "#4b5563",
  brand: "#0f766e",
  page: "#f4f4f5",
  card: "#ffffff",
  border: "#e4e4e7",
  box: "#f0fdfa",
} as const;

/**
 * Dark mode for clients that honour `prefers-color-scheme` in a <style> (Apple Mail, iOS Mail,
 * Outlook for Mac…): the inline light colours are overridden by class (React Email's Body puts the
 * page's inline background on the cell of its own wrapping table, hence the child selector), and
 * the reminder's exercise figures swap to their dark copies (lib/mail/figure-image.ts). Contrast on the dark card
 * (#17211f): text 14:1, muted 7.6:1, links 10:1; the teal button keeps white text (5.5:1).
 */
export const darkStyle = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .l-page, .l-page > table > tbody > tr > td { background-color: #0b1110 !important; color: #e5efec !important; }
  .l-card { background-color: #17211f !important; border-color: #2c3b38 !important; }
  .l-text { color: #e5efec !important; }
  .l-muted { color: #b3c2be !important; }
  .l-brand, .l-link { color: #5eead4 !important; }
  .l-box { background-color: #102a27 !important; border-color: #2c4a45 !important; }
  .l-button-outline { background-color: #17211f !important; border-color: #5eead4 !important; color: #5eead4 !important; }
  .l-figure-light { display: none !important; }
  .l-figure-dark { display: block !important; }
  .l-hr { border-color: #2c3b38 !important; }
}
`;

const fontFamily =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Liberation Sans", sans-serif';

const body: CSSProperties = {
  backgroundColor: colors.page,
  color: colors.text,
  fontFamily,
  margin: 0,
  padding: "24px 8px",
};
const container: CSSProperties = {
  backgroundColor: colors.card,
  border: `1px solid ${colors.border}`,
  borderRadius: "8px",
  maxWidth: "560px",
  padding: "32px 24px",
};
const brand: CSSProperties = {
  color: colors.brand,
  fontSize: "22px",
  fontWeight: 700,
  lineHeight: "28px",
  margin: "0 0 16px",
};
const footer: CSSProperties = { color: colors.muted, fontSize: "13px", lineHeight: "20px", margin: "8px 0 0" };
export const paragraph: CSSProperties = {
  color: colors.text,
  fontSize: "16px",
  lineHeight: "24px",
  margin: "0 0 16px",
};
export const link: CSSProperties = { color: colors.brand, textDecoration: "underline" };

export interface EmailLayoutProps {
  /** The inbox preview line (hidden in the body and the plain text). */
  preview: string;
  appUrl?: string;
  /** The "not medical advice" line: only e-mails that suggest exercises carry it (the reminder). */
  medicalNote?: boolean;
  /** The e-mail's secondary links, as one compact line under the rule (see FooterLinks). */
  footer?: ReactNode;
  children: ReactNode;
}

export interface FooterLink {
  href: string;
  label: string;
}

/**
 * Secondary links as small, centred lines, "A · B · C" (never a list). A "·" must never dangle at the end
 * of a line: each one is glued to the link after it (a no-break space, in one unbreakable span), so a
 * line can only break at the plain space before a dot. Pass rows (FooterLink[][]) short enough for a
 * phone when one line would not fit there: each row then starts with a link, so no dot opens a line
 * either (a row too wide for a very narrow client still breaks only before a dot).
 */
export function FooterLinks({ links }: { links: FooterLink[] | FooterLink[][] }) {
  const rows = (Array.isArray(links[0]) ? links : [links]) as FooterLink[][];
  return (
    <Text style={{ ...footer, margin: "0 0 8px", textAlign: "center" }} className="l-muted">
      {rows.map((row, r) => (
        <Fragment key={r}>
          {r > 0 ? <br /> : null}
          {row.map(({ href, label }, i) => (
            <Fragment key={href}>
              {i > 0 ? " " : null}
              <span style={{ whiteSpace: "nowrap" }}>
                {i > 0 ? <span aria-hidden="true">{"·\u00a0"}</span> : null}
                <Link href={href} style={{ ...link, color: colors.muted }} className="l-muted">
                  {label}
                </Link>
              </span>
            </Fragment>
          ))}
        </Fragment>
      ))}
    </Text>
  );
}

export function EmailLayout({ preview, appUrl, medicalNote = false, footer: footerLine, children }: EmailLayoutProps) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        {/* React Email's Head adds no viewport: without it phones lay the e-mail out ~980 px wide. */}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{darkStyle}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body style={body} className="l-page">
        <Container style={container} className="l-card">
          <Text style={brand} className="l-brand">
            {PRODUCT_NAME}
          </Text>
          <Section>{children}</Section>
          <Hr style={{ borderColor: colors.border, margin: "24px 0 16px" }} className="l-hr" />
          {footerLine}
          {medicalNote ? (
            <Text style={{ ...footer, textAlign: "center" }} className="l-muted">
              {PRODUCT_NAME} gives general fitness suggestions, not medical advice.
            </Text>
          ) : null}
          {appUrl ? (
            <Text style={footer} className="l-muted">
              <Link href={appUrl} style={{ ...link, color: colors.muted }} className="l-muted">
                {appUrl}
              </Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}
