// Credentials recognisable by their shape alone: a vendor's prefix and alphabet. Sources:
// the vendors' documentation and the rule lists of gitleaks (config/gitleaks.toml),
// trufflehog and detect-secrets. Each pattern starts with a literal and has bounded
// repetitions only.
import { classEnd, groupEnd, splitTopLevel } from '../text/regex-source.js';
import type { Span } from './spans.js';
import type { Doc } from './values.js';

interface TokenShape {
  kind: string;
  re: RegExp;
}

// (?<![\w-]) rather than \b: `x-hf_…` is not a token start, `"hf_…` is.
export const TOKEN_SHAPES: readonly TokenShape[] = [
  { kind: 'slack-token', re: /(?<![\w-])xox[abposer]-[A-Za-z0-9-]{10,250}/g },
  { kind: 'slack-token', re: /(?<![\w-])xoxe\.xox[bp]-\d-[A-Za-z0-9]{40,250}/g },
  { kind: 'slack-token', re: /(?<![\w-])xoxe-\d-[A-Za-z0-9]{40,250}/g },
  { kind: 'slack-app-token', re: /(?<![\w-])xapp-[A-Za-z0-9-]{10,250}/g },
  {
    kind: 'slack-webhook',
    re: /hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9/_+-]{10,120}/g,
  },
  {
    kind: 'discord-webhook',
    re: /(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/\d{5,25}\/[\w-]{20,120}/g,
  },
  {
    kind: 'discord-token',
    re: /(?<![\w-])[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,40}(?![\w-])/g,
  },
  { kind: 'github-token', re: /(?<![\w-])gh[pousr]_[A-Za-z0-9]{36,255}/g },
  { kind: 'github-token', re: /(?<![\w-])github_pat_[A-Za-z0-9_]{22,255}/g },
  {
    kind: 'gitlab-token',
    re: /(?<![\w-])gl(?:pat|dt|ptt|rt|soat|ft|imt|agent|oas|ffct|cbt|wt)-[A-Za-z0-9_-]{20,300}/g,
  },
  { kind: 'gitlab-token', re: /(?<![\w-])GR1348941[A-Za-z0-9_-]{20,64}/g },
  { kind: 'huggingface-token', re: /(?<![\w-])hf_[A-Za-z0-9]{30,60}/g },
  { kind: 'huggingface-token', re: /(?<![\w-])api_org_[A-Za-z0-9]{30,40}/g },
  { kind: 'openai-key', re: /(?<![\w-])sk-[A-Za-z0-9_-]{20,250}/g },
  { kind: 'google-api-key', re: /(?<![\w-])AIza[0-9A-Za-z_-]{35}/g },
  { kind: 'google-oauth', re: /(?<![\w-])ya29\.[0-9A-Za-z_-]{20,2048}/g },
  { kind: 'google-oauth', re: /(?<![\w-])GOCSPX-[A-Za-z0-9_-]{20,64}/g },
  { kind: 'google-oauth', re: /(?<![\w/-])1\/\/0[A-Za-z0-9_-]{30,250}/g },
  { kind: 'npm-token', re: /(?<![\w-])npm_[A-Za-z0-9]{36,64}/g },
  { kind: 'pypi-token', re: /(?<![\w-])pypi-AgE[A-Za-z0-9_-]{50,4096}/g },
  { kind: 'stripe-key', re: /(?<![\w-])[rs]k_(?:live|test|prod)_[A-Za-z0-9]{10,247}/g },
  { kind: 'stripe-key', re: /(?<![\w-])whsec_[A-Za-z0-9]{24,64}/g },
  { kind: 'databricks-token', re: /(?<![\w-])dapi[0-9a-f]{32}(?:-\d{1,2})?/g },
  {
    kind: 'jwt',
    re: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,2000}\.eyJ[A-Za-z0-9_/-]{8,4000}\.[A-Za-z0-9_/-]{0,2000}/g,
  },
  // A JSON object in base64 standing alone: Neptune, Grafana and 1Password tokens.
  { kind: 'token', re: /(?<![A-Za-z0-9+/_.-])(?:ops_)?eyJ[A-Za-z0-9+/_-]{57,4000}={0,2}/g },
  {
    kind: 'aws-access-key',
    re: /(?<![A-Za-z0-9])(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}(?![A-Za-z0-9])/g,
  },
  { kind: 'aws-bedrock-key', re: /(?<![\w-])ABSK[A-Za-z0-9+/]{100,300}={0,2}/g },
  { kind: 'age-secret-key', re: /AGE-SECRET-KEY-1[0-9A-Z]{58}/g },
  {
    kind: '1password-key',
    re: /(?<![\w-])A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}(?![\w-])/g,
  },
  { kind: 'adobe-secret', re: /(?<![\w-])p8e-[A-Za-z0-9]{32}(?![\w-])/g },
  { kind: 'artifactory-key', re: /(?<![\w-])cmVmd[A-Za-z0-9]{59}(?![\w-])/g },
  { kind: 'aws-bedrock-key', re: /bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t[A-Za-z0-9+/=_-]{0,2000}/g },
  { kind: 'anthropic-key', re: /(?<![\w-])sk-ant-[a-z]{2,8}\d{0,3}-[A-Za-z0-9_-]{20,120}/g },
  { kind: 'airtable-token', re: /(?<![\w-])pat[A-Za-z0-9]{14}\.[a-f0-9]{64}/g },
  { kind: 'alibaba-key', re: /(?<![\w-])LTAI[A-Za-z0-9]{20}(?![A-Za-z0-9])/g },
  { kind: 'artifactory-key', re: /(?<![\w-])AKCp[A-Za-z0-9]{69}/g },
  { kind: 'clickhouse-key', re: /(?<![\w-])4b1d[A-Za-z0-9]{38}(?![A-Za-z0-9])/g },
  { kind: 'clojars-token', re: /CLOJARS_[a-z0-9]{60}/gi },
  { kind: 'cloudflare-key', re: /(?<![\w-])v1\.0-[a-f0-9]{24}-[a-f0-9]{146}/g },
  { kind: 'digitalocean-token', re: /(?<![\w-])do[opr]_v1_[a-f0-9]{64}/g },
  { kind: 'doppler-token', re: /(?<![\w-])dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44}/g },
  { kind: 'docker-token', re: /(?<![\w-])dckr_(?:pat|oat)_[A-Za-z0-9_-]{20,64}/g },
  { kind: 'duffel-token', re: /(?<![\w-])duffel_(?:test|live)_[A-Za-z0-9_=-]{43}/g },
  { kind: 'dynatrace-token', re: /(?<![\w-])dt0c01\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{64}/g },
  { kind: 'easypost-token', re: /(?<![\w-])EZ[AT]K[A-Za-z0-9]{54}/g },
  { kind: 'facebook-token', re: /(?<![\w-])EAA[MC][A-Za-z0-9]{100,400}/g },
  { kind: 'flutterwave-key', re: /(?<![\w-])FLW(?:SECK|PUBK)_TEST-[a-h0-9]{12,32}(?:-X)?/gi },
  { kind: 'fly-token', re: /(?<![\w-])(?:fo1_[\w-]{43}|fm[12][ar]?_[A-Za-z0-9+/]{100,2000}={0,3})/g },
  { kind: 'frameio-token', re: /(?<![\w-])fio-u-[A-Za-z0-9_=-]{64}/g },
  {
    kind: 'grafana-token',
    re: /(?<![\w-])(?:glc_[A-Za-z0-9+/]{32,400}={0,3}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8})/g,
  },
  { kind: 'groq-key', re: /(?<![\w-])gsk_[A-Za-z0-9]{48,56}/g },
  { kind: 'harness-token', re: /(?<![\w-])(?:pat|sat)\.[\w-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}/g },
  { kind: 'heroku-key', re: /(?<![\w-])HRKU-AA[A-Za-z0-9_-]{58}/g },
  { kind: 'infracost-token', re: /(?<![\w-])ico-[A-Za-z0-9]{32}/g },
  { kind: 'langsmith-key', re: /(?<![\w-])lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}/g },
  { kind: 'linear-key', re: /(?<![\w-])lin_api_[A-Za-z0-9]{40}/g },
  { kind: 'mailgun-key', re: /(?<![\w-])(?:key|pubkey)-[a-f0-9]{32}(?![\w-])/g },
  { kind: 'mapbox-token', re: /(?<![\w-])[ps]k\.eyJ[A-Za-z0-9_-]{20,400}\.[A-Za-z0-9_-]{20,100}/g },
  { kind: 'newrelic-key', re: /(?<![\w-])NR(?:AK|II|JS|RA)-[A-Za-z0-9-]{19,40}/g },
  {
    kind: 'notion-token',
    re: /(?<![\w-])(?:ntn_[0-9]{11}[A-Za-z0-9]{35}|secret_[A-Za-z0-9]{43})(?![A-Za-z0-9])/g,
  },
  { kind: 'octopus-key', re: /(?<![\w-])API-[A-Z0-9]{26}(?![A-Za-z0-9])/g },
  { kind: 'openshift-token', re: /(?<![\w-])sha256~[\w-]{43}/g },
  { kind: 'perplexity-key', re: /(?<![\w-])pplx-[A-Za-z0-9]{40,64}/g },
  { kind: 'pinecone-key', re: /(?<![\w-])pcsk_[A-Za-z0-9_]{40,120}/g },
  { kind: 'planetscale-token', re: /(?<![\w-])pscale_(?:tkn|oauth|pw)_[\w=.-]{32,64}/g },
  { kind: 'postman-token', re: /(?<![\w-])PMAK-[a-f0-9]{24}-[a-f0-9]{34}/gi },
  { kind: 'prefect-token', re: /(?<![\w-])pnu_[A-Za-z0-9]{36}/g },
  { kind: 'pulumi-token', re: /(?<![\w-])pul-[a-f0-9]{40}/g },
  { kind: 'readme-token', re: /(?<![\w-])rdme_[a-z0-9]{70}/g },
  { kind: 'replicate-token', re: /(?<![\w-])r8_[A-Za-z0-9]{37}/g },
  { kind: 'rubygems-token', re: /(?<![\w-])rubygems_[a-f0-9]{48}/g },
  { kind: 'scalingo-token', re: /(?<![\w-])tk-us-[\w-]{48}/g },
  { kind: 'sendgrid-token', re: /(?<![\w-])SG\.[\w-]{16,32}\.[\w-]{30,64}/g },
  { kind: 'sendinblue-token', re: /(?<![\w-])xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}/g },
  { kind: 'sentry-token', re: /(?<![\w-])sntry[su]_[A-Za-z0-9+/=_]{40,400}/g },
  { kind: 'settlemint-token', re: /(?<![\w-])sm_(?:aat|pat|sat)_[A-Za-z0-9]{16}/g },
  { kind: 'shippo-token', re: /(?<![\w-])shippo_(?:live|test)_[a-fA-F0-9]{40}/g },
  { kind: 'shopify-token', re: /(?<![\w-])shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}/g },
  { kind: 'sonar-token', re: /(?<![\w-])sq[upa]_[a-f0-9]{40}/g },
  { kind: 'square-token', re: /(?<![\w-])(?:EAAA|sq0atp-|sq0csp-)[\w-]{22,60}/g },
  { kind: 'supabase-token', re: /(?<![\w-])sbp_[a-f0-9]{40}/g },
  { kind: 'twilio-key', re: /(?<![\w-])SK[0-9a-fA-F]{32}(?![\w-])/g },
  { kind: 'vault-token', re: /(?<![\w-])hv[sb]\.[\w-]{90,300}/g },
  { kind: 'xai-key', re: /(?<![\w-])xai-[A-Za-z0-9]{60,90}/g },
  {
    kind: 'yandex-token',
    re: /(?<![\w-])(?:AQVN[\w-]{35,38}|t1\.[A-Za-z0-9_-]{20,100}={0,2}\.[A-Za-z0-9_-]{86}={0,2})/g,
  },
  { kind: 'atlassian-token', re: /(?<![\w-])ATATT3[A-Za-z0-9_=-]{180,300}/g },
  { kind: 'intra42-secret', re: /(?<![\w-])s-s4t2(?:ud|af)-[a-f0-9]{64}/g },
];

