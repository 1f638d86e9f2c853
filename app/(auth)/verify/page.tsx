import type { Metadata } from "next";
import { VerifyNotice } from "@/components/public/verify-notice";

export const metadata: Metadata = { title: "Redirecting to Login" };

export default function Page() {
  return <VerifyNotice />;
}
