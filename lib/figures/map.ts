// Which movement pattern shows an exercise. Plans reach the browser as names and steps (no library
// ids), so the library's exercises are listed by name; any other name (the AI's, a renamed one)
// is matched by keywords, and anything unrecognised shows a gentle generic stretch. Pure and
// client-safe: it does not import the library itself (its steps would weigh on every page).
import type { FigurePattern } from "@/lib/figures/patterns";

/** Lower case, letters and digits only, single dashes ("Sit-to-Stand" -> "sit-to-stand"). */
export function figureKey(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** The built-in library's exercises, by figureKey(name). */
export const LIBRARY_FIGURES: Readonly<Record<string, FigurePattern>> = {
  "chin-tucks": "neck-stretch",
  "neck-side-stretch": "neck-stretch",
  "slow-neck-turns": "neck-stretch",
  "jaw-and-face-release": "breathing",
  "20-20-20-eye-break": "eyes",
  "eye-palming": "eyes",
  "near-far-focus": "eyes",
  "eye-figure-eights": "eyes",
  "slow-blinks": "eyes",
  "box-breathing": "breathing",
  "belly-breathing": "breathing",
  "4-7-8-breathing": "breathing",
  "tense-and-release": "breathing",
  "shoulder-blade-squeezes": "chest-opener",
  "shoulder-rolls": "shoulder-roll",
  "seated-pelvic-tilts": "cat-cow",
  "seated-glute-squeezes": "breathing",
  "ankle-circles": "ankle-pump",
  "seated-heel-and-toe-raises": "ankle-pump",
  "seated-march": "seated-march",
  "easy-seated-march": "seated-march",
  "seated-arm-swings": "shoulder-roll",
  "seated-heel-slides": "leg-extension",
  "seated-torso-turns-with-reach": "torso-twist",
  "seated-fast-feet": "seated-march",
  "seated-leg-extensions": "leg-extension",
  "seated-core-brace": "breathing",
  "wrist-circles": "wrist-stretch",
  "wrist-flexor-stretch": "wrist-stretch",
  "finger-fans-and-fists": "wrist-stretch",
  "seated-spinal-twist": "torso-twist",
  "seated-forward-fold": "forward-fold",
  "seated-figure-four-stretch": "seated-stretch",
  "seated-hamstring-stretch": "seated-stretch",
  "seated-side-stretch": "side-bend",
  "seated-cat-cow": "cat-cow",
  "overhead-reach": "overhead-reach",
  "seated-chest-opener": "chest-opener",
  "cross-body-shoulder-stretch": "cross-body",
  "arm-circles": "arm-circle",
  "seated-speed-punches": "seated-punches",
  "sit-to-stand": "sit-to-stand",
  "chair-squats": "sit-to-stand",
  "calf-raises-at-the-chair": "calf-raise",
  "standing-hip-flexor-stretch": "lunge",
  "single-leg-balance": "balance",
  "desk-push-ups": "desk-pushup",
  "desk-shoulder-stretch": "desk-stretch",
  "desk-mountain-climbers": "climber",
  "desk-incline-plank": "desk-plank",
  "leg-swings-at-the-desk": "leg-swing",
  "band-pull-aparts": "pull-apart",
  "seated-band-rows": "row",
  "band-chest-press": "chest-press",
  "seated-band-leg-press": "leg-extension",
  "band-overhead-press": "overhead-reach",
  "band-squats": "squat",
  "band-side-steps": "side-step",
  "wall-angels": "wall-angel",
  "wall-sit": "wall-sit",
  "wall-push-ups": "wall-pushup",
  "wall-calf-stretch": "calf-stretch",
  "wall-chest-stretch": "chest-opener",
  "wall-posture-reset": "wall-angel",
  "marching-in-place": "march",
  "brisk-walk": "walk",
  "side-step-shuffle": "side-step",
  "standing-torso-twists": "torso-twist",
  "good-mornings": "hip-hinge",
  "standing-quad-stretch": "quad-stretch",
  "standing-back-extension": "back-extension",
  "hip-circles": "hip-circle",
  "heel-to-toe-walk": "walk",
  "bodyweight-squats": "squat",
  "reverse-lunges": "lunge",
  "side-lunges": "side-lunge",
  "squat-to-calf-raise": "squat",
  "high-knee-march": "march",
  "step-jacks": "jacks",
  "skater-steps": "side-step",
  "standing-cross-knee-drives": "march",
  "shadow-boxing": "punches",
  "jog-in-place": "jog",
};

/** Whole words (or dash-joined phrases) of a figureKey, with an optional plural "s". */
const w = (alternatives: string) => new RegExp(`(?:^|-)(?:${alternatives})s?(?:-|$)`);

/**
 * Keyword rules for names the table does not know, first match wins: specific moves before the
 * body part they share words with ("seated march" before "march", "calf raise" before "raise").
 */
const KEYWORDS: readonly [RegExp, FigurePattern][] = [
  [w("eye|blink|blinking|palming|20-20-20|near-far|focus|gaze"), "eyes"],
  [w("breath|breathing|breathe|inhale|exhale|meditation|relax|relaxation|mindful|tense"), "breathing"],
  [w("wrist|finger|hand|forearm|grip|fist"), "wrist-stretch"],
  [w("neck|chin|head|jaw"), "neck-stretch"],
  [w("shrug|shoulder-roll"), "shoulder-roll"],
  [w("arm-circle"), "arm-circle"],
  [w("jack|jumping-jack|star-jump"), "jacks"],
  [w("punch|punching|boxing|jab|uppercut"), "punches"],
  [w("climber|mountain-climber"), "climber"],
  [w("wall-push-up|wall-pushup|incline-push-up|counter-push-up"), "wall-pushup"],
  [w("push-up|pushup|press-up"), "desk-pushup"],
  [w("plank"), "desk-plank"],
  [w("wall-sit"), "wall-sit"],
  [w("sit-to-stand|chair-squat|stand-up"), "sit-to-stand"],
  [w("squat"), "squat"],
  [w("side-lunge|lateral-lunge|curtsy-lunge"), "side-lunge"],
  [w("lunge|split-squat|hip-flexor"), "lunge"],
  [w("calf-stretch"), "calf-stretch"],
  [w("calf|calf-raise|heel-raise|tiptoe|tip-toe|toe-raise"), "calf-raise"],
  [/(?:^|-)seated-(?:.*-)?(?:march|marching|knee|knees)(?:-|$)|fast-feet/, "seated-march"],
  [w("jog|jogging|run|running|sprint|skip|skipping"), "jog"],
  [w("march|marching|knee|knee-drive|high-knee"), "march"],
  [w("walk|walking|stroll|stair|stairs|pace|pacing"), "walk"],
  [w("side-step|shuffle|lateral-walk|skater"), "side-step"],
  [w("leg-extension|leg-press|knee-extension|leg-raise"), "leg-extension"],
  [w("fold|forward-bend|toe-touch|toe-touches"), "forward-fold"],
  [w("ankle|foot|feet|toe|heel"), "ankle-pump"],
  [w("quad|quadricep"), "quad-stretch"],
  [w("balance|one-leg|single-leg|stork"), "balance"],
  [w("leg-swing|swing"), "leg-swing"],
  [w("twist|rotation|rotate"), "torso-twist"],
  [w("side-bend|side-stretch|lateral-stretch|side-reach"), "side-bend"],
  [w("cat|cow|cat-cow|pelvic|tilt"), "cat-cow"],
  [w("good-morning|hinge|hip-hinge|deadlift"), "hip-hinge"],
  [w("back-extension|backbend|extension"), "back-extension"],
  [w("hamstring|figure-four|piriformis|glute-stretch"), "seated-stretch"],
  [w("hip-circle|hip-rotation|hula"), "hip-circle"],
  [w("row|rowing|pull-back"), "row"],
  [w("pull-apart|band-pull"), "pull-apart"],
  [w("chest-press"), "chest-press"],
  [w("angel|posture"), "wall-angel"],
  [w("cross-body|across"), "cross-body"],
  [w("chest|doorway|pec|opener|squeeze|blade"), "chest-opener"],
  [w("overhead|reach|press|raise"), "overhead-reach"],
  [w("shoulder"), "shoulder-roll"],
  [w("arm|arm-swing"), "arm-circle"],
];

/** The pattern that shows an exercise: the library's own, else by keywords, else a gentle stretch. */
export function figurePatternFor(name: string): FigurePattern {
  const key = figureKey(name);
  const known = LIBRARY_FIGURES[key];
  if (known) return known;
  for (const [re, pattern] of KEYWORDS) if (re.test(key)) return pattern;
  return "stretch";
}
