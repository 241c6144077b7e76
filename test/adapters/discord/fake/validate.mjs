// Discord's checks on a message body, so the fake rejects what Discord would reject:
// an empty message, more than 2,000 characters of content, more than 10 embeds, an
// embed over its limits (title 256, description 4,096, 25 fields, field name 256 and
// value 1,024, footer 2,048), more than 6,000 characters across the embeds, buttons
// over their limits. Returns the first problem (Discord's code 50035 or 50006) or null.

const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const len = (s) => (typeof s === 'string' ? [...s].length : 0);

function embedProblem(e, i) {
  if (len(e.title) > 256) return `embeds.${i}.title: Must be 256 or fewer in length.`;
  if (len(e.description) > 4096) return `embeds.${i}.description: Must be 4096 or fewer in length.`;
  const fields = e.fields ?? [];
  if (fields.length > 25) return `embeds.${i}.fields: Must be 25 or fewer in length.`;
  for (const [j, f] of fields.entries()) {
    if (!f.name || len(f.name) > 256)
      return `embeds.${i}.fields.${j}.name: Must be between 1 and 256 in length.`;
    if (!f.value || len(f.value) > 1024)
      return `embeds.${i}.fields.${j}.value: Must be between 1 and 1024 in length.`;
  }
  if (len(e.footer?.text) > 2048) return `embeds.${i}.footer.text: Must be 2048 or fewer in length.`;
  return null;
}

export function embedLength(e) {
  return (
    len(e.title) +
    len(e.description) +
    len(e.footer?.text) +
    len(e.author?.name) +
    sum((e.fields ?? []).map((f) => len(f.name) + len(f.value)))
  );
}

export function messageProblem(body, fileCount = 0) {
  const embeds = body.embeds ?? [];
  const components = body.components ?? [];
  if (!body.content && embeds.length === 0 && fileCount === 0 && components.length === 0)
    return { code: 50006, message: 'Cannot send an empty message' };
  const invalid = (detail) => ({ code: 50035, message: `Invalid Form Body: ${detail}` });
  if (len(body.content) > 2000) return invalid('content: Must be 2000 or fewer in length.');
  if (embeds.length > 10) return invalid('embeds: Must be 10 or fewer in length.');
  for (const [i, e] of embeds.entries()) {
    const p = embedProblem(e, i);
    if (p) return invalid(p);
  }
  if (sum(embeds.map(embedLength)) > 6000) return invalid('embeds: Embed size exceeds maximum size of 6000');
  if (components.length > 5) return invalid('components: Must be 5 or fewer in length.');
  for (const row of components) {
    if ((row.components ?? []).length > 5) return invalid('components.0.components: Must be 5 or fewer.');
    for (const c of row.components ?? []) {
      if (len(c.custom_id) > 100) return invalid('custom_id: Must be 100 or fewer in length.');
      if (len(c.label) > 80) return invalid('label: Must be 80 or fewer in length.');
    }
  }
  if (body.nonce !== undefined && len(String(body.nonce)) > 25)
    return invalid('nonce: Must be 25 or fewer in length.');
  return null;
}
