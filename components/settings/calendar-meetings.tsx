"use client";

// The Calendar card's first part: the calendar breaks move around (connect, its state, replace,
// disconnect), and under it how far they may move ("Around meetings"), which works only with a
// calendar connected: switched off and saying so until one is.
import { useState } from "react";
import { CalendarSourceFields } from "@/components/calendar-source/calendar-source-fields";
import type { CalendarSourceView } from "@/lib/calendar-source/input";
import { MeetingsField } from "./meetings-field";

export function CalendarMeetingsFields({ initial }: { initial: CalendarSourceView | null }) {
  const [connected, setConnected] = useState(!!initial);
  return (
    <>
      <CalendarSourceFields initial={initial} onConnectedChange={setConnected} />
      <MeetingsField connected={connected} />
    </>
  );
}
