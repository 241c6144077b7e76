// Slack's checks on a message, as the real API applies them: what a renderer must
// respect, so a test against the fake fails where Slack would refuse the post.

const LIMITS = {
  blocks: 50,
  sectionText: 3000,
  fields: 10,
  fieldText: 2000,
  headerText: 150,
  contextElements: 10,
  contextText: 3000,
  actionsElements: 25,
  buttonText: 75,
  buttonValue: 2000,
  // Slack answers msg_blocks_too_long a little above 12,000 characters of block text.
  blocksText: 12_000,
  messageText: 40_000,
};

/**
 * The Slack error code for this message, or null when Slack would take it. `hasFile`
 * says whether a Slack file id an image block names was uploaded (and may be shown).
 */
export function checkMessage({ text, blocks }, hasFile = () => true) {
  if (typeof text === 'string' && text.length > LIMITS.messageText) return 'msg_too_long';
  if (blocks === undefined) return typeof text === 'string' && text !== '' ? null : 'no_text';
  if (!Array.isArray(blocks) || blocks.length > LIMITS.blocks) return 'invalid_blocks';
  let total = 0;
  for (const b of blocks) {
    if (b?.type === 'image' && !imageOk(b, hasFile)) return 'invalid_blocks';
    const size = b?.type === 'image' ? 0 : blockText(b);
    if (size === null) return 'invalid_blocks';
    total += size;
  }
  return total > LIMITS.blocksText ? 'msg_blocks_too_long' : null;
}

function textOk(t, max, type) {
  return (
    t &&
    (type === undefined || t.type === type) &&
    typeof t.text === 'string' &&
    t.text !== '' &&
    t.text.length <= max
  );
}

/** An image block: alt text, and exactly one of a public image_url or a Slack file (by url or id, not both). */
function imageOk(b, hasFile) {
  if (typeof b.alt_text !== 'string' || b.alt_text === '' || b.alt_text.length > 2000) return false;
  if ((b.image_url === undefined) === (b.slack_file === undefined)) return false;
  if (b.image_url !== undefined) return typeof b.image_url === 'string' && b.image_url.length <= 3000;
  const { id, url } = b.slack_file ?? {};
  if ((id === undefined) === (url === undefined)) return false;
  return id === undefined || hasFile(id);
}

/** The characters of text in one block, or null when the block breaks a rule. */
function blockText(b) {
  switch (b?.type) {
    case 'section': {
      if (!b.text && !b.fields) return null;
      if (b.text && !textOk(b.text, LIMITS.sectionText)) return null;
      const fields = b.fields ?? [];
      if (fields.length > LIMITS.fields || fields.some((f) => !textOk(f, LIMITS.fieldText))) return null;
      return (b.text?.text.length ?? 0) + fields.reduce((n, f) => n + f.text.length, 0);
    }
    case 'header':
      return textOk(b.text, LIMITS.headerText, 'plain_text') ? b.text.text.length : null;
    case 'context': {
      const els = b.elements ?? [];
      if (els.length === 0 || els.length > LIMITS.contextElements) return null;
      if (els.some((e) => !textOk(e, LIMITS.contextText))) return null;
      return els.reduce((n, e) => n + e.text.length, 0);
    }
    case 'actions': {
      const els = b.elements ?? [];
      if (els.length === 0 || els.length > LIMITS.actionsElements) return null;
      const ids = new Set();
      for (const e of els) {
        if (e.type !== 'button' || !textOk(e.text, LIMITS.buttonText, 'plain_text')) return null;
        if (typeof e.value === 'string' && e.value.length > LIMITS.buttonValue) return null;
        if (e.action_id && ids.has(e.action_id)) return null;
        ids.add(e.action_id);
      }
      return els.reduce((n, e) => n + e.text.text.length, 0);
    }
    case 'divider':
      return 0;
    default:
      return null;
  }
}
