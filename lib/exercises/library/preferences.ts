import type { BodyArea, Equipment, Limitation, ParsedPreferences } from "@/lib/exercises/library/types";

/**
 * Reads the user's free-text preferences ("bad knees, I have a resistance band, eyes get tired")
 * with plain keyword rules. Deliberately conservative: when in doubt a limitation is kept, because
 * a wrongly added limitation only narrows the choice while a missed one can hurt someone.
 */

// ------------------------------------------------------------------ normalisation & typos

/** Words worth correcting when misspelt by one edit (insert/delete/substitute/swap). */
const VOCABULARY = [
  "shoulder",
  "shoulders",
  "wrist",
  "wrists",
  "sciatica",
  "herniated",
  "wheelchair",
  "resistance",
  "standing",
  "equipment",
  "carpal",
  "rotator",
  "anxious",
  "anxiety",
  "stress",
  "stressed",
  "surgery",
  "breathing",
  "posture",
  "injury",
  "injured",
  "arthritis",
  "tendonitis",
  "tendinitis",
];
const VOCABULARY_SET = new Set(VOCABULARY);
/** Real words one edit away from a vocabulary word: never "correct" these. */
const NOT_TYPOS = new Set(["waist", "wrest", "whist", "writs", "boulder", "boulders", "smoulder", "stresses"]);

/** Optimal-string-alignment distance, capped: returns 2 as soon as it must exceed 1. */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, () => new Array<number>(cols).fill(0));
  for (let i = 0; i < rows; i++) d[i]![0] = i;
  for (let j = 0; j < cols; j++) d[0]![j] = j;
  for (let i = 1; i < rows; i++) {
    let rowMin = Infinity;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      }
      d[i]![j] = v;
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > 1) return false;
  }
  return d[rows - 1]![cols - 1]! <= 1;
}

function correctTypo(word: string): string {
  if (word.length < 5 || VOCABULARY_SET.has(word) || NOT_TYPOS.has(word)) return word;
  for (const candidate of VOCABULARY) {
    if (withinOneEdit(word, candidate)) return candidate;
  }
  return word;
}

function normalize(text: string): string {
  const lowered = text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`\u00b4]/g, "'")
    .replace(/[\u2010-\u2015]/g, "-");
  const corrected = lowered.replace(/[a-z]+/g, correctTypo);
  return ` ${corrected.replace(/\s+/g, " ").trim()} `;
}

// ------------------------------------------------------------------ negations

const BODY =
  "(?:(?:lower|upper)\\s+back|knee-?caps?|kne+s*|back|spine|wrists?|hands?|fingers?|shoulders?|neck|hips?|eyes?|joints?|legs?|ankles?|elbows?)";
const MY = "(?:(?:my|the|either|both|any|your)\\s+)?";
const BODY_LIST = `${BODY}(?:\\s*(?:,|/|\\bor\\b|\\band\\b|\\bnor\\b)\\s*(?:(?:or|and)\\s+)?${MY}${BODY})*`;
const ISSUE =
  "(?:problems?|issues?|pain|aches?|injur(?:y|ies)|trouble|limitations?|complaints?|conditions?|concerns?|surger(?:y|ies))";
const NEGATOR =
  "(?:no|zero|without|not any|never had|never have|don't have|dont have|do not have|haven't got|havent got|haven't had|havent had|have no|have not had|free of|no longer have)";
const FILLER =
  "(?:(?:real|major|serious|significant|big|current|known|chronic|ongoing|other|more|longer|any|actual|particular|specific|notable)\\s+){0,2}";
const NAMED_CONDITION =
  "(?:sciatica|carpal tunnel(?: syndrome)?|rsi|rotator cuff (?:issues?|problems?|injur(?:y|ies)|tears?)|herniat\\w*(?: dis[ck]s?)?|frozen shoulder|tend[oi]n\\w*)";

const BODY_NEGATIONS: RegExp[] = [
  // "no knee problems", "don't have any back or wrist issues"
  new RegExp(`\\b${NEGATOR}\\s+${FILLER}${BODY_LIST}\\s+${FILLER}${ISSUE}\\b`, "g"),
  // "no problems with my knees"
  new RegExp(`\\b${NEGATOR}\\s+${FILLER}${ISSUE}\\s+(?:with|in|on|to)\\s+${MY}${BODY_LIST}\\b`, "g"),
  // "my knees are fine", "back is ok"
  new RegExp(
    `\\b${MY}${BODY_LIST}\\s+(?:is|are|feel|feels|seem|seems)\\s+(?:(?:totally|perfectly|completely|all|really|pretty|quite|absolutely|100%)\\s+)?(?:fine|ok|okay|good|great|healthy|strong|normal|alright|all right)\\b`,
    "g",
  ),
  // "nothing wrong with my back"
  new RegExp(`\\bnothing wrong with ${MY}${BODY_LIST}\\b`, "g"),
  // "no sciatica", "never had carpal tunnel"
  new RegExp(`\\b${NEGATOR}\\s+${FILLER}${NAMED_CONDITION}\\b`, "g"),
];

const ITEM = "(?:therabands?|bands?|walls?|chairs?|desks?)";
const ITEM_FILLER =
  "(?:(?:a|an|any|access to|room for|space for|resistance|exercise|elastic|loop|rubber|spare|free|clear|empty|usable|proper|sturdy|my|our|standing|stand-up|standup|sit-stand|adjustable|nearby|good)\\s+){0,3}";
const EQUIPMENT_NEGATIONS: RegExp[] = [
  // "no band", "don't have a resistance band or a wall", "no standing desk"
  new RegExp(
    `\\b(?:no|without|don't have|dont have|do not have|haven't got|havent got|have no|lack|not|never|no access to|can't use|cant use|cannot use)\\s+${ITEM_FILLER}${ITEM}(?:\\s*(?:,|/|\\bor\\b|\\band\\b|\\bnor\\b)\\s*(?:(?:or|and)\\s+)?(?:(?:a|an|any)\\s+)?${ITEM_FILLER}${ITEM})*\\b`,
    "g",
  ),
  // "not stressed"
  /\b(?:not|never|rarely)\s+(?:really\s+|very\s+|too\s+|that\s+|particularly\s+)?(?:stressed|anxious)\b/g,
  // "not in a wheelchair"
  /\b(?:not|never|no longer)\s+(?:in\s+|using\s+|use\s+|need\s+)?(?:a\s+)?wheel ?chair\b/g,
];