/**
 * Shapes whose distinctive part is in the middle: found by that part, then checked for
 * what must come before it (so the text is not scanned from every word).
 */
interface InfixShape {
  kind: string;
  /** Finds the infix and what follows it. */
  re: RegExp;
  /** What must end right before the infix (anchored at the end). */
  before: RegExp;
  /** How many characters `before` spans. */
  reach: number;
  /** A character that may not stand right before the token. */
  joined: RegExp;
}

const INFIX_SHAPES: readonly InfixShape[] = [
  // Azure AD client secret: `abc8Q~…`.
  {
    kind: 'azure-ad-secret',
    re: /Q~[\w~.-]{31,34}(?![\w~.-])/g,
    before: /^[\w~.]{3}\d$/,
    reach: 4,
    joined: /[\w~.-]/,
  },
  // Terraform Cloud: `<14>.atlasv1.<60-70>`.
  {
    kind: 'terraform-token',
    re: /\.atlasv1\.[A-Za-z0-9_=-]{60,70}/g,
    before: /^[A-Za-z0-9]{14}$/,
    reach: 14,
    joined: /[A-Za-z0-9]/,
  },
  // Mailchimp: 32 hex and the data centre.
  { kind: 'mailchimp-key', re: /-us\d{1,2}(?![\w-])/g, before: /^[a-f0-9]{32}$/, reach: 32, joined: /[\w-]/ },
  // Telegram bot token: `<bot id>:AA<33>`.
  {
    kind: 'telegram-token',
    re: /:AA[A-Za-z0-9_-]{33}(?![\w-])/g,
    before: /^\d{8,10}$/,
    reach: 10,
    joined: /\d/,
  },
  // Facebook app access token: `<app id>|<app secret>` (or `%7C`).
  {
    kind: 'facebook-token',
    re: /(?:\||%7[Cc])[0-9A-Za-z_-]{27,40}(?![\w-])/g,
    before: /^\d{15,16}$/,
    reach: 16,
    joined: /[\w|]/,
  },
  // MaxMind licence key: `<6>_<29>_mmk`.
  {
    kind: 'maxmind-key',
    re: /_mmk(?![\w-])/g,
    before: /^[A-Za-z0-9]{6}_[A-Za-z0-9]{29}$/,
    reach: 36,
    joined: /[A-Za-z0-9]/,
  },
];

