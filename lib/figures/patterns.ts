// The movement patterns the exercise figures show: a few keyframe poses each, looped. One style
// for all: a side view (facing right) for moves along the body's front-back line, a front view for
// side-to-side moves; seated moves on a chair, upper-body moves at a desk (legs hidden behind it).
// Pure data plus the sampler that turns keyframes into evenly timed frames (lib/figures/rig.ts).
import {
  GROUND,
  largestTurn,
  lowestFoot,
  mix,
  reach,
  SEAT,
  SEGMENT,
  solve,
  translate,
  VIEW,
  type FigureFrame,
  type Limb,
  type Point,
  type Pose,
} from "@/lib/figures/rig";

export const FIGURE_PATTERNS = [
  "neck-stretch",
  "shoulder-roll",
  "breathing",
  "eyes",
  "arm-circle",
  "overhead-reach",
  "chest-opener",
  "cross-body",
  "wall-angel",
  "torso-twist",
  "side-bend",
  "forward-fold",
  "hip-hinge",
  "back-extension",
  "cat-cow",
  "seated-stretch",
  "seated-march",
  "leg-extension",
  "ankle-pump",
  "wrist-stretch",
  "row",
  "chest-press",
  "pull-apart",
  "seated-punches",
  "punches",
  "squat",
  "sit-to-stand",
  "wall-sit",
  "lunge",
  "side-lunge",
  "calf-raise",
  "calf-stretch",
  "balance",
  "quad-stretch",
  "leg-swing",
  "march",
  "jog",
  "walk",
  "side-step",
  "jacks",
  "wall-pushup",
  "desk-pushup",
  "desk-plank",
  "climber",
  "desk-stretch",
  "hip-circle",
  "stretch",
] as const;
export type FigurePattern = (typeof FIGURE_PATTERNS)[number];

/** Something drawn around the figure (coordinates in the figure's canvas). */
export type Prop =
  /** A chair seen from the side: seat from x to x + 20, backrest on the `back` side. */
  | { kind: "chair"; x: number; back: "left" | "right" }
  /** A desk seen from the side, its top at y from x to x + width. */
  | { kind: "desk"; x: number; y: number; width: number }
  /** A desk seen from the front, drawn over the figure's legs. */
  | { kind: "desk-front" }
  | { kind: "wall"; x: number }
  | { kind: "floor" };

/** A band (resistance band, or the line between two hands) from one limb's end to another's. */
export type Band = readonly [
  keyof Pick<FigureFrame, "a" | "b" | "la" | "lb">,
  keyof Pick<FigureFrame, "a" | "b" | "la" | "lb">,
];

type Key = Partial<Omit<Pose, "hip">> & {
  hip?: Pose["hip"];
  /** Hands placed on these points, elbows bending `bend` (+1 down, -1 up). */
  reachA?: Point;
  reachB?: Point;
  bend?: 1 | -1;
  /** Weight of the time from this key to the next (default 1). */
  w?: number;
};

export interface PatternSpec {
  view: "side" | "front";
  /** stand: the lowest foot on the ground; seat/desk: the hip where the pose puts it. */
  base: "stand" | "seat" | "desk";
  keys: Key[];
  /** Seconds for one loop. */
  dur: number;
  props?: Prop[];
  band?: Band;
  /** Keep the near ankle at this x (feet planted while the hips move). */
  anchorX?: number;
  /** Keep the hip at this x instead (the legs take turns). */
  hipX?: number;
  /** The keyframe shown as the still picture (reduced motion). */
  still?: number;
}

// ---- base poses -------------------------------------------------------------------------------

const POSE: Pose = {
  hip: [60, 68],
  torso: 0,
  head: 0,
  shrug: 0,
  a: [0, 0],
  b: [0, 0],
  la: [0, 0],
  lb: [0, 0],
  pulse: 0,
};

