// Programs whose short flags or positional arguments carry a password: `mysql -pX`,
// `redis-cli -a X`, `curl -u user:X`, `sshpass -p X`, `htpasswd -b file user X`,
// `docker login -p X`, `wandb login [--host URL] KEY`, `openssl … -passin pass:X`. The
// same letters elsewhere are something else (`ssh -p 2222`, `docker run -p 8080:80`), so
// they count only after their program.
import { type Arg, argsAfter } from './args.js';
import { isPlaceholder } from './shape.js';
import type { Span } from './spans.js';
import type { Doc } from './values.js';

/** How a flag's value holds the secret. */
type Holds =
  /** The whole value. */
  | 'whole'
  /** `user:password` (curl -u): the whole value when it has the colon, else nothing (curl asks). */
  | 'userpass'
  /** `user%password` (smbclient -U): after the percent sign. */
  | 'percent'
  /** `pass:SECRET` (openssl -passin); `env:`/`file:` name where it is. */
  | 'pass-prefix'
  /** `a=1; b=2` (curl -b): the values, when it holds pairs rather than a file name. */
  | 'cookie';

interface Program {
  /** A word that must follow the program (`docker login`). */
  sub?: string;
  /** `-p X` */
  spaced?: Record<string, Holds>;
  /** `-pX` */
  glued?: Record<string, Holds>;
  /** Which positional argument (0-based, flags skipped) is the secret, given the flags seen. */
  positional?: (flags: readonly string[]) => number | null;
  /** Flags of this program that take a value, so the value is not read as a positional. */
  valued?: readonly string[];
  /** The marker's kind (password unless said). */
  kind?: string;
}

const MYSQL: Program = { glued: { p: 'whole' }, spaced: {} };
const LOGIN: Program = { sub: 'login', spaced: { p: 'whole', '-password': 'whole' } };
const MONGO: Program = { spaced: { p: 'whole' } };
const SQLCMD: Program = { spaced: { P: 'whole' } };
const LDAP: Program = { spaced: { w: 'whole' } };
const SMB: Program = { spaced: { U: 'percent' }, glued: { U: 'percent' } };

const PROGRAMS: Record<string, Program> = {
  mysql: MYSQL,
  mysqldump: MYSQL,
  mysqladmin: MYSQL,
  mysqlimport: MYSQL,
  mysqlcheck: MYSQL,
  mysqlsh: MYSQL,
  mariadb: MYSQL,
  'mariadb-dump': MYSQL,
  'redis-cli': { spaced: { a: 'whole' } },
  'keydb-cli': { spaced: { a: 'whole' } },
  curl: {
    spaced: {
      u: 'userpass',
      U: 'userpass',
      '-user': 'userpass',
      '-proxy-user': 'userpass',
      b: 'cookie',
      '-cookie': 'cookie',
      E: 'userpass',
      '-cert': 'userpass',
    },
    glued: { u: 'userpass', U: 'userpass' },
  },
  sshpass: { spaced: { p: 'whole' }, glued: { p: 'whole' } },
  htpasswd: {
    positional: (flags) => {
      const letters = flags.join('');
      if (!letters.includes('b')) return null;
      return letters.includes('n') ? 1 : 2;
    },
  },
  docker: LOGIN,
  podman: LOGIN,
  nerdctl: LOGIN,
  buildah: LOGIN,
  helm: LOGIN,
  oras: LOGIN,
  crane: LOGIN,
  regctl: LOGIN,
  wandb: {
    sub: 'login',
    positional: () => 0,
    valued: ['-host', '-base-url', '-timeout', '-key'],
    kind: 'wandb-key',
  },
  mongo: MONGO,
  mongosh: MONGO,
  mongodump: MONGO,
  mongorestore: MONGO,
  mongoexport: MONGO,
  mongoimport: MONGO,
  sqlcmd: SQLCMD,
  bcp: SQLCMD,
  osql: SQLCMD,
  openssl: {
    spaced: {
      passin: 'pass-prefix',
      passout: 'pass-prefix',
      pass: 'pass-prefix',
      password: 'pass-prefix',
      k: 'whole',
    },
  },
  zip: { spaced: { P: 'whole' } },
  unzip: { spaced: { P: 'whole' } },
  '7z': { glued: { p: 'whole' } },
  '7za': { glued: { p: 'whole' } },
  ldapsearch: LDAP,
  ldapadd: LDAP,
  ldapmodify: LDAP,
  ldapdelete: LDAP,
  ldapwhoami: LDAP,
  smbclient: SMB,
  rpcclient: SMB,
};

