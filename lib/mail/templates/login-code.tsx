import { Heading, Text } from "@react-email/components";
import { PRODUCT_NAME } from "@/lib/brand";
import { colors, EmailLayout, paragraph } from "@/lib/mail/templates/components/layout";

export interface LoginCodeEmailProps {
  code: string;
  appUrl: string;
}

export const loginCodeSubject = (code: string) => `Your ${PRODUCT_NAME} code: ${code}`;

export default function LoginCodeEmail({ code, appUrl }: LoginCodeEmailProps) {
  return (
    <EmailLayout preview={loginCodeSubject(code)} appUrl={appUrl}>
      <Heading
        as="h1"
        style={{ color: colors.text, fontSize: "20px", lineHeight: "28px", margin: "0 0 16px" }}
        className="l-text"
      >
        Your Sign-In Code
      </Heading>
      <Text style={paragraph} className="l-text">
        Enter this code to sign in to {PRODUCT_NAME}:
      </Text>
      <Text
        style={{
          backgroundColor: colors.box,
          border: `1px solid ${colors.border}`,
          borderRadius: "8px",
          color: colors.text,
          fontFamily: '"SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace',
          fontSize: "36px",
          fontWeight: 700,
          letterSpacing: "8px",
          lineHeight: "44px",
          margin: "0 0 16px",
          padding: "12px 16px",
          textAlign: "center",
        }}
        className="l-box l-text"
      >
        {code}
      </Text>
      <Text style={paragraph} className="l-text">
        It expires in 10 minutes and can be used once.
      </Text>
      <Text style={{ ...paragraph, margin: 0 }} className="l-text">
        If you did not ask for it, you can ignore this email.
      </Text>
    </EmailLayout>
  );
}

LoginCodeEmail.PreviewProps = { code: "123456", appUrl: "http://localhost:3000" } satisfies LoginCodeEmailProps;