/** Standing, side view (facing right): arms relaxed, feet flat. */
const STAND_SIDE: Pose = { ...POSE, hip: [58, 68], a: [10, 22], b: [-8, 6], la: [3, 0, 90], lb: [-3, -2, 90] };
/** Standing, front view. */
const STAND_FRONT: Pose = { ...POSE, hip: [60, 68], a: [-14, -5], b: [14, 5], la: [-7, -3], lb: [7, 3] };
/** Seated on a chair, side view: thighs level, shins down, hands on the thighs. */
const SEAT_SIDE: Pose = { ...POSE, hip: [46, SEAT], a: [35, 75], b: [30, 70], la: [90, 0, 90], lb: [86, -2, 90] };
/** Seated at a desk, front view (the desk hides the legs): hands resting on the desk. */
const DESK_FRONT: Pose = { ...POSE, hip: [60, 92], a: [-35, 80], b: [35, -80] };

const CHAIR_SEATED: Prop = { kind: "chair", x: 36, back: "left" };
const FLOOR: Prop = { kind: "floor" };

const side = (keys: Key[], dur: number, extra: Partial<PatternSpec> = {}): PatternSpec => ({
  view: "side",
  base: "stand",
  keys,
  dur,
  props: [FLOOR],
  ...extra,
});
const front = (keys: Key[], dur: number, extra: Partial<PatternSpec> = {}): PatternSpec => ({
  view: "front",
  base: "stand",
  keys,
  dur,
  props: [FLOOR],
  ...extra,
});
/** Seated on the chair (which is always drawn), with any other props. */
const seated = (keys: Key[], dur: number, extra: Partial<PatternSpec> = {}): PatternSpec => ({
  view: "side",
  base: "seat",
  keys,
  dur,
  ...extra,
  props: [CHAIR_SEATED, FLOOR, ...(extra.props ?? [])],
});
const atDesk = (keys: Key[], dur: number, extra: Partial<PatternSpec> = {}): PatternSpec => ({
  view: "front",
  base: "desk",
  keys,
  dur,
  props: [{ kind: "desk-front" }],
  ...extra,
});

const GUARD: Limb = [35, 160];
const PUNCH: Limb = [88, 92];
const punchKeys: Key[] = [
  { a: PUNCH, b: GUARD },
  { a: GUARD, b: GUARD },
  { a: GUARD, b: PUNCH },
  { a: GUARD, b: GUARD },
];

const rowKeys: Key[] = [
  { a: [84, 88], b: [80, 86] },
  { a: [-30, 78], b: [-34, 74], torso: -4, w: 0.6 },
  { a: [-30, 78], b: [-34, 74], torso: -4 },
];

const SIDE_BEND: Key[] = [
  { torso: 0 },
  { torso: 13, head: 6, a: [-165, 150], b: [40, -70], w: 1.4 },
  { torso: 13, head: 6, a: [-165, 150], b: [40, -70] },
  { torso: 0 },
  { torso: -13, head: -6, b: [165, -150], a: [-40, 70], w: 1.4 },
  { torso: -13, head: -6, b: [165, -150], a: [-40, 70] },
];

const TWIST: Key[] = [
  { a: [-82, 88], b: [82, -88] },
  { a: [-58, 100], b: [100, -66], head: 6, w: 1.4 },
  { a: [-58, 100], b: [100, -66], head: 6 },
  { a: [-82, 88], b: [82, -88] },
  { a: [-100, 66], b: [58, -100], head: -6, w: 1.4 },
  { a: [-100, 66], b: [58, -100], head: -6 },
];

const MARCH: Key[] = [
  { la: [95, 0, 90], a: [-30, -5], b: [45, 100] },
  { la: [3, 0, 90], lb: [-3, -2, 90], a: [5, 15], b: [5, 15] },
  { lb: [95, 0, 90], la: [3, 0, 90], a: [45, 100], b: [-30, -5] },
  { la: [3, 0, 90], lb: [-3, -2, 90], a: [5, 15], b: [5, 15] },
];

