// Requests as Slack sends them to an app in HTTP mode: signed with the signing secret
// (HMAC-SHA256 of `v0:<timestamp>:<raw body>`), events as JSON, slash commands and
// interactions as forms.
import { createHmac } from 'node:crypto';

export function sign(secret, timestamp, body) {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

/** POSTs `body` to `url` signed with `secret`; options override the timestamp, signature or headers. */
export async function postSigned(url, body, { secret, contentType, timestamp, signature, headers = {} }) {
  const ts = timestamp ?? Math.floor(Date.now() / 1000);
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': contentType,
      'x-slack-request-timestamp': String(ts),
      'x-slack-signature': signature ?? sign(secret, ts, body),
      ...headers,
    },
    body,
  });
  return { status: res.status, text: await res.text() };
}

export function eventJson(event, { teamId, eventId, apiAppId = 'A0FAKEAPP' }) {
  return JSON.stringify(eventEnvelope(event, { teamId, eventId, apiAppId }));
}

export function eventEnvelope(event, { teamId, eventId, apiAppId = 'A0FAKEAPP' }) {
  return {
    token: 'legacy-verification-token',
    team_id: teamId,
    api_app_id: apiAppId,
    event,
    type: 'event_callback',
    event_id: eventId,
    event_time: Math.floor(Date.now() / 1000),
    authorizations: [{ team_id: teamId, user_id: 'U0CRASHBOT', is_bot: true, is_enterprise_install: false }],
  };
}

export function commandForm(fields) {
  return new URLSearchParams(fields).toString();
}

export function interactionForm(payload) {
  return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
}
