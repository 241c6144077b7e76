// Reads the fixture logs in test/fixtures/logs/<cause-id>/*.log. A fixture states its
// expected verdict in header lines, which are removed before the log is diagnosed:
//   #crashbot: expect <cause-id>|none   the top cause (none: no cause at all)
//   #crashbot: not <cause-id>           this cause must not be the top one
//   #crashbot: not-crash                listening mode must stay quiet on it
//   #crashbot: source <url>             the public thread the log comes from
//   #crashbot: needs-context            the verdict needs lines above the marked one
//   #crashbot: remedy <snippet-id>      the reply must carry this snippet (no-remedy: must not)
//   #crashbot: check <check-id>         the reply must carry this check (no-check: must not)
//   #crashbot: shell <shell>            the commands are written for this shell
//   #crashbot: says <text>              the text reply holds this text (not-says: must not)
//   #crashbot: candidate <cause-id>     this cause is named below the top one (no-candidate: not named at all)
// and marks the line the top cause must quote with a trailing `#=MATCH=#`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURE_DIR = fileURLToPath(new URL('../fixtures/logs', import.meta.url));

export interface Fixture {
  file: string;
  dir: string;
  text: string;
  expect: string | null;
  not: string[];
  crash: boolean;
  /** 1-based line of the stripped text that the top cause must quote. */
  matchLine: number | null;
  /** Where the log comes from (a public thread), when the fixture says. */
  sources: string[];
  /** The verdict rests on lines above the marked one too (a condition, earlier progress). */
  needsContext: boolean;
  /** What the reply must and must not carry (remedy, no-remedy, check, no-check, shell, says, not-says). */
  remedies: RemedyExpectations;
}

export interface RemedyExpectations {
  snippets: string[];
  noSnippets: string[];
  checks: string[];
  noChecks: string[];
  shell: string | null;
  says: string[];
  notSays: string[];
  /** Causes named below the top one, and causes not named at all. */
  candidates: string[];
  noCandidates: string[];
}

export function loadFixtures(): Fixture[] {
  const out: Fixture[] = [];
  for (const dir of readdirSync(FIXTURE_DIR).sort()) {
    for (const name of readdirSync(join(FIXTURE_DIR, dir)).sort()) {
      if (!name.endsWith('.log')) continue;
      out.push(parseFixture(`${dir}/${name}`, dir, readFileSync(join(FIXTURE_DIR, dir, name), 'utf8')));
    }
  }
  return out;
}

export function parseFixture(file: string, dir: string, raw: string): Fixture {
  let expect: string | null | undefined;
  const not: string[] = [];
  let crash = true;
  let matchLine: number | null = null;
  const sources: string[] = [];
  let needsContext = false;
  const remedies: RemedyExpectations = {
    snippets: [],
    noSnippets: [],
    checks: [],
    noChecks: [],
    shell: null,
    says: [],
    notSays: [],
    candidates: [],
    noCandidates: [],
  };
  const lines: string[] = [];
  for (const line of raw.split('\n')) {
    const expectation =
      /^#crashbot: (remedy|no-remedy|check|no-check|shell|says|not-says|candidate|no-candidate) (.+)$/.exec(
        line,
      );
    if (expectation) {
      const [, key, value] = expectation as unknown as [string, string, string];
      if (key === 'shell') remedies.shell = value.trim();
      else if (key === 'remedy') remedies.snippets.push(value.trim());
      else if (key === 'no-remedy') remedies.noSnippets.push(value.trim());
      else if (key === 'check') remedies.checks.push(value.trim());
      else if (key === 'no-check') remedies.noChecks.push(value.trim());
      else if (key === 'says') remedies.says.push(value);
      else if (key === 'candidate') remedies.candidates.push(value.trim());
      else if (key === 'no-candidate') remedies.noCandidates.push(value.trim());
      else remedies.notSays.push(value);
      continue;
    }
    if (line.trimEnd() === '#crashbot: needs-context') {
      needsContext = true;
      continue;
    }
    const source = /^#crashbot: source (\S+)\s*$/.exec(line);
    if (source) {
      sources.push(source[1]!);
      continue;
    }
    const header = /^#crashbot: (expect|not-crash|not) ?(\S*)\s*$/.exec(line);
    if (header) {
      if (header[1] === 'expect') expect = header[2] === 'none' ? null : (header[2] ?? null);
      else if (header[1] === 'not') not.push(header[2] ?? '');
      else crash = false;
      continue;
    }
    if (line.endsWith(' #=MATCH=#')) {
      matchLine = lines.length + 1;
      lines.push(line.slice(0, -' #=MATCH=#'.length));
    } else lines.push(line);
  }
  if (expect === undefined) throw new Error(`${file}: no "#crashbot: expect" header`);
  return {
    file,
    dir,
    text: lines.join('\n'),
    expect,
    not,
    crash,
    matchLine,
    sources,
    needsContext,
    remedies,
  };
}
