import { Heading, Link, Text } from "@react-email/components";
import { PRODUCT_NAME } from "@/lib/brand";
import { colors, EmailLayout, link, paragraph } from "@/lib/mail/templates/components/layout";

export interface TestEmailProps {
  appUrl: string;
}

export const testEmailSubject = `${PRODUCT_NAME} test email`;

export default function TestEmail({ appUrl }: TestEmailProps) {
  return (
    <EmailLayout preview={`Email delivery from ${PRODUCT_NAME} works.`} appUrl={appUrl}>
      <Heading
        as="h1"
        style={{ color: colors.text, fontSize: "20px", lineHeight: "28px", margin: "0 0 16px" }}
        className="l-text"
      >
        Email Delivery Works
      </Heading>
      <Text style={paragraph} className="l-text">
        This is a test email from {PRODUCT_NAME}. If you can read it, your movement-break reminders will reach this
        inbox too.
      </Text>
      <Text style={{ ...paragraph, margin: 0 }}>
        <Link href={appUrl} style={link} className="l-link">
          Open {PRODUCT_NAME}
        </Link>
      </Text>
    </EmailLayout>
  );
}

TestEmail.PreviewProps = { appUrl: "http://localhost:3000" } satisfies TestEmailProps;