export const PATTERNS: Record<FigurePattern, PatternSpec> = {
  // ---- head, face, breath (at the desk) ----
  "neck-stretch": atDesk(
    [{ head: 0 }, { head: -34, w: 1.6 }, { head: -34 }, { head: 0 }, { head: 34, w: 1.6 }, { head: 34 }],
    7,
    { still: 1 },
  ),
  "shoulder-roll": atDesk(
    [{ shrug: 0 }, { shrug: 6, a: [-30, 16], b: [30, -16] }, { shrug: 2, a: [-32, 14], b: [32, -14] }],
    2.4,
  ),
  breathing: atDesk(
    [
      { a: [-50, 80], b: [50, -80], pulse: 4 },
      { a: [-52, 78], b: [52, -78], pulse: 9, shrug: 1.5, w: 0.8 },
      { a: [-52, 78], b: [52, -78], pulse: 9, shrug: 1.5, w: 1.2 },
    ],
    6,
  ),
  // Drawn on its own (an eye, not a body): the keys are unused.
  eyes: { view: "front", base: "desk", keys: [{}], dur: 6, props: [] },

  // ---- shoulders, arms, upper back ----
  "arm-circle": front(
    [
      { a: [-90, -90], b: [90, 90] },
      { a: [-104, -100], b: [104, 100] },
      { a: [-90, -90], b: [90, 90] },
      { a: [-76, -80], b: [76, 80] },
    ],
    1.4,
  ),
  "overhead-reach": atDesk(
    [
      { a: [-35, 80], b: [35, -80] },
      { a: [-152, -164], b: [152, 164], w: 1.2 },
      { a: [-152, -164], b: [152, 164], shrug: 1.5 },
    ],
    4.5,
  ),
  "chest-opener": seated(
    [
      { a: [35, 75], b: [30, 70] },
      { a: [-35, -10], b: [-40, -14], torso: -6, head: -8, w: 1.4 },
      { a: [-35, -10], b: [-40, -14], torso: -6, head: -8 },
    ],
    5,
  ),
  "cross-body": atDesk(
    [
      { a: [-35, 80], b: [35, -80] },
      { a: [78, 92], b: [28, 140], w: 1.4 },
      { a: [78, 92], b: [28, 140] },
      { a: [-35, 80], b: [35, -80] },
      { b: [-78, -92], a: [-28, -140], w: 1.4 },
      { b: [-78, -92], a: [-28, -140] },
    ],
    7,
    { still: 1 },
  ),
  "wall-angel": front(
    [
      { a: [-90, -178], b: [90, 178] },
      { a: [-145, -172], b: [145, 172] },
    ],
    3,
  ),
  "pull-apart": front(
    [
      { a: [-80, 95], b: [80, -95] },
      { a: [-92, -92], b: [92, 92] },
    ],
    2.4,
    { band: ["a", "b"] },
  ),
  row: seated(rowKeys, 2.6, { band: ["a", "la"] }),
  "chest-press": seated(
    [
      { a: [-30, 80], b: [-34, 76] },
      { a: [86, 90], b: [82, 88] },
    ],
    2.4,
  ),
  "seated-punches": seated(punchKeys, 1.2),
  "wrist-stretch": seated(
    [
      { a: [88, 90, 90], b: [30, 70] },
      { a: [88, 90, 150], b: [30, 70] },
      { a: [88, 90, 90], b: [30, 70] },
      { a: [88, 90, 30], b: [30, 70] },
    ],
    3.2,
    { still: 1, props: [{ kind: "desk", x: 66, y: 74, width: 44 }] },
  ),

  // ---- torso ----
  "torso-twist": atDesk(TWIST, 6, { still: 1 }),
  "side-bend": atDesk(SIDE_BEND, 7, { still: 1 }),
  stretch: front(SIDE_BEND, 7, { still: 1 }),
  "forward-fold": seated(
    [
      { a: [20, 40] },
      { torso: 62, head: 12, a: [14, 4], b: [10, 0], w: 1.4 },
      { torso: 62, head: 12, a: [14, 4], b: [10, 0] },
    ],
    5,
  ),
  "cat-cow": seated(
    [
      { torso: -8, head: -16, a: [40, 42], b: [36, 40] },
      { torso: 14, head: 22, a: [44, 50], b: [40, 48] },
    ],
    4,
  ),
  "seated-stretch": seated(
    [
      { la: [62, 76, 160], a: [40, 60], b: [36, 56] },
      { la: [62, 76, 160], torso: 30, head: 6, a: [72, 78], b: [68, 76], w: 1.4 },
      { la: [62, 76, 160], torso: 30, head: 6, a: [72, 78], b: [68, 76] },
    ],
    5,
  ),
  "hip-hinge": side(
    [
      { a: [-30, 40], b: [-34, 36] },
      { torso: 72, head: -6, la: [-6, 4, 90], lb: [-8, 2, 90], a: [-60, 60], b: [-64, 56] },
    ],
    3,
    { anchorX: 60 },
  ),
  "back-extension": side(
    [
      { a: [-40, -14], b: [-44, -18] },
      { torso: -16, head: -14, a: [-50, -24], b: [-54, -28], la: [6, 2, 90], lb: [0, 0, 90], w: 1.2 },
      { torso: -16, head: -14, a: [-50, -24], b: [-54, -28], la: [6, 2, 90], lb: [0, 0, 90] },
    ],
    4,
    { anchorX: 61 },
  ),
  "hip-circle": front(
    [
      { hip: [55, 68], torso: 4, la: [-2, -2], lb: [16, 14], a: [-45, 40], b: [45, -40] },
      { hip: [60, 66], torso: 0, la: [-7, -3], lb: [7, 3], a: [-45, 40], b: [45, -40] },
      { hip: [65, 68], torso: -4, la: [-16, -14], lb: [2, 2], a: [-45, 40], b: [45, -40] },
      { hip: [60, 70], torso: 0, la: [-10, 0], lb: [10, 0], a: [-45, 40], b: [45, -40] },
    ],
    3.2,
  ),

  // ---- legs, seated ----
  "seated-march": seated(
    [{ la: [112, 12, 90], b: [30, 70] }, { la: [90, 0, 90] }, { lb: [112, 12, 90] }, { lb: [86, -2, 90] }],
    1.8,
  ),
  "leg-extension": seated([{ la: [90, 0, 90] }, { la: [90, 86, 176], w: 0.8 }, { la: [90, 86, 176] }], 3.6),
  "ankle-pump": seated(
    [
      { la: [94, 4, 45], lb: [90, 2, 45] },
      { la: [88, -4, 130], lb: [84, -6, 130] },
    ],
    1.8,
  ),

  // ---- legs, standing ----
  squat: side(
    [
      { a: [10, 22], b: [-8, 6] },
      { torso: 36, head: -10, la: [86, -24, 90], lb: [82, -26, 90], a: [84, 90], b: [80, 88] },
    ],
    2.6,
    { anchorX: 62 },
  ),
  "sit-to-stand": side(
    [
      { torso: 8, la: [90, 0, 90], lb: [86, -2, 90], a: [60, 80], b: [56, 78], w: 0.6 },
      { torso: 8, la: [90, 0, 90], lb: [86, -2, 90], a: [60, 80], b: [56, 78] },
      { a: [10, 22], b: [-8, 6], w: 0.6 },
      { a: [10, 22], b: [-8, 6] },
    ],
    3.4,
    { anchorX: 64, props: [{ kind: "chair", x: 36, back: "left" }, FLOOR] },
  ),
  "wall-sit": side(
    [
      { torso: 0, la: [90, 0, 90], lb: [86, -2, 90], a: [30, 60], b: [26, 58] },
      { torso: 0, la: [88, -2, 90], lb: [84, -4, 90], a: [30, 60], b: [26, 58], pulse: 0 },
    ],
    3,
    { anchorX: 66, props: [{ kind: "wall", x: 42 }, FLOOR] },
  ),
  lunge: side(
    [
      { a: [-30, 50], b: [-34, 46], la: [3, 0, 90], lb: [-3, -2, 90] },
      { a: [-30, 50], b: [-34, 46], la: [78, -4, 90], lb: [-22, -86, 10], w: 1.2 },
      { a: [-30, 50], b: [-34, 46], la: [78, -4, 90], lb: [-22, -86, 10] },
    ],
    3.6,
    { anchorX: 68 },
  ),
  "side-lunge": front(
    [
      { la: [-24, -20], lb: [24, 20], a: [-30, 70], b: [30, -70] },
      { hip: [50, 68], torso: 8, la: [-70, 14], lb: [40, 40], a: [-30, 70], b: [30, -70] },
      { la: [-24, -20], lb: [24, 20], a: [-30, 70], b: [30, -70] },
      { hip: [70, 68], torso: -8, lb: [70, -14], la: [-40, -40], a: [-30, 70], b: [30, -70] },
    ],
    4.4,
    { still: 1 },
  ),
  "calf-raise": side(
    [
      { la: [3, 0, 90], lb: [-3, -2, 90], reachA: [72, 61], reachB: [72, 61] },
      { la: [3, 0, 30], lb: [-3, -2, 28], reachA: [72, 61], reachB: [72, 61] },
    ],
    2,
    { anchorX: 60, props: [{ kind: "chair", x: 72, back: "left" }, FLOOR] },
  ),
  "calf-stretch": side(
    [
      { torso: 14, la: [24, -6, 90], lb: [-22, -22, 70], reachA: [90, 54], reachB: [90, 56], bend: 1 },
      { torso: 20, la: [34, -12, 90], lb: [-26, -26, 64], reachA: [90, 54], reachB: [90, 56], bend: 1 },
    ],
    3.6,
    { anchorX: 66, props: [{ kind: "wall", x: 87 }, FLOOR] },
  ),
  balance: side(
    [
      { la: [3, 0, 90], lb: [-3, -2, 90], reachA: [74, 60], b: [-20, -10] },
      { la: [88, 0, 90], lb: [-2, -1, 90], reachA: [74, 60], b: [-30, -20], w: 1.4 },
      { la: [88, 0, 90], lb: [-2, -1, 90], reachA: [74, 60], b: [-30, -20], torso: 2 },
    ],
    4,
    { props: [{ kind: "chair", x: 72, back: "left" }, FLOOR] },
  ),
  "quad-stretch": side(
    [
      { la: [3, 0, 90], lb: [-3, -2, 90], reachB: [74, 60], a: [-10, 0] },
      { lb: [-2, 0, 90], la: [-6, -168, -120], reachB: [74, 60], a: [-40, 30], w: 1.4 },
      { lb: [-2, 0, 90], la: [-6, -168, -120], reachB: [74, 60], a: [-40, 30] },
    ],
    4.4,
    { props: [{ kind: "chair", x: 72, back: "left" }, FLOOR] },
  ),
  "leg-swing": side(
    [
      { la: [-34, -30, 60], lb: [-2, 0, 90], reachB: [72, 64], a: [30, 40] },
      { la: [48, 30, 120], lb: [-2, 0, 90], reachB: [72, 64], a: [-20, -10] },
    ],
    1.8,
    { props: [{ kind: "desk", x: 68, y: 64, width: 40 }, FLOOR] },
  ),
  march: side(MARCH, 2),
  jog: side(
    MARCH.map((k) => ({
      ...k,
      a: k.a && (k.a[0] < 0 ? ([-40, 50] as Limb) : k.a[0] > 20 ? ([50, 150] as Limb) : ([5, 80] as Limb)),
      b: k.b && (k.b[0] < 0 ? ([-40, 50] as Limb) : k.b[0] > 20 ? ([50, 150] as Limb) : ([5, 80] as Limb)),
      la: k.la && k.la[0] > 50 ? ([80, -20, 70] as Limb) : k.la,
      lb: k.lb && k.lb[0] > 50 ? ([80, -20, 70] as Limb) : k.lb,
    })),
    1,
  ),
  walk: side(
    [
      { la: [24, 6, 90], lb: [-20, -34, 60], a: [-24, -12], b: [26, 40] },
      { lb: [24, 6, 90], la: [-20, -34, 60], b: [-24, -12], a: [26, 40] },
    ],
    1.3,
  ),
  "side-step": front(
    [
      { hip: [52, 68], la: [-5, -2], lb: [5, 2], a: [-20, 20], b: [20, -20] },
      { hip: [58, 69], la: [-22, -20], lb: [22, 20], a: [-24, 16], b: [24, -16] },
      { hip: [66, 68], la: [-5, -2], lb: [5, 2], a: [-20, 20], b: [20, -20] },
      { hip: [58, 69], la: [-22, -20], lb: [22, 20], a: [-24, 16], b: [24, -16] },
    ],
    2.8,
  ),
  jacks: front(
    [
      { a: [-14, -8], b: [14, 8], la: [-4, -2], lb: [4, 2] },
      { a: [-140, -160], b: [140, 160], la: [-20, -20], lb: [20, 20] },
    ],
    1.4,
    { still: 1 },
  ),
  punches: side(
    punchKeys.map((k) => ({ ...k, la: [14, 2, 90] as Limb, lb: [-16, -6, 80] as Limb })),
    1.2,
  ),

  // ---- against a wall or the desk ----
  "wall-pushup": side(
    [
      { torso: 28, head: -4, la: [-28, -28, 70], lb: [-28, -28, 70], reachA: [94, 52], reachB: [94, 54], bend: 1 },
      { torso: 44, head: -8, la: [-44, -44, 60], lb: [-44, -44, 60], reachA: [94, 52], reachB: [94, 54], bend: 1 },
    ],
    2.4,
    { anchorX: 40, props: [{ kind: "wall", x: 91 }, FLOOR] },
  ),
  "desk-pushup": side(
    [
      { torso: 42, head: -4, la: [-42, -42, 60], lb: [-42, -42, 60], reachA: [88, 74], reachB: [88, 75], bend: 1 },
      { torso: 56, head: -8, la: [-56, -56, 50], lb: [-56, -56, 50], reachA: [88, 74], reachB: [88, 75], bend: 1 },
    ],
    2.4,
    { anchorX: 30, props: [{ kind: "desk", x: 84, y: 74, width: 40 }, FLOOR] },
  ),
  "desk-plank": side(
    [
      {
        torso: 44,
        head: -4,
        la: [-44, -44, 60],
        lb: [-44, -44, 60],
        reachA: [88, 74],
        reachB: [88, 75],
        bend: 1,
        pulse: 0,
      },
      { torso: 46, head: -6, la: [-46, -46, 60], lb: [-46, -46, 60], reachA: [88, 74], reachB: [88, 75], bend: 1 },
    ],
    3,
    { anchorX: 30, props: [{ kind: "desk", x: 84, y: 74, width: 40 }, FLOOR] },
  ),
  climber: side(
    [
      { torso: 46, head: -4, la: [40, -40, 50], lb: [-46, -46, 60], reachA: [84, 74], reachB: [84, 75], bend: 1 },
      { torso: 46, head: -4, lb: [40, -40, 50], la: [-46, -46, 60], reachA: [84, 74], reachB: [84, 75], bend: 1 },
    ],
    1,
    { hipX: 55, props: [{ kind: "desk", x: 80, y: 74, width: 40 }, FLOOR] },
  ),
  "desk-stretch": side(
    [
      { torso: 60, head: 0, la: [-2, 0, 90], lb: [-4, -2, 90], reachA: [88, 66], reachB: [88, 67], bend: -1 },
      { torso: 88, head: 4, la: [-4, 0, 90], lb: [-6, -2, 90], reachA: [88, 66], reachB: [88, 67], bend: -1, w: 1.4 },
      { torso: 88, head: 4, la: [-4, 0, 90], lb: [-6, -2, 90], reachA: [88, 66], reachB: [88, 67], bend: -1 },
    ],
    5,
    { anchorX: 46, props: [{ kind: "desk", x: 84, y: 66, width: 40 }, FLOOR], still: 1 },
  ),
};

