// Plain text with `code spans` -> Discord markdown. Everything outside code spans is
// escaped, so pasted text cannot turn into formatting, masked links, mentions or
// headings; code blocks cannot be broken out of.

const STATUS_ICON = { fail: '❌', warn: '⚠️', ok: '✅', todo: '🔎' } as const;

export function statusIcon(status: keyof typeof STATUS_ICON): string {
  return STATUS_ICON[status];
}

/** Escapes Discord markdown outside `code spans`, which are kept as they are. */
export function escapeDiscord(text: string): string {
  return text
    .split(/(`[^`\n]+`)/)
    .map((part, i) => (i % 2 === 1 ? part : escapePlain(part)))
    .join('');
}

function escapePlain(text: string): string {
  return (
    text
      .replace(/[\\*_~|`[\]<]/g, '\\$&')
      // Indentation is white space within the line: `\s*` would also run over line breaks,
      // from every line start to the end of a run of blank lines.
      .replace(/^([^\S\n\r\u2028\u2029]*)([#>+-])/gm, '$1\\$2')
      .replace(/^([^\S\n\r\u2028\u2029]*)(\d+)\.(\s)/gm, '$1$2\\.$3')
      .replace(/@(everyone|here)\b/g, '@\u200b$1')
  );
}

/** A language tag Discord's code blocks accept, or none. */
function language(tag: string): string {
  return /^[A-Za-z0-9_+.#-]{1,20}$/.test(tag) ? tag.toLowerCase() : '';
}

/** Backticks side by side could end a code block: a zero-width space keeps each pair apart. */
export function neutralizeFences(code: string): string {
  return code.replace(/`(?=`)/g, '`\u200b');
}

/** A code block around code that is already neutralized. */
export function fenced(neutralized: string, tag: string): string {
  return `\`\`\`${language(tag)}\n${neutralized}\n\`\`\``;
}

export function codeBlock(code: string, tag: string): string {
  return fenced(neutralizeFences(code), tag);
}

/** The characters a code block adds around its code. */
export function codeBlockOverhead(tag: string): number {
  return fenced('', tag).length;
}

export function bold(text: string): string {
  return `**${escapeDiscord(text)}**`;
}
