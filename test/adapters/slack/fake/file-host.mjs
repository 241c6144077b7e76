// Files on the fake Slack: hosted as Slack hosts them (a private URL per file), served
// only for the bot token, as Slack's sign-in page otherwise.
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Hosts a file as Slack does and returns the file object events carry. */
export function hostFile(fake, spec) {
  const id = fake.nextId('F');
  const name = spec.name;
  const content = typeof spec.content === 'string' ? Buffer.from(spec.content) : Buffer.from(spec.content);
  const meta = {
    id,
    name,
    title: name,
    mimetype: spec.mimetype ?? 'text/plain',
    filetype: spec.filetype ?? 'text',
    size: spec.size ?? content.length,
    mode: 'hosted',
    url_private: `${fake.url}/files/${id}/${encodeURIComponent(name)}`,
    url_private_download: `${fake.url}/files/${id}/download/${encodeURIComponent(name)}`,
  };
  fake.hosted.set(id, { meta, content, spec });
  if (spec.listedWithoutUrl) return { id, mode: 'file_access' };
  return meta;
}

/** GET /files/<id>/...: the file for the bot token, Slack's sign-in page for anything else. */
export async function serveDownload(fake, url, req, res) {
  const id = url.pathname.split('/')[2];
  const file = fake.hosted.get(id);
  fake.downloads.push({ id, authorization: req.headers.authorization, at: Date.now() });
  fake.emit('change');
  if (!file) {
    res.writeHead(404);
    return res.end();
  }
  if (file.spec.delayMs) await sleep(file.spec.delayMs);
  if (req.headers.authorization !== `Bearer ${fake.botToken}`) {
    // What Slack serves a file URL without a token that has files:read.
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    return res.end('<!DOCTYPE html><html><body>Sign in to Slack</body></html>');
  }
  res.writeHead(200, { 'content-type': file.spec.contentType ?? file.meta.mimetype });
  res.end(file.content);
}
