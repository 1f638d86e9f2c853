import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import type { CSSProperties, ReactNode } from "react";
import { PRODUCT_NAME } from "@/lib/brand";

// Inline styles only (mail clients drop stylesheets); colours keep at least 4.5:1 contrast on white.
export const colors = {
  text: "#1f2937",
  muted: "#4b5563",
  brand: "#0f766e",
  page: "#f4f4f5",
  card: "#ffffff",
  border: "#e4e4e7",
} as const;

const fontFamily =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Liberation Sans", sans-serif';

const body: CSSProperties = { backgroundColor: colors.page, color: colors.text, fontFamily, margin: 0, padding: "24px 0" };
const container: CSSProperties = {
  backgroundColor: colors.card,
  border: `1px solid ${colors.border}`,
  borderRadius: "8px",
  maxWidth: "560px",
  padding: "32px",
};
const brand: CSSProperties = { color: colors.brand, fontSize: "22px", fontWeight: 700, lineHeight: "28px", margin: "0 0 16px" };
const footer: CSSProperties = { color: colors.muted, fontSize: "13px", lineHeight: "20px", margin: "8px 0 0" };
export const paragraph: CSSProperties = { color: colors.text, fontSize: "16px", lineHeight: "24px", margin: "0 0 16px" };
export const link: CSSProperties = { color: colors.brand, textDecoration: "underline" };

export interface EmailLayoutProps {
  /** The inbox preview line (hidden in the body and the plain text). */
  preview: string;
  appUrl?: string;
  children: ReactNode;
}

export function EmailLayout({ preview, appUrl, children }: EmailLayoutProps) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={body}>
        <Container style={container}>
          <Text style={brand}>{PRODUCT_NAME}</Text>
          <Section>{children}</Section>
          <Hr style={{ borderColor: colors.border, margin: "24px 0 16px" }} />
          <Text style={footer}>{PRODUCT_NAME} gives general fitness suggestions, not medical advice.</Text>
          {appUrl ? (
            <Text style={footer}>
              <Link href={appUrl} style={{ ...link, color: colors.muted }}>
                {appUrl}
              </Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}
