import { describe, expect, it } from "vitest";
import { parsePreferences, type BodyArea, type Equipment, type Limitation } from "@/lib/exercises/library";

const lims = (text: string) => [...parsePreferences(text).limitations].sort();
const focus = (text: string) => [...parsePreferences(text).focusAreas].sort();
const equip = (text: string) => [...parsePreferences(text).equipment].sort();

describe("parsePreferences", () => {
  it("returns empty preferences for empty or unrelated text", () => {
    for (const text of ["", "   ", "Anything is fine, surprise me!"]) {
      const p = parsePreferences(text);
      expect(p.limitations.size).toBe(0);
      expect(p.seatedOnly).toBe(false);
      expect(p.standingDesk).toBe(false);
      expect(p.equipment.size).toBe(0);
      expect(p.noEquipment).toBe(false);
      expect(p.focusAreas.size).toBe(0);
    }
  });

  it.each<[string, Limitation[]]>([
    ["I have a sore knee", ["knees"]],
    ["Bad knees, please", ["knees"]],
    ["KNEE PAIN when climbing stairs", ["knees"]],
    ["recovering from knee surgery", ["knees"]],
    ["my kness hurt", ["knees"]],
    ["torn meniscus last year", ["knees"]],
    ["chronic back pain", ["back"]],
    ["my lower back gets tight", ["back"]],
    ["herniated disc at L5", ["back"]],
    ["I get sciatica", ["back"]],
    ["sciatia flares up sometimes", ["back"]],
    ["hurt my back last week", ["back"]],
    ["wrist pain from typing", ["wrists"]],
    ["carpal tunnel", ["wrists"]],
    ["carpel tunnel in my right hand", ["wrists"]],
    ["RSI from mousing", ["wrists"]],
    ["tendonitis in my forearm", ["wrists"]],
    ["sore shoulder", ["shoulders"]],
    ["rotator cuff injury", ["shoulders"]],
    ["Frozen shoulder on the left", ["shoulders"]],
    ["my shoudler clicks", ["shoulders"]],
    ["bad knees, lower back pain, carpal tunnel and a frozen shoulder", ["back", "knees", "shoulders", "wrists"]],
  ])("limitations: %j", (text, expected) => {
    expect(lims(text)).toEqual([...expected].sort());
  });

  it("does not read every 'back' as a back problem", () => {
    expect(lims("I'll be back at my desk after lunch")).toEqual([]);
    expect(lims("get back to work energised")).toEqual([]);
    expect(lims("Achilles tendonitis")).toEqual([]);
  });

  it.each<[string, Limitation[]]>([
    ["no knee problems", []],
    ["No knee issues, no back pain.", []],
    ["I don't have any back or wrist issues", []],
    ["no problems with my knees", []],
    ["my knees are fine", []],
    ["nothing wrong with my shoulders", []],
    ["never had sciatica", []],
    ["no knee problems but my back hurts: back pain daily", ["back"]],
    ["knees are fine, wrists are not", ["wrists"]],
    ["no jumping because of knee pain", ["knees"]],
  ])("negation: %j", (text, expected) => {
    expect(lims(text)).toEqual([...expected].sort());
  });

  it.each([
    "I use a wheelchair",
    "wheelchair user",
    "I can't stand for long",
    "I cannot stand",
    "I can’t stand up without help",
    "seated only please",
    "sitting only",
    "only seated exercises",
    "seated exercises only",
    "I need to stay seated",
  ])("seatedOnly: %j", (text) => {
    expect(parsePreferences(text).seatedOnly).toBe(true);
  });

  it("does not mistake dislike or a standing desk for an inability to stand", () => {
    expect(parsePreferences("I can't stand burpees").seatedOnly).toBe(false);
    expect(parsePreferences("I have a standing desk").seatedOnly).toBe(false);
    expect(parsePreferences("no standing desk here").seatedOnly).toBe(false);
    expect(parsePreferences("I'm not in a wheelchair").seatedOnly).toBe(false);
  });

  it("detects a standing desk", () => {
    expect(parsePreferences("I work at a standing desk").standingDesk).toBe(true);
    expect(parsePreferences("sit-stand desk at home").standingDesk).toBe(true);
    expect(parsePreferences("I don't have a standing desk").standingDesk).toBe(false);
    expect(parsePreferences("regular desk").standingDesk).toBe(false);
  });

  it.each<[string, Equipment[]]>([
    ["I have a resistance band", ["band"]],
    ["there's a theraband in my drawer", ["band"]],
    ["resistence band and a wall nearby", ["band", "wall"]],
    ["office chair at a desk", ["chair", "desk"]],
    ["no band", []],
    ["I don't have a band or a wall", []],
    ["no wall space, but I have a chair", ["chair"]],
  ])("equipment: %j", (text, expected) => {
    expect(equip(text)).toEqual([...expected].sort());
  });

  it("detects having no equipment", () => {
    expect(parsePreferences("no equipment").noEquipment).toBe(true);
    expect(parsePreferences("I have nothing, just me").noEquipment).toBe(true);
    expect(parsePreferences("don't have any gear").noEquipment).toBe(true);
    expect(parsePreferences("No equipment except a resistance band").noEquipment).toBe(false);
    expect(parsePreferences("nothing but a band").noEquipment).toBe(false);
    expect(parsePreferences("nothing too intense please").noEquipment).toBe(false);
    expect(parsePreferences("nothing wrong with my knees").noEquipment).toBe(false);
    expect(parsePreferences("I have a band").noEquipment).toBe(false);
  });

  it.each<[string, BodyArea[]]>([
    ["stiff neck", ["neck"]],
    ["my eyes get tired", ["eyes"]],
    ["eye strain from screens", ["eyes"]],
    ["tight hips from sitting", ["hips"]],
    ["work is stressful and I get anxious", ["breathing"]],
    ["I'm so stressed", ["breathing"]],
    ["neck, eyes and hips", ["eyes", "hips", "neck"]],
    ["bad posture, upper back is tight", ["upper-back"]],
  ])("focus areas: %j", (text, expected) => {
    expect(focus(text)).toEqual([...expected].sort());
  });

  it("never turns a limitation into a focus area", () => {
    const p = parsePreferences("sore shoulder and wrist pain");
    expect([...p.limitations].sort()).toEqual(["shoulders", "wrists"]);
    expect(p.focusAreas.has("shoulders")).toBe(false);
    expect(p.focusAreas.has("wrists")).toBe(false);
    expect(focus("hip pain after surgery")).toEqual([]);
    expect(focus("upper back pain")).toEqual([]);
    expect(lims("upper back pain")).toEqual(["back"]);
    expect(focus("whiplash injury in my neck")).toEqual([]);
    expect(focus("no neck issues")).toEqual([]);
  });

  it("reads a realistic paragraph", () => {
    const p = parsePreferences(
      "Desk job, standing desk. Bad knees (no jumping!) and my eyes get tired. I have a resistance band but no wall space. Stress is high lately.",
    );
    expect([...p.limitations]).toEqual(["knees"]);
    expect(p.seatedOnly).toBe(false);
    expect(p.standingDesk).toBe(true);
    expect(p.equipment.has("band")).toBe(true);
    expect(p.equipment.has("wall")).toBe(false);
    expect(p.noEquipment).toBe(false);
    expect([...p.focusAreas].sort()).toEqual(["breathing", "eyes"]);
  });
});