/**
 * A token with one of these prefixes that runs into the end of its line is cut there (a
 * terminal wrapped it): what is left of it is redacted even below its usual length.
 */
const CUT_PREFIX =
  /(?:hf_|gh[pousr]_|github_pat_|glpat-|xox[abposer]-|xapp-|sk-proj-|sk-ant-|sk-svcacct-|AKIA|ASIA|AIza|ya29\.|npm_|pypi-AgE|GOCSPX-|[rs]k_live_|dckr_pat_|gsk_|r8_|pplx-|lsv2_|eyJ|dapi(?=[0-9a-f]))/y;
function isTokenChar(c: number): boolean {
  return (
    (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 46 || c === 45
  );
}

/**
 * The token that a line's end cut (only a closing quote, `\`, blanks after it), when it
 * starts with one of the prefixes: the first such start in the line's last word.
 */
function cutAt(text: string, lineEnd: number): [number, number] | null {
  let end = lineEnd;
  while (end > 0 && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  const last = text[end - 1];
  if (last === '"' || last === "'" || last === '\\' || last === '\u205f') end--;
  let from = end;
  while (from > 0 && end - from < 254 && isTokenChar(text.charCodeAt(from - 1))) from--;
  for (let i = from; i < end - 4; i++) {
    if (i > 0 && isTokenChar(text.charCodeAt(i - 1)) && text.charCodeAt(i - 1) !== 46) continue;
    CUT_PREFIX.lastIndex = i;
    const m = CUT_PREFIX.exec(text);
    if (m && end - i - m[0].length >= 4) return [i, end];
  }
  return null;
}

/**
 * The literal texts one of which every match of `re` starts with (after its lookbehinds),
 * read from its source: a run of plain characters, small classes such as `[ps]` spelled
 * out, a leading group of such alternatives. Empty when a match may start otherwise (then
 * the pattern always runs). Lower case when the pattern ignores case.
 */
export function literalStarts(re: RegExp): string[] {
  let src = re.source;
  while (src.startsWith('(?<!') || src.startsWith('(?<=')) src = src.slice(groupEnd(src, 0) + 1);
  if (splitTopLevel(src).length !== 1) return [];
  let starts: string[];
  if (src.startsWith('(?:')) {
    const end = groupEnd(src, 0);
    const alternatives = splitTopLevel(src.slice(3, end));
    if (alternatives.length === 0 || (end + 1 < src.length && '?*{'.includes(src[end + 1]!))) return [];
    starts = alternatives.flatMap((a) => prefixesOf(a));
    if (starts.some((x) => x.length === 0)) return [];
  } else starts = prefixesOf(src);
  if (starts.length === 0 || starts.some((x) => x.length < 2)) return [];
  return re.ignoreCase ? starts.map((x) => x.toLowerCase()) : starts;
}

/** The plain texts an alternative starts with ([''] when it starts with anything else). */
function prefixesOf(src: string): string[] {
  let starts = [''];
  for (let i = 0; i < src.length; ) {
    let chars: string[] | null = null;
    let next = i + 1;
    const c = src[i]!;
    if (c === '\\') {
      const e = src[i + 1] ?? '';
      if (/[\w\s]/.test(e) || e === '') break;
      chars = [e];
      next = i + 2;
    } else if (c === '[') {
      const end = classEnd(src, i);
      const body = src.slice(i + 1, end);
      if (body.length === 0 || body.length > 4 || /[\\^\]-]/.test(body)) break;
      chars = [...body];
      next = end + 1;
    } else if ('()|.*+?{}^$'.includes(c)) break;
    else chars = [c];
    // A character that may be left out (or repeated, with a class) ends the prefix before it.
    if (next < src.length && '?*{+'.includes(src[next]!)) {
      if (src[next] === '+' && chars.length === 1) starts = starts.map((x) => x + chars[0]);
      break;
    }
    starts = starts.flatMap((x) => chars.map((ch) => x + ch));
    i = next;
  }
  return starts;
}

/** Each token shape with the texts its matches start with, worked out once. */
const SHAPE_STARTS = TOKEN_SHAPES.map((shape) => ({ ...shape, starts: literalStarts(shape.re) }));

interface Start {
  text: string;
  ignoreCase: boolean;
  /** Indexes into SHAPE_STARTS. */
  shapes: number[];
}

/** An ASCII capital to lower case, as /i without /u compares: nothing else changes. */
function foldAscii(c: number): number {
  return c >= 65 && c <= 90 ? c | 32 : c;
}

/** ASCII letters to lower case, and any character to one byte (other bytes may merge: it only picks what to check). */
function foldByte(c: number): number {
  return foldAscii(c) & 255;
}

/** The starts by their first two characters, folded: one pass over a text finds which may be there. */
const BY_PAIR = new Map<number, Start[]>();
for (const [i, shape] of SHAPE_STARTS.entries()) {
  for (const text of shape.starts) {
    const pair = (foldByte(text.charCodeAt(0)) << 8) | foldByte(text.charCodeAt(1));
    const list = BY_PAIR.get(pair) ?? [];
    const known = list.find((s) => s.text === text && s.ignoreCase === shape.re.ignoreCase);
    if (known) known.shapes.push(i);
    else list.push({ text, ignoreCase: shape.re.ignoreCase, shapes: [i] });
    BY_PAIR.set(pair, list);
  }
}
const PAIRS = new Uint8Array(1 << 16);
for (const pair of BY_PAIR.keys()) PAIRS[pair] = 1;
/** The shapes without starts, which run on every text. */
const ALWAYS_RUN = Uint8Array.from(SHAPE_STARTS, (shape) => (shape.starts.length === 0 ? 1 : 0));

/** Which shapes may match in the text: those whose start it holds, and those without starts. */
export function shapesToRun(text: string): Uint8Array {
  const run = ALWAYS_RUN.slice();
  let prev = text.length > 0 ? foldByte(text.charCodeAt(0)) : 0;
  for (let i = 1; i < text.length; i++) {
    const c = foldByte(text.charCodeAt(i));
    const pair = (prev << 8) | c;
    prev = c;
    if (PAIRS[pair] === 0) continue;
    for (const start of BY_PAIR.get(pair)!) {
      if (!startsAt(text, i - 1, start)) continue;
      for (const shape of start.shapes) run[shape] = 1;
    }
  }
  return run;
}

function startsAt(text: string, at: number, start: Start): boolean {
  if (!start.ignoreCase) return text.startsWith(start.text, at);
  const s = start.text;
  if (at + s.length > text.length) return false;
  for (let j = 0; j < s.length; j++) if (foldAscii(text.charCodeAt(at + j)) !== s.charCodeAt(j)) return false;
  return true;
}

export function findTokens(doc: Doc, out: Span[]): void {
  const { text } = doc;
  const whole = new Set<number>();
  const run = shapesToRun(text);
  // An index loop: destructuring [index, shape] pairs costs more than the search saves in a short-lived process.
  for (let i = 0; i < SHAPE_STARTS.length; i++) {
    // A pattern is compiled when first run: most never need to be.
    if (run[i] === 0) continue;
    const { kind, re } = SHAPE_STARTS[i]!;
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      // A run longer than the shape's bound is one token still: its rest goes with it.
      let end = m.index + m[0].length;
      const stop = Math.min(text.length, end + 4096);
      while (end < stop && /[A-Za-z0-9_-]/.test(text[end] as string)) end++;
      out.push({ start: m.index, end, kind });
      whole.add(end);
      re.lastIndex = Math.max(re.lastIndex, end);
    }
  }
  for (const { kind, re, before, reach, joined } of INFIX_SHAPES) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      // The longest run `before` accepts that ends at the infix and starts at a word's start.
      for (let start = Math.max(0, m.index - reach); start < m.index; start++) {
        if (start > 0 && joined.test(text[start - 1] as string)) continue;
        if (before.test(text.slice(start, m.index))) {
          out.push({ start, end: m.index + m[0].length, kind });
          break;
        }
      }
    }
  }
  for (const lineEnd of [...doc.breaks, text.length]) {
    const cut = cutAt(text, lineEnd);
    if (!cut) continue;
    const [start, end] = cut;
    // `hf_hub_download` at a line's end is a name: a token's rest has capitals or digits.
    const rest = text.slice(start, end).replace(/^[^_.-]*[_.-]/, '');
    if (/[A-Z0-9]/.test(rest) && !/^[A-Za-z][a-z]+(?:[_.-][a-z]+)*$/.test(rest) && !whole.has(end))
      out.push({ start, end, kind: 'token', cut: true });
  }
}

export const tokenPatterns: readonly RegExp[] = [
  ...TOKEN_SHAPES.map((t) => t.re),
  ...INFIX_SHAPES.flatMap((t) => [t.re, t.before, t.joined]),
  CUT_PREFIX,
];
