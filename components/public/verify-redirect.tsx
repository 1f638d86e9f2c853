"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { VERIFY_NOTICE_REDIRECT_MS } from "@/components/constants";
import { showToast } from "@/components/ui/toast";

/** The notice's one live part: the toast, then back to the code login after 2 s. Draws nothing. */
export function VerifyRedirect() {
  const router = useRouter();
  useEffect(() => {
    showToast({
      title: "Authentication method changed",
      description: "This authentication method is no longer supported. Please use the code verification login.",
    });
    const t = setTimeout(() => router.replace("/"), VERIFY_NOTICE_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [router]);
  return null;
}
