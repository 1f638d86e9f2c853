// The exercise figures' skeleton: a stick figure posed by joint angles (forward kinematics), so
// every limb keeps its length in every frame and a pose is a handful of numbers. Pure and
// client-safe: the figure component turns the sampled frames into SVG.

/** The figures' canvas is VIEW x VIEW units; feet stand on GROUND. */
export const VIEW = 120;
export const GROUND = 104;
/** Seat height of the chair (the hip's height when seated, thighs level). */
export const SEAT = 86;

export const SEGMENT = {
  torso: 28,
  shoulder: 24,
  neck: 3,
  head: 7,
  upper: 14,
  fore: 13,
  hand: 5,
  thigh: 18,
  shin: 18,
  foot: 6,
} as const;

/**
 * A limb by absolute angles in degrees: 0 points straight down, 90 toward +x (forward in a side
 * view, the viewer's right in a front view), 180 (or -180) straight up, -90 toward -x. Two
 * segments (upper arm and forearm, thigh and shin) and an optional third (hand, foot).
 */
export type Limb = readonly [number, number] | readonly [number, number, number];

export interface Pose {
  /** The pelvis. Standing figures are moved so the lowest foot is on the ground. */
  hip: readonly [number, number];
  /** Lean of the torso from upright, degrees (+ toward +x). */
  torso: number;
  /** Tilt of the head relative to the torso. */
  head: number;
  /** Shoulders lifted by this many units (a shrug). */
  shrug: number;
  /** Arms: `a` is the near arm in a side view, the one on the viewer's left in a front view. */
  a: Limb;
  b: Limb;
  /** Legs, as the arms. */
  la: Limb;
  lb: Limb;
  /** Radius of the breathing circle at the chest (0: none). */
  pulse: number;
}

export type Point = readonly [number, number];

/** One drawn frame: the head's centre and the polylines of the body. */
export interface FigureFrame {
  head: Point;
  spine: Point[];
  a: Point[];
  b: Point[];
  la: Point[];
  lb: Point[];
  /** The chest point (for the breathing circle) and its radius. */
  chest: Point;
  pulse: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;
/** A step of `len` at limb angle `deg` (0 = down). */
const limbStep = (p: Point, deg: number, len: number): Point => [
  p[0] + Math.sin(rad(deg)) * len,
  p[1] + Math.cos(rad(deg)) * len,
];
/** A step of `len` at torso angle `deg` (0 = up). */
const upStep = (p: Point, deg: number, len: number): Point => [
  p[0] + Math.sin(rad(deg)) * len,
  p[1] - Math.cos(rad(deg)) * len,
];

function chain(root: Point, limb: Limb, lengths: readonly [number, number, number]): Point[] {
  const pts: Point[] = [root];
  limb.forEach((deg, i) => pts.push(limbStep(pts[i]!, deg, lengths[i]!)));
  return pts;
}

/** Where a pose puts every joint, before the figure is placed on the ground. */
export function solve(p: Pose): FigureFrame {
  const hip: Point = p.hip;
  const neck = upStep(hip, p.torso, SEGMENT.torso);
  const sh0 = upStep(hip, p.torso, SEGMENT.shoulder);
  const shoulder: Point = [sh0[0], sh0[1] - p.shrug];
  const head = upStep(neck, p.torso + p.head, SEGMENT.neck + SEGMENT.head);
  const arm = [SEGMENT.upper, SEGMENT.fore, SEGMENT.hand] as const;
  const leg = [SEGMENT.thigh, SEGMENT.shin, SEGMENT.foot] as const;
  return {
    head,
    spine: [hip, neck],
    a: chain(shoulder, p.a, arm),
    b: chain(shoulder, p.b, arm),
    la: chain(hip, p.la, leg),
    lb: chain(hip, p.lb, leg),
    chest: upStep(hip, p.torso, SEGMENT.torso * 0.62),
    pulse: p.pulse,
  };
}

/** The frame moved by (dx, dy). */
export function translate(f: FigureFrame, dx: number, dy: number): FigureFrame {
  const m = (pt: Point): Point => [pt[0] + dx, pt[1] + dy];
  return {
    head: m(f.head),
    spine: f.spine.map(m),
    a: f.a.map(m),
    b: f.b.map(m),
    la: f.la.map(m),
    lb: f.lb.map(m),
    chest: m(f.chest),
    pulse: f.pulse,
  };
}

/** The lowest point of the legs (a foot's toe or heel). */
export function lowestFoot(f: FigureFrame): number {
  return Math.max(...f.la.slice(1).map((p) => p[1]), ...f.lb.slice(1).map((p) => p[1]));
}

/** Interpolates two poses (angles and positions as plain numbers: keyframes are authored so that is the way round). */
export function mix(p: Pose, q: Pose, t: number): Pose {
  const n = (x: number, y: number) => x + (y - x) * t;
  const limb = (x: Limb, y: Limb): Limb => x.map((v, i) => n(v, y[i] ?? v)) as unknown as Limb;
  return {
    hip: [n(p.hip[0], q.hip[0]), n(p.hip[1], q.hip[1])],
    torso: n(p.torso, q.torso),
    head: n(p.head, q.head),
    shrug: n(p.shrug, q.shrug),
    a: limb(p.a, q.a),
    b: limb(p.b, q.b),
    la: limb(p.la, q.la),
    lb: limb(p.lb, q.lb),
    pulse: n(p.pulse, q.pulse),
  };
}

/**
 * Places an arm's hand on `target` (a wall, the desk's edge, the chair's back): the two-joint
 * solution with the elbow on the side `bend` (+1: toward +y, below the line; -1: above). Out of
 * reach, the arm points straight at the target.
 */
export function reach(shoulder: Point, target: Point, bend: 1 | -1): Point[] {
  const { upper, fore } = SEGMENT;
  const dx = target[0] - shoulder[0];
  const dy = target[1] - shoulder[1];
  const dist = Math.hypot(dx, dy);
  const base = Math.atan2(dy, dx);
  if (dist >= upper + fore || dist === 0) {
    const elbow: Point = [shoulder[0] + Math.cos(base) * upper, shoulder[1] + Math.sin(base) * upper];
    return [shoulder, elbow, [elbow[0] + Math.cos(base) * fore, elbow[1] + Math.sin(base) * fore]];
  }
  const cos = (upper * upper + dist * dist - fore * fore) / (2 * upper * dist);
  const angle = base + bend * Math.acos(Math.max(-1, Math.min(1, cos)));
  return [shoulder, [shoulder[0] + Math.cos(angle) * upper, shoulder[1] + Math.sin(angle) * upper], target];
}

/** The largest angle any joint turns between two poses (to decide how finely to sample). */
export function largestTurn(p: Pose, q: Pose): number {
  const d: number[] = [Math.abs(p.torso - q.torso), Math.abs(p.head - q.head)];
  for (const k of ["a", "b", "la", "lb"] as const) p[k].forEach((v, i) => d.push(Math.abs(v - (q[k][i] ?? v))));
  return Math.max(...d);
}
