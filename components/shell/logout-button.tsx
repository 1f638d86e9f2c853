"use client";

import type { ReactNode } from "react";
import { api } from "@/lib/api-client";

/** Logout sends its request, then goes to / even if the request failed (spec section 4). */
export async function logout() {
  try {
    await api("/api/auth/logout", { method: "POST" });
  } catch (error) {
    console.error("Logout request failed", error);
  }
  window.location.assign("/");
}

export function LogoutButton({ className, children }: { className: string; children: ReactNode }) {
  return (
    <button type="button" onClick={logout} className={className} data-leaves-page>
      {children}
    </button>
  );
}
