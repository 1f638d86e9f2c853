"use client";

import { Check, Download } from "lucide-react";
import { buttonVariants } from "@/components/ui/classes";
import { PRODUCT_NAME } from "@/lib/brand";
import { showToast } from "@/components/ui/toast";
import { big, waiting, type Run } from "./panel-requests";
import type { useInstallPrompt } from "./use-install-prompt";

export interface InstallOfferProps {
  install: ReturnType<typeof useInstallPrompt>;
  /** The request running in the panel, if any. */
  busy: string | null;
  run: Run;
}

/** Installing the app, where the browser offers it (or "Installed" once it is). */
export function InstallOffer({ install, busy, run }: InstallOfferProps) {
  const onInstall = () =>
    run("install", async () => {
      if (await install.install())
        showToast({
          title: `${PRODUCT_NAME} is installed`,
          description: "Open it from your home screen or app list.",
          variant: "success",
        });
    });

  return (
    <div className="flex flex-col gap-4 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <Download className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="grid gap-1">
          <h4 className="text-sm leading-none font-medium">Install</h4>
          <p className="text-sm text-muted-foreground">
            {install.installed
              ? `${PRODUCT_NAME} is installed on this device.`
              : `Install ${PRODUCT_NAME} to open it like an app, from your home screen or dock.`}
          </p>
        </div>
      </div>
      {install.installed ? (
        <p className="flex min-h-11 items-center gap-1.5 text-sm font-medium text-success">
          <Check className="size-4" aria-hidden="true" />
          Installed
        </p>
      ) : (
        <button
          type="button"
          data-slot="button"
          className={buttonVariants({ variant: "outline", size: "lg", className: `${big} ${waiting} shrink-0` })}
          aria-disabled={busy !== null || undefined}
          onClick={onInstall}
        >
          <Download aria-hidden="true" />
          Install {PRODUCT_NAME}
        </button>
      )}
    </div>
  );
}
