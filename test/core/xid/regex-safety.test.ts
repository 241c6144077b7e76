import { checkSync } from 'recheck';
import { describe, expect, it } from 'vitest';
import { NCCL_REGEXES } from '../../../src/core/nccl/find.js';
import { XID_REGEXES } from '../../../src/core/xid/find.js';

const ALL = [
  ...XID_REGEXES.map((re, i) => [`xid:${i}`, re] as const),
  ...NCCL_REGEXES.map((re, i) => [`nccl:${i}`, re] as const),
];

describe('Xid and NCCL watchdog regular expressions', () => {
  it.each(ALL)(
    'GIVEN the regex %s THEN recheck proves it safe from catastrophic backtracking',
    (_id, re) => {
      const result = checkSync(re.source, re.flags, { checker: 'automaton', timeout: 60_000 });
      expect({ status: result.status, source: re.source }).toEqual({ status: 'safe', source: re.source });
    },
    90_000,
  );
});
