"use client";

import { LogOut } from "lucide-react";
import { logout } from "./logout-button";

/** The public frame's Logout, for the signed-in pages drawn in it (/welcome). */
export function FrameLogout({ className }: { className: string }) {
  return (
    <button type="button" className={className} data-leaves-page onClick={() => void logout()}>
      <LogOut className="size-4" aria-hidden="true" />
      Logout
    </button>
  );
}
