// Text both ways between crashbot and Slack. Outgoing: the Reply's plain text (with
// `code spans`) becomes mrkdwn that cannot ping anyone or break out of a code block.
// Incoming: Slack's markup in a message (`&lt;`, `<https://...|label>`, `<@U123>`)
// becomes the text the person actually typed.

/** Slack needs exactly these three escaped in any text it parses. */
export function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const ZWSP = '\u200b';

/**
 * Plain text in which backtick spans mark code, as mrkdwn. Outside code, a character
 * Slack would read as opening `*bold*`, `_italic_` or `~strike~` (one at the start of a
 * word) gets a zero-width space after it, so `__init__` or `**kwargs` show as typed.
 */
export function inlineMrkdwn(text: string): string {
  return text
    .split(/(`[^`\n]+`)/)
    .map((part, i) =>
      i % 2 === 1
        ? escapeMrkdwn(part)
        : escapeMrkdwn(part).replace(/(^|[\s([{"'])([*_~])(?=\S)/g, `$1$2${ZWSP}`),
    )
    .join('');
}

/** A code line as mrkdwn: escaped, and backtick runs split so no fence can form inside. */
export function escapeCode(text: string): string {
  return escapeMrkdwn(text).replace(/`(?=`)/g, `\`${ZWSP}`);
}

/** Wraps already escaped code lines in a fence that nothing at either end can extend. */
export function fence(escapedBody: string): string {
  const body = escapedBody === '' ? ' ' : escapedBody;
  const start = body.startsWith('`') ? ZWSP : '';
  const end = body.endsWith('`') ? ZWSP : '';
  return `\`\`\`${start}${body}${end}\`\`\``;
}

/** What `fence` adds around a body, at most. */
export const FENCE_OVERHEAD = 8;

export function codeBlockMrkdwn(code: string): string {
  return fence(escapeCode(code));
}

/** Cuts escaped mrkdwn without leaving half an entity (`&am…`) behind. */
export function truncateMrkdwn(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${truncate(text, max)
    .slice(0, -1)
    .replace(/&[a-z]{0,3}$/, '')}…`;
}

/** Cuts `text` to at most `max` characters (code points kept whole), marking the cut with `…`. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, Math.max(0, max - 1));
  // Do not leave half of a surrogate pair.
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/**
 * Slack message text -> what was typed: links and channel names lose their brackets,
 * special mentions read as `@here`, the bot's own mention is dropped, entities decoded.
 */
export function slackToPlain(text: string, botUserId?: string): string {
  const out = text.replace(/<([^<>\n]{1,2000})>/g, (_m, inner: string) => {
    const [target = '', label] = splitLink(inner);
    if (target.startsWith('@')) return target.slice(1) === botUserId ? '' : `@${label ?? target.slice(1)}`;
    if (target.startsWith('#')) return `#${label ?? target.slice(1)}`;
    if (target.startsWith('!')) return label ?? `@${target.slice(1).split('^')[0]}`;
    if (target.startsWith('mailto:')) return label ?? target.slice('mailto:'.length);
    return label ?? target;
  });
  return out.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

function splitLink(inner: string): [string, string | undefined] {
  const bar = inner.indexOf('|');
  return bar < 0 ? [inner, undefined] : [inner.slice(0, bar), inner.slice(bar + 1)];
}

/** Whether Slack text mentions this user (`<@U123>` or `<@U123|name>`). */
export function mentions(text: string, userId: string): boolean {
  return text.includes(`<@${userId}>`) || text.includes(`<@${userId}|`);
}
