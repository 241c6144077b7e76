// The fake Discord's interaction routes: the callback (one answer, within the window,
// as on Discord), and the webhook routes for the original answer and follow-ups.
import { error, noContent, ok } from './answers.mjs';

export function createInteractionRoutes(state, channels) {
  const { createMessage, editMessage } = channels;
  const interactionByToken = (token) =>
    [...state.interactions.values()].find((i) => i.payload.token === token);

  function callback(call, id, token) {
    const it = state.interactions.get(id);
    if (!it || it.payload.token !== token) return error(404, 10062, 'Unknown interaction');
    if (Date.now() - it.at > state.interactionWindowMs) return error(404, 10062, 'Unknown interaction');
    if (it.acknowledged) return error(400, 40060, 'Interaction has already been acknowledged.');
    const { type, data = {} } = call.body ?? {};
    let message = null;
    if (type === 4) {
      const user = it.payload.member?.user ?? it.payload.user;
      const metadata = { id, type: it.payload.type, user, authorizing_integration_owners: {} };
      const r = createMessage(it.payload.channel_id, data, call.files, { interaction_metadata: metadata });
      if (r.status !== 200) return r;
      message = r.body;
    } else if (type === 7) {
      const r = editMessage(it.payload.channel_id, it.payload.message.id, data, call.files);
      if (r.status !== 200) return r;
      message = r.body;
    } else if (type !== 5 && type !== 6) return error(400, 50035, `Invalid Form Body: type ${type}`);
    it.acknowledged = true;
    it.responseType = type;
    it.original = type === 4 ? message : null;
    if (type === 5) it.deferredFlags = data.flags ?? 0;
    return call.query.with_response === 'true'
      ? ok({
          interaction: { id, type: it.payload.type },
          resource: { type, ...(message ? { message } : {}) },
        })
      : noContent();
  }

  function original(call, token) {
    const it = interactionByToken(token);
    if (!it?.acknowledged) return error(404, 10015, 'Unknown Webhook');
    if (call.method === 'GET') return it.original ? ok(it.original) : error(404, 10008, 'Unknown Message');
    if (call.method === 'DELETE') return noContent();
    if (it.original) return editMessage(it.payload.channel_id, it.original.id, call.body ?? {}, call.files);
    const r = createMessage(
      it.payload.channel_id,
      { ...(call.body ?? {}), flags: it.deferredFlags ?? 0 },
      call.files,
    );
    if (r.status === 200) it.original = r.body;
    return r;
  }

  function followUp(call, token) {
    const it = interactionByToken(token);
    if (!it?.acknowledged) return error(404, 10015, 'Unknown Webhook');
    return createMessage(it.payload.channel_id, call.body ?? {}, call.files);
  }

  return { callback, original, followUp };
}