function stripNegations(text: string): string {
  let out = text;
  for (const re of [...BODY_NEGATIONS, ...EQUIPMENT_NEGATIONS]) out = out.replace(re, " ");
  return out;
}

// ------------------------------------------------------------------ keyword tables

const LIMITATION_PATTERNS: Record<Limitation, RegExp[]> = {
  knees: [
    /\bkne+s*\b/,
    /\bknee-?caps?\b/,
    /\b(?:can't|cant|cannot|unable to)\s+kneel/,
    /\b(?:acl|mcl|meniscus)\b/,
    /\bpatell\w*/,
  ],
  back: [
    /\b(?:lower|low|lumbar|mid)[\s-]?back\b/,
    /\bback\s?(?:pain|problems?|issues?|injur(?:y|ies|ed)|trouble|spasms?|surgery|aches?|hurts?|condition)\b/,
    /\bback\s+(?:is|has been|keeps|gets|was)\s+(?:\w+\s+)?(?:sore|bad|hurting|painful|killing|injured|acting up|playing up|tweaked)\b/,
    /\b(?:bad|sore|hurt|hurting|injured|weak|achy|aching|painful|tweaked|pulled|bum|dodgy|fragile|broken|fused|herniated|slipped)\s+(?:my\s+)?(?:lower\s+|upper\s+|mid\s+)?back\b/,
    /\b(?:hurt|injured|tweaked|pulled|threw|put)\s+(?:out\s+)?my\s+(?:lower\s+|upper\s+)?back\b/,
    /\bbackaches?\b/,
    /\bherniat\w*/,
    /\bsciatic\w*/,
    /\b(?:slipped|bulging|prolapsed|ruptured|degenerat\w*)\s+dis[ck]s?\b/,
    /\bdis[ck]\s+(?:problems?|issues?|injur\w*|herniation|bulge|surgery)\b/,
    /\bspin(?:e|al)\b/,
    /\b(?:scoliosis|stenosis|lumbago|lumbar|sacroiliac|vertebra\w*)\b/,
    /\bsi joint\b/,
  ],
  wrists: [
    /\bwrists?\b/,
    /\bcarpal\b/,
    /\brsi\b/,
    /\brepetitive strain\b/,
    /(?<!(?:achilles|patellar|knee|heel)\s)\btend[oi]n\w*/,
    /\b(?:tennis|golfer'?s?)\s+elbow\b/,
    /\btrigger finger\b/,
    /\bde quervain/,
    /\b(?:hand|hands|finger|fingers|thumb|thumbs)\s+(?:pain|arthritis|injur\w*|problems?|issues?)\b/,
    /\barthritis in (?:my |the )?(?:hands?|fingers?|thumbs?)\b/,
    /\bmouse arm\b/,
  ],
  shoulders: [
    /\bshoulders?\b/,
    /\brotator\b/,
    /\bimpingement\b/,
    /\blab(?:rum|ral)\b/,
    /\b(?:ac joint|collar ?bone|clavicle)\b/,
  ],
};

const SEATED_ONLY_PATTERNS: RegExp[] = [
  /\bwheel ?chair/,
  /\b(?:seated|sitting|sit[- ]down|chair)(?:[- ]based)?\s+(?:(?:exercises?|stretches?|moves?|movements?|workouts?|options?|stuff)\s+)?only\b/,
  /\bonly\s+(?:do\s+|want\s+|manage\s+|able to do\s+)?(?:seated|sitting|sit[- ]down|chair[- ]based)\b/,
  /\b(?:must|need to|have to|has to|prefer to)\s+(?:stay|remain|be)\s+(?:seated|sitting)\b/,
  /\b(?:can't|cant|cannot|can not|unable to|not able to|couldn't|struggle to)\s+(?:walk|get up|stand up|be on my feet|bear weight)\b/,
  /\b(?:para|quadri|tetra)pleg\w*/,
  /\b(?:mobility scooter|chair[- ]?bound|bed[- ]?bound|non[- ]?ambulatory)\b/,
  /\bno standing\b(?!\s+desks?\b)/,
];

/** Words after "can't stand" that mean a physical inability rather than dislike ("can't stand burpees"). */
const CANT_STAND_PHYSICAL_NEXT = new Set([
  "",
  "up",
  "for",
  "long",
  "very",
  "much",
  "well",
  "at",
  "without",
  "unaided",
  "anymore",
  "any",
  "properly",
  "easily",
  "upright",
  "and",
  "or",
  "so",
  "because",
  "due",
  "comfortably",
  "still",
  "straight",
  "on",
  "more",
  "longer",
  "now",
  "today",
  "myself",
  "alone",
  "independently",
  "safely",
  "after",
  "since",
  "as",
  "too",
  "in",
  "if",
  "unless",
  "but",
]);
const CANT_STAND = /\b(?:can't|cant|cannot|can not|unable to|not able to)\s+stand\b\s*([a-z']*)/g;

function mentionsCannotStand(text: string): boolean {
  for (const match of text.matchAll(CANT_STAND)) {
    if (CANT_STAND_PHYSICAL_NEXT.has(match[1] ?? "")) return true;
  }
  return false;
}

const STANDING_DESK_PATTERNS: RegExp[] = [
  /\b(?:standing|stand[- ]?up|sit[- /]?(?:to[- ])?stand|height[- ]adjustable|adjustable(?:[- ]height)?|stand)\s+desks?\b/,
  /\bdesk\s+(?:converter|riser)\b/,
  /\bstand(?:ing)?\s+(?:while|when)\s+(?:i\s+)?work/,
  /\bwork\s+standing\b/,
];

const EQUIPMENT_PATTERNS: Partial<Record<Equipment, RegExp>> = {
  band: /\b(?:thera)?bands?\b/,
  wall: /\bwalls?\b/,
  chair: /\bchairs?\b/,
  desk: /\bdesks?\b/,
};

const NO_EQUIPMENT_PATTERNS: RegExp[] = [
  /\b(?:no|without|zero|don't have any|dont have any|do not have any|don't have|dont have|do not have|haven't got any|haven't got|have no|lack)\s+(?:(?:special|real|fancy|gym|workout|exercise|fitness|extra|any)\s+)?(?:equipment|gear|props|kit)\b/g,
  /\bequipment[- ]free\b/g,
  /\bnothing\b(?!\s+(?:too|wrong|that|intense|strenuous|hard|heavy|crazy|major|serious|high|sweaty|loud|on|with|in|else|to|like|beats|more|much|fancy|hurts|bothers|works|helps|feels|really|special|jumpy)\b)/g,
];
/** "no equipment except a band", "nothing but a chair": an exception naming some equipment. */
const EQUIPMENT_EXCEPTION =
  /^\s*[,:-]?\s*(?:except|but|other than|apart from|besides|aside from|save for|beyond|just|only|bar)\b[^.;!?]{0,40}?\b(?:(?:thera)?bands?|walls?|chairs?|desks?|dumbbells?|weights?|kettlebells?|balls?|mats?|steps?|stairs)\b/;

function mentionsNoEquipment(text: string): boolean {
  for (const re of NO_EQUIPMENT_PATTERNS) {
    for (const match of text.matchAll(re)) {
      const after = text.slice((match.index ?? 0) + match[0].length);
      if (!EQUIPMENT_EXCEPTION.test(after)) return true;
    }
  }
  return false;
}

type FocusRule = { area: BodyArea; patterns: RegExp[]; blockedByPain: boolean };

const FOCUS_RULES: FocusRule[] = [
  { area: "neck", patterns: [/\bneck\b/g], blockedByPain: false },
  {
    area: "eyes",
    patterns: [
      /\beye(?:s|sight|strain)?\b/g,
      /\bscreen (?:fatigue|strain|time|headaches?)\b/g,
      /\bstar(?:e|ing) at (?:a |my |the )?(?:screens?|monitors?|computers?)\b/g,
    ],
    blockedByPain: false,
  },
  { area: "hips", patterns: [/\bhips?\b/g, /\bglutes?\b/g, /\bpelvi[sc]\b/g], blockedByPain: true },
  {
    area: "breathing",
    patterns: [
      /\bstress(?:ed|ful|es)?\b/g,
      /\banxi(?:ous|ety)\b/g,
      /\bbreath(?:e|ing|s)?\b/g,
      /\bcalm(?:er|ing|ness)?\b/g,
      /\b(?:panic|overwhelm|relax|mindful|meditat)\w*/g,
      /\bburn(?:ed|t)?[- ]?out\b/g,
      /\b(?:nervous|worried|worry)\b/g,
    ],
    blockedByPain: false,
  },
  {
    area: "upper-back",
    patterns: [/\bupper[- ]back\b/g],
    blockedByPain: true,
  },
  // posture is not a body part that can be injured: "bad posture" is a request, not a complaint
  { area: "upper-back", patterns: [/\bposture\b/g, /\bhunch(?:ed|ing)?\b/g, /\bslouch\w*/g], blockedByPain: false },
  {
    area: "legs",
    patterns: [
      /\blegs?\b/g,
      /\bcirculation\b/g,
      /\b(?:calf|calves|thighs?|hamstrings?)\b/g,
      /\bswollen (?:feet|ankles)\b/g,
    ],
    blockedByPain: true,
  },
  {
    area: "full-body",
    patterns: [
      /\benerg(?:y|ize|ise|ized|ised|izing|ising|etic)\b/g,
      /\b(?:sluggish|cardio|heart rate)\b/g,
      /\bget(?:ting)? moving\b/g,
      /\b(?:whole|full)[- ]body\b/g,
    ],
    blockedByPain: true,
  },
];

const INJURY_WORDS =
  /\b(?:injur\w*|surgery|surgeries|operation|fractur\w*|broken|replace(?:d|ment)|torn|tear|whiplash|herniat\w*|fus(?:ed|ion)|dislocat\w*|sprain\w*|arthritis|post[- ]op)\b/;
const PAIN_WORDS =
  /\b(?:pain\w*|sore\w*|hurt\w*|ache|aches|aching|achy|bad|weak|tender|inflam\w*|problems?|issues?|trouble)\b/;
const CLAUSE_BREAK = /[.,;:!?()\n]|\bbut\b/g;

/** The text around a match, cut at clause boundaries, used to tell "tight hips" from "hip pain". */
function clauseWindow(text: string, start: number, end: number, reach = 28): string {
  let before = text.slice(Math.max(0, start - reach), start);
  let after = text.slice(end, end + reach);
  const breaksBefore = [...before.matchAll(CLAUSE_BREAK)];
  const lastBreak = breaksBefore[breaksBefore.length - 1];
  if (lastBreak?.index !== undefined) before = before.slice(lastBreak.index + lastBreak[0].length);
  const firstBreak = after.search(CLAUSE_BREAK);
  if (firstBreak >= 0) after = after.slice(0, firstBreak);
  return `${before} ${after}`;
}

function focusMentioned(text: string, rule: FocusRule): boolean {
  for (const re of rule.patterns) {
    for (const match of text.matchAll(re)) {
      const start = match.index ?? 0;
      const around = clauseWindow(text, start, start + match[0].length);
      if (INJURY_WORDS.test(around)) continue;
      if (rule.blockedByPain && PAIN_WORDS.test(around)) continue;
      return true;
    }
  }
  return false;
}

// ------------------------------------------------------------------ entry point

export function parsePreferences(text: string): ParsedPreferences {
  const text0 = normalize(text ?? "");
  const t = stripNegations(text0);

  const limitations = new Set<Limitation>();
  for (const [limitation, patterns] of Object.entries(LIMITATION_PATTERNS) as [Limitation, RegExp[]][]) {
    if (patterns.some((re) => re.test(t))) limitations.add(limitation);
  }

  const seatedOnly = SEATED_ONLY_PATTERNS.some((re) => re.test(t)) || mentionsCannotStand(t);
  const standingDesk = STANDING_DESK_PATTERNS.some((re) => re.test(t));

  const equipment = new Set<Equipment>();
  for (const [item, re] of Object.entries(EQUIPMENT_PATTERNS) as [Equipment, RegExp][]) {
    if (re.test(t)) equipment.add(item);
  }
  if (standingDesk) equipment.add("desk");
  const noEquipment = mentionsNoEquipment(t);

  const focusAreas = new Set<BodyArea>();
  for (const rule of FOCUS_RULES) {
    if (focusMentioned(t, rule)) focusAreas.add(rule.area);
  }

  return { limitations, seatedOnly, standingDesk, equipment, noEquipment, focusAreas };
}