// ---- sampling ---------------------------------------------------------------------------------

const BASE_POSE: Record<PatternSpec["base"], Pose> = { stand: STAND_SIDE, seat: SEAT_SIDE, desk: DESK_FRONT };

/** Front-view desk figures are drawn larger (only the upper body shows), around the floor's centre. */
export const DESK_ZOOM = 1.6;
/** The desk's top edge in a front view (after the zoom). */
export const DESK_TOP = 72;
/** Other figures are scaled to fit this box (at most MAX_FIT times), centred a little low. */
const FIT_BOX = { w: 84, h: 84, cx: VIEW / 2, cy: VIEW / 2 + 2 };
const MAX_FIT = 1.35;

function basePose(spec: PatternSpec): Pose {
  return spec.base === "stand" && spec.view === "front" ? STAND_FRONT : BASE_POSE[spec.base];
}

function keyPose(spec: PatternSpec, key: Key): Pose {
  const { reachA: _a, reachB: _b, bend: _bend, w: _w, ...rest } = key;
  const set = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  return { ...basePose(spec), ...set };
}

const ease = (t: number) => t * t * (3 - 2 * t);

function mapFrame(f: FigureFrame, z: (p: Point) => Point, k: number): FigureFrame {
  return {
    head: z(f.head),
    spine: f.spine.map(z),
    a: f.a.map(z),
    b: f.b.map(z),
    la: f.la.map(z),
    lb: f.lb.map(z),
    chest: z(f.chest),
    pulse: f.pulse * k,
  };
}

