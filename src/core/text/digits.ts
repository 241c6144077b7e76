/** Whether the text is one or more ASCII digits and nothing else. */
export function isDigits(text: string): boolean {
  for (const c of text) if (c < '0' || c > '9') return false;
  return text.length > 0;
}
