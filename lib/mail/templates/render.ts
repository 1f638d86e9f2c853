// Renders templates to the `{ subject, html, text }` a MailMessage needs (Resend does not derive text).
import { render } from "@react-email/render";
import { createElement, type ReactElement } from "react";
import LoginCodeEmail, { loginCodeSubject } from "@/lib/mail/templates/login-code";
import ReminderEmail, { reminderSubject, type ReminderEmailProps } from "@/lib/mail/templates/reminder";
import TestEmail, { testEmailSubject } from "@/lib/mail/templates/test-email";

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

// html-to-text upper-cases headings by default; keep them as written.
const htmlToTextOptions = {
  selectors: ["h1", "h2", "h3"].map((selector) => ({ selector, options: { uppercase: false } })),
};

export async function renderEmail(subject: string, el: ReactElement): Promise<RenderedEmail> {
  const [html, text] = await Promise.all([render(el), render(el, { plainText: true, htmlToTextOptions })]);
  return { subject, html, text };
}

export function renderLoginCodeEmail({ code, appUrl }: { code: string; appUrl: string }): Promise<RenderedEmail> {
  return renderEmail(loginCodeSubject(code), createElement(LoginCodeEmail, { code, appUrl }));
}

export function renderTestEmail({ appUrl }: { appUrl: string }): Promise<RenderedEmail> {
  return renderEmail(testEmailSubject, createElement(TestEmail, { appUrl }));
}

export function renderReminderEmail(props: ReminderEmailProps): Promise<RenderedEmail> {
  return renderEmail(reminderSubject(props.durationMinutes, props.snoozed), createElement(ReminderEmail, props));
}