function place(spec: PatternSpec, pose: Pose, key: { reachA?: Point; reachB?: Point; bend?: 1 | -1 }): FigureFrame {
  let f = solve(pose);
  if (spec.base === "stand") {
    const dx =
      spec.hipX !== undefined
        ? spec.hipX - f.spine[0]![0]
        : spec.anchorX === undefined
          ? 0
          : spec.anchorX - f.la[2]![0];
    f = translate(f, dx, GROUND - lowestFoot(f));
  }
  const bend = key.bend ?? 1;
  if (key.reachA) f = { ...f, a: reach(f.a[0]!, key.reachA, bend) };
  if (key.reachB) f = { ...f, b: reach(f.b[0]!, key.reachB, bend) };
  return f;
}

/** A prop's lines (polylines), in the pose's coordinates. */
function propLines(prop: Prop): Point[][] {
  switch (prop.kind) {
    case "chair": {
      const seat = SEAT + 3;
      const back = prop.back === "left" ? prop.x : prop.x + 20;
      return [
        [
          [prop.x, seat],
          [prop.x + 20, seat],
        ],
        [
          [back, seat],
          [back, seat - 26],
        ],
        [
          [prop.x + 2, seat],
          [prop.x + 2, GROUND + 3],
        ],
        [
          [prop.x + 18, seat],
          [prop.x + 18, GROUND + 3],
        ],
      ];
    }
    case "desk":
      return [
        [
          [prop.x, prop.y],
          [prop.x + prop.width, prop.y],
        ],
        [
          [prop.x + 4, prop.y],
          [prop.x + 4, GROUND + 3],
        ],
      ];
    case "wall":
      return [
        [
          [prop.x + 3, 30],
          [prop.x + 3, GROUND + 3],
        ],
      ];
    case "floor":
    case "desk-front":
      return []; // drawn from the fitted figure (floor) or by the view itself (desk)
  }
}