const PROGRAM =
  /(?<![\w.-])(mysql|mysqldump|mysqladmin|mysqlimport|mysqlcheck|mysqlsh|mariadb|mariadb-dump|redis-cli|keydb-cli|curl|sshpass|htpasswd|docker|podman|nerdctl|buildah|helm|oras|crane|regctl|wandb|mongo|mongosh|mongodump|mongorestore|mongoexport|mongoimport|sqlcmd|bcp|osql|openssl|zip|unzip|7za?|ldapsearch|ldapadd|ldapmodify|ldapdelete|ldapwhoami|smbclient|rpcclient)(?:\.exe)?(?:['"](?=[ \t]{0,4},))?(?![\w-])/g;

/** `wandb.login(key="…")`, `wandb.login(anonymous="never", key=…)`. */
const WANDB_CALL = /\bwandb\.login\(/g;

export function findCommands(doc: Doc, out: Span[]): void {
  const { text } = doc;
  PROGRAM.lastIndex = 0;
  for (let m = PROGRAM.exec(text); m; m = PROGRAM.exec(text)) {
    const program = PROGRAMS[m[1] as string];
    if (!program) continue;
    let args = argsAfter(doc, m.index + m[0].length);
    if (program.sub) {
      // The subcommand may follow global flags (`docker --config x login`): look a few arguments on.
      const i = args.slice(0, 4).findIndex((a) => text.slice(a.start, a.end) === program.sub);
      if (i < 0) continue;
      args = args.slice(i + 1);
    }
    readProgram(doc, program, args, out);
  }
  WANDB_CALL.lastIndex = 0;
  for (let m = WANDB_CALL.exec(text); m; m = WANDB_CALL.exec(text)) {
    const from = m.index + m[0].length;
    const head = text.slice(from, from + 300);
    const close = head.indexOf(')');
    const inside = close < 0 ? head : head.slice(0, close);
    const k = /(?:^|[\s,(])key[ \t]*=[ \t]*/.exec(inside);
    if (!k) continue;
    const args = argsAfter(doc, from + k.index + k[0].length, 1);
    const a = args[0];
    if (a && !isPlaceholder(text.slice(a.start, a.end)))
      out.push({ start: a.start, end: a.end, kind: 'secret' });
  }
}

function readProgram(doc: Doc, program: Program, args: readonly Arg[], out: Span[]): void {
  const { text } = doc;
  const flags: string[] = [];
  let positional = 0;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as Arg;
    const word = text.slice(a.start, a.end);
    if (word.startsWith('-') && word.length > 1) {
      const flag = word.slice(1);
      flags.push(flag);
      const eq = word.startsWith('--') ? flag.indexOf('=') : -1;
      if (eq > 0) {
        // `--user=u:x`: a long flag and its value in one word.
        const holds = program.spaced?.[flag.slice(0, eq)];
        if (holds) hold(doc, holds, a.start + 2 + eq, a.end, out);
        continue;
      }
      const spaced = program.spaced?.[flag];
      if (spaced) {
        const v = args[i + 1];
        if (v) hold(doc, spaced, v.start, v.end, out);
        i++;
        continue;
      }
      for (const [letter, holds] of Object.entries(program.glued ?? {})) {
        if (flag.length > letter.length && flag.startsWith(letter) && !flag.startsWith('-'))
          hold(doc, holds, a.start + 1 + letter.length, a.end, out);
      }
      if (program.valued?.includes(flag)) i++;
      continue;
    }
    if (program.positional) {
      const want = program.positional(flags);
      if (want !== null && positional === want) hold(doc, 'whole', a.start, a.end, out, program.kind);
    }
    positional++;
  }
}

function hold(doc: Doc, holds: Holds, start: number, end: number, out: Span[], kind = 'password'): void {
  const value = doc.text.slice(start, end);
  if (isPlaceholder(value) || value.startsWith('-')) return;
  switch (holds) {
    case 'whole':
      out.push({ start, end, kind });
      return;
    case 'userpass':
      if (value.includes(':') && !value.includes('://')) out.push({ start, end, kind: 'password' });
      return;
    case 'percent': {
      const at = value.indexOf('%');
      if (at >= 0 && at < value.length - 1) out.push({ start: start + at + 1, end, kind: 'password' });
      return;
    }
    case 'pass-prefix':
      if (value.startsWith('pass:')) out.push({ start: start + 5, end, kind: 'password' });
      else if (!/^(?:env|file|fd|stdin)(?::|$)/.test(value)) out.push({ start, end, kind: 'password' });
      return;
    case 'cookie':
      if (value.includes('=')) out.push({ start, end, kind: 'cookie' });
      return;
  }
}

export const commandPatterns: readonly RegExp[] = [PROGRAM, WANDB_CALL];
