"use client";

import { api } from "@/components/providers/api-client";
import { loadPage } from "@/components/shell/load-page";

/** Logout sends its request, then goes to / even if the request failed (spec section 4). */
export async function logout() {
  try {
    await api("/api/auth/logout", { method: "POST" });
  } catch (error) {
    console.error("Logout request failed", error);
  }
  loadPage("/");
}
