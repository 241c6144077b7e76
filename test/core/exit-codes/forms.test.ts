// The printed forms of exit codes people paste, each decoded both as `crashbot exit-code`
// input and as a line inside a log. Forms are copied from real output (sources in
// test/core/exit-codes/forms.ts); the expected decodings follow the tables' conventions.
import { describe, expect, it } from 'vitest';
import { diagnoseText } from '../../../src/core/diagnose.js';
import { decodeExitCode } from '../../../src/core/exit-codes/decode.js';
import { EXIT_CODE_NEEDLES, findExitCodes } from '../../../src/core/exit-codes/find.js';
import { loadKnowledge } from '../../../src/knowledge/load.js';
import { FORMS } from './forms.js';

const loaded = loadKnowledge();
if (!loaded.ok) throw new Error('knowledge does not load');
const kb = loaded.kb;

describe('exit-code forms', () => {
  it('GIVEN the table THEN it holds more than 60 distinct forms', () => {
    expect(new Set(FORMS.map((f) => f.form)).size).toBeGreaterThan(60);
  });

  it.each(FORMS.map((f) => [f.form, f.name, f.signed] as const))(
    'GIVEN %j to decode THEN it is %s (%d)',
    (form, name, signed) => {
      const r = decodeExitCode(form, kb.exitCodes);
      expect(r.ok && { name: r.code.name, signed: r.code.signed }).toEqual({ name, signed });
    },
  );

  it.each(FORMS.filter((f) => f.inLog !== false).map((f) => [f.form, f.name] as const))(
    'GIVEN %j as the last line of a log THEN the diagnosis decodes it as %s',
    (form, name) => {
      const log = ['Epoch 3/10', '1200/5000 [=====>....] - ETA: 31:02 - loss: 2.1371', form, ''].join('\n');
      expect(diagnoseText(log, kb).exitCode?.name).toBe(name);
    },
  );
});

/** Lines that look like the forms above but print no exit code: code, prose, success. */
const CONFUSERS: readonly string[] = [
  'if errorlevel 1 goto fail',
  'IF %ERRORLEVEL% NEQ 0 exit /b %ERRORLEVEL%',
  'if ($LASTEXITCODE -ne 0) { throw "build failed" }',
  'the return value is 3 when the file is missing',
  'check the exit value before you parse the output',
  'Exited (0) 3 hours ago',
  'JobId=12 JobState=COMPLETED ExitCode=0:0',
  'app.service: Deactivated successfully, status=0/SUCCESS',
  'Code : 0.',
  'Bus error: see the notes below',
  'the job exited on signal handling code paths we added',
  'make: *** No rule to make target `train`.  Stop.',
  'prints a negative hex like -0xff for small values',
  'D:\\Desktop\\DailyTest.exe (进程 4952)已退出，代码为 0。',
];

describe('exit-code confusers', () => {
  it.each(CONFUSERS.map((l) => [l]))('GIVEN %j THEN no exit code is found in it', (line) => {
    expect(findExitCodes(line, kb.exitCodes).map((c) => c.name)).toEqual([]);
  });

  it('GIVEN every form that finds a code in a line THEN the line holds one of the ASCII scan needles', () => {
    expect(EXIT_CODE_NEEDLES.filter((n) => /[^\x20-\x7e]/.test(n))).toEqual([]);
    const missing = FORMS.flatMap((f) => f.form.split('\n'))
      .filter((l) => findExitCodes(l, kb.exitCodes).length > 0)
      .filter((l) => !EXIT_CODE_NEEDLES.some((n) => l.toLowerCase().includes(n)));
    expect(missing).toEqual([]);
  });

  it.each([
    ['1 MB of spaces after "$LASTEXITCODE"', `$LASTEXITCODE${' '.repeat(1_000_000)}`],
    ['1 MB of "Exception Code: "', 'Exception Code: '.repeat(60_000)],
    ['1 MB of "make: *** ["', 'make: *** ['.repeat(90_000)],
    ['1 MB of digits after "代码为"', `代码为 ${'7'.repeat(1_000_000)}`],
    ['1 MB of "Segmentation fault: "', 'Segmentation fault: '.repeat(50_000)],
  ])('GIVEN %s THEN reading it ends without a code', (_what, line) => {
    expect(findExitCodes(line, kb.exitCodes)).toEqual([]);
  });
});
