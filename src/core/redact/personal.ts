// Personal data that crash logs carry: e-mail addresses (`git config user.email`,
// "Logged in as …", service accounts). `git@github.com:org/repo` is an address of a
// repository, not a person's; `model@2x.png` is a file name.
import type { Span } from './spans.js';
import type { Doc } from './values.js';

const LOCAL_CHARS = /[A-Za-z0-9._%+-]/;
const DOMAIN = /^[A-Za-z0-9.-]{3,253}/;
const FILE_SUFFIX =
  /\.(?:png|jpe?g|gif|svg|webp|py|pyc|pt|pth|ckpt|safetensors|bin|json|ya?ml|txt|log|so|dll|exe|h5|onnx|gz|zip|tar|whl|egg|cu|cc|cpp|h|hpp|c|js|ts|md|csv|npy|npz|pkl|pb|tflite|engine|plan|lock|toml|cfg|ini|sh|bat|ps1)$/i;

export function findPersonal(doc: Doc, out: Span[]): void {
  const { text } = doc;
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    // An address around its `@`: the local part read backwards, the domain forwards.
    let start = at;
    while (start > 0 && at - start < 64 && LOCAL_CHARS.test(text[start - 1] as string)) start--;
    const d = DOMAIN.exec(text.slice(at + 1, at + 254));
    if (start === at || !d) continue;
    const local = text.slice(start, at);
    // `scheme://user:x@host`: a URL's userinfo, not an address (connections.ts reads it).
    const before = text[start - 1];
    if (before === '/' || (before === ':' && !text.startsWith('mailto:', start - 7))) continue;
    let domain = d[0];
    while (domain.endsWith('.') || domain.endsWith('-')) domain = domain.slice(0, -1);
    const labels = domain.split('.');
    const tld = labels.at(-1) ?? '';
    if (labels.length < 2 || !/^[A-Za-z]{2,24}$/.test(tld) || labels.some((l) => l === '')) continue;
    if (local === 'git' || FILE_SUFFIX.test(domain)) continue;
    out.push({ start, end: at + 1 + domain.length, kind: 'email' });
  }
}

export const personalPatterns: readonly RegExp[] = [LOCAL_CHARS, DOMAIN, FILE_SUFFIX];