export interface SampledPattern {
  /** Frames of one loop; the last equals the first. */
  frames: FigureFrame[];
  /** Each frame's time in the loop, 0 to 1. */
  times: number[];
  /** The still picture (reduced motion). */
  still: FigureFrame;
  /** The head's radius as drawn. */
  headR: number;
  /** Chair, desk and wall lines behind the figure, and the floor line (empty without one). */
  scenery: Point[][];
  floor: Point[];
  /** A desk in front of the figure (front view: it hides the legs). */
  deskFront: boolean;
}

const mixPoint = (p: Point | undefined, q: Point | undefined, t: number): Point | undefined =>
  p && q ? [p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t] : (p ?? q);

/** Every point a frame draws (the head as its bounding square). */
function framePoints(f: FigureFrame, headR: number, legs: boolean): Point[] {
  const [hx, hy] = f.head;
  return [
    ...f.spine,
    ...f.a,
    ...f.b,
    ...(legs ? [...f.la, ...f.lb] : []),
    [hx - headR, hy - headR],
    [hx + headR, hy + headR],
  ];
}

/**
 * The pattern's loop as frames: each stretch between two keyframes eased in and out and cut so no
 * joint turns more than ~20 degrees between frames (straight-line tweening between frames then
 * keeps every limb close to its length); then the whole scene is scaled and centred to fill the
 * disc the same way for every pattern.
 */
