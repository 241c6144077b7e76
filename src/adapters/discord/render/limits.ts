// Discord's limits on what one message may carry, and cutting text to a limit without
// splitting a character. Lengths are counted in UTF-16 units, which is never less than
// Discord's count, so text cut to these limits always fits.

export const LIMITS = {
  /** Characters of a message's plain content. */
  content: 2000,
  embedTitle: 256,
  embedDescription: 4096,
  fieldsPerEmbed: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  embedsPerMessage: 10,
  /** Title, description, field names and values and footer, summed over a message's embeds. */
  embedsTotal: 6000,
  buttonLabel: 80,
  customId: 100,
} as const;

const ELLIPSIS = '…';

/** `text` cut to at most `max` units, ending in an ellipsis when it was cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${cutAt(text, max - ELLIPSIS.length)}${ELLIPSIS}`;
}

/** The longest prefix of `text` of at most `max` units that does not split a surrogate pair. */
export function cutAt(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
  return text.slice(0, Math.max(0, end));
}

/**
 * Splits `text` into chunks of at most `max` units, at line breaks where it can; a line
 * longer than `max` is cut into pieces.
 */
export function splitLines(text: string, max: number): string[] {
  const chunks: string[] = [];
  let current = '';
  const flush = () => {
    if (current !== '') chunks.push(current);
    current = '';
  };
  for (const line of text.split('\n')) {
    let rest = line;
    while (rest.length > max) {
      flush();
      const head = cutAt(rest, max);
      chunks.push(head);
      rest = rest.slice(head.length);
    }
    const joined = current === '' ? rest : `${current}\n${rest}`;
    if (joined.length > max) {
      flush();
      current = rest;
    } else {
      current = joined;
    }
  }
  flush();
  return chunks.length ? chunks : [''];
}
