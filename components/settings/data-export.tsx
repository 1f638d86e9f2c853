"use client";

import { FileJson, FileSpreadsheet } from "lucide-react";
import { useState } from "react";
import { buttonVariants } from "@/components/ui/classes";
import { ApiError, errorMessage } from "@/components/providers/api-client";
import { showToast } from "@/components/ui/toast";

type Format = "json" | "csv";

/** Fetches the export and hands it to the browser as a file; a refusal (e.g. 429) becomes a toast, not a file. */
async function download(format: Format) {
  const res = await fetch(`/api/user/export${format === "csv" ? "?format=csv" : ""}`, { credentials: "include" });
  if (!res.ok) {
    const text = await res.text();
    let message: string | undefined;
    try {
      message = (JSON.parse(text) as { message?: string }).message;
    } catch {
      // not JSON: the fallback text is shown
    }
    throw new ApiError(res.status, message, `${res.status}: ${text || res.statusText}`);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? `limber-data.${format}`;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "Download My Data": its two buttons (its card is drawn by the page, on the server). */
export function DataExportButtons() {
  const [busy, setBusy] = useState<Format | null>(null);

  async function run(format: Format) {
    if (busy) return;
    setBusy(format);
    try {
      await download(format);
      showToast({
        title: "Download started",
        description: format === "csv" ? "Your breaks, as a CSV file." : "All of your data, as a JSON file.",
        variant: "success",
      });
    } catch (error) {
      showToast({
        title: "Download failed",
        description: errorMessage(error, "Your data could not be prepared. Please try again."),
        variant: "destructive",
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <button
        type="button"
        data-slot="button"
        className={buttonVariants({ variant: "outline" })}
        disabled={busy !== null}
        onClick={() => void run("json")}
      >
        <FileJson aria-hidden="true" />
        {busy === "json" ? "Preparing..." : "Download All Data (JSON)"}
      </button>
      <button
        type="button"
        data-slot="button"
        className={buttonVariants({ variant: "outline" })}
        disabled={busy !== null}
        onClick={() => void run("csv")}
      >
        <FileSpreadsheet aria-hidden="true" />
        {busy === "csv" ? "Preparing..." : "Download Breaks (CSV)"}
      </button>
    </div>
  );
}