export function samplePattern(spec: PatternSpec): SampledPattern {
  const keys = spec.keys;
  const weights = keys.map((k) => k.w ?? 1);
  const total = weights.reduce((a, b) => a + b, 0);
  let frames: FigureFrame[] = [];
  const times: number[] = [];
  let start = 0;
  keys.forEach((key, i) => {
    const next = keys[(i + 1) % keys.length]!;
    const p = keyPose(spec, key);
    const q = keyPose(spec, next);
    const steps = Math.max(
      1,
      Math.ceil(largestTurn(p, q) / 20),
      Math.ceil(Math.hypot(p.hip[0] - q.hip[0], p.hip[1] - q.hip[1]) / 4),
    );
    for (let s = 0; s < steps; s++) {
      const t = ease(s / steps);
      frames.push(
        place(spec, mix(p, q, t), {
          reachA: mixPoint(key.reachA, next.reachA, t),
          reachB: mixPoint(key.reachB, next.reachB, t),
          bend: key.bend,
        }),
      );
      times.push((start + (weights[i]! * s) / steps) / total);
    }
    start += weights[i]!;
  });
  frames.push(frames[0]!);
  times.push(1);
  const stillKey = keys[Math.min(spec.still ?? (keys.length > 1 ? 1 : 0), keys.length - 1)]!;
  let still = place(spec, keyPose(spec, stillKey), stillKey);
  const props = spec.props ?? [];
  let scenery = props.flatMap(propLines);
  const deskFront = props.some((p) => p.kind === "desk-front");
  const hasFloor = props.some((p) => p.kind === "floor");

  let k: number;
  let z: (p: Point) => Point;
  if (spec.base === "desk") {
    // Only the upper body shows above the desk: a fixed zoom around the floor's centre.
    k = DESK_ZOOM;
    z = (p) => [VIEW / 2 + (p[0] - VIEW / 2) * k, GROUND + (p[1] - GROUND) * k];
  } else {
    const pts = [...frames.flatMap((f) => framePoints(f, SEGMENT.head, true)), ...scenery.flat()];
    if (hasFloor) pts.push([pts[0]![0], GROUND + 4]);
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    k = Math.min(MAX_FIT, FIT_BOX.w / (x1 - x0), FIT_BOX.h / (y1 - y0));
    const cx = (x0 + x1) / 2;
    const cy = (y0 + y1) / 2;
    z = (p) => [FIT_BOX.cx + (p[0] - cx) * k, FIT_BOX.cy + (p[1] - cy) * k];
  }
  frames = frames.map((f) => mapFrame(f, z, k));
  still = mapFrame(still, z, k);
  scenery = scenery.map((line) => line.map(z));
  let floor: Point[] = [];
  if (hasFloor) {
    const xs = frames.flatMap((f) => [...f.la, ...f.lb].map((p) => p[0]));
    const sx = scenery.flat().map((p) => p[0]);
    const y = z([0, GROUND + 4])[1];
    floor = [
      [Math.min(...xs, ...sx) - 10, y],
      [Math.max(...xs, ...sx) + 10, y],
    ];
  }
  return { frames, times, still, headR: SEGMENT.head * k, scenery, floor, deskFront };
}
