"use client";

// "Install Limber": the browser's own install prompt (Chrome, Edge, Samsung Internet on Android
// and desktop), kept from its `beforeinstallprompt` event, which may come before this card is
// shown (RegisterServiceWorker keeps it on window). Installed: the app runs standalone.
import { useCallback, useEffect, useState } from "react";
import { isStandalone } from "./use-push-device";

export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

/** Where RegisterServiceWorker keeps an install prompt that came early. */
export const INSTALL_PROMPT_KEY = "__limberInstallPrompt";
type WithPrompt = Window & { [INSTALL_PROMPT_KEY]?: BeforeInstallPromptEvent | null };

export function useInstallPrompt() {
  const [prompt, setPrompt] = useState<BeforeInstallPromptEvent | null>(null);
  const [installed, setInstalled] = useState(false);

  useEffect(() => {
    const w = window as WithPrompt;
    setInstalled(isStandalone());
    if (w[INSTALL_PROMPT_KEY]) setPrompt(w[INSTALL_PROMPT_KEY]);
    const onPrompt = (e: Event) => {
      // Our button offers it: no infobar of the browser's as well.
      e.preventDefault();
      setPrompt(e as BeforeInstallPromptEvent);
    };
    const onInstalled = () => {
      w[INSTALL_PROMPT_KEY] = null;
      setPrompt(null);
      setInstalled(true);
    };
    window.addEventListener("beforeinstallprompt", onPrompt);
    window.addEventListener("appinstalled", onInstalled);
    return () => {
      window.removeEventListener("beforeinstallprompt", onPrompt);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, []);

  /** Shows the browser's prompt (usable once); true when the user accepted. */
  const install = useCallback(async () => {
    if (!prompt) return false;
    await prompt.prompt();
    const { outcome } = await prompt.userChoice;
    (window as WithPrompt)[INSTALL_PROMPT_KEY] = null;
    setPrompt(null);
    return outcome === "accepted";
  }, [prompt]);

  return { canInstall: prompt !== null && !installed, installed, install };
}
