// `crashbot diagnose` on screenshots, as the built executable: read with OCR, or a clear
// one-line refusal with exit status 3.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderScreenshot } from '../../scripts/render-screenshots.mjs';
import { CLI, runBuilt } from '../helpers/cli.js';

let dir: string;
let shot: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'crashbot-image-'));
  shot = join(dir, 'shot.png');
  writeFileSync(
    shot,
    renderScreenshot(
      [
        'Traceback (most recent call last):',
        '  File "train.py", line 41, in <module>',
        '    loss.backward()',
        'RuntimeError: CUDA error: device-side assert triggered',
      ],
      'terminal-dark',
    ),
  );
});

describe('crashbot diagnose on an image', () => {
  it('GIVEN a screenshot THEN the cause, and the JSON says how the text was read', () => {
    const r = runBuilt(['diagnose', shot, '--json']);
    expect(r.status).toBe(0);
    const d = JSON.parse(r.stdout);
    expect(d.causes[0].id).toBe('device-side-assert');
    expect(d.image).toMatchObject({ kind: 'png', width: 1400 });
    expect(d.image.confidence).toBeGreaterThan(0.5);
  }, 120_000);

  it('GIVEN a screenshot on stdin THEN it is read the same way, and the reply says it came from an image', () => {
    const r = runBuilt(['diagnose'], { input: readFileSync(shot) });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/I read this from an image \(PNG, 1400 x \d+\)/);
  }, 120_000);

  it('GIVEN a GIF THEN exit 3 and one line naming what is read', () => {
    const gif = join(dir, 'anim.gif');
    writeFileSync(gif, Buffer.from('474946383961010001000000002c00000000010001000002024401003b', 'hex'));
    const r = runBuilt(['diagnose', gif]);
    expect(r.status).toBe(3);
    expect(r.stderr.trim()).toBe(
      'crashbot diagnose: cannot read the image: I read PNG, JPEG, WebP and BMP images, not GIF',
    );
  });

  it('GIVEN reading images turned off THEN exit 3 and one line saying so', () => {
    const r = spawnEnv({ CRASHBOT_OCR: 'false' });
    expect(r.status).toBe(3);
    expect(r.stderr.trim()).toMatch(/reading images is off \(CRASHBOT_OCR=false\)/);
  });

  it('GIVEN an image over CRASHBOT_MAX_IMAGE_BYTES THEN exit 3 with the sizes, without reading it whole', () => {
    const r = spawnEnv({ CRASHBOT_MAX_IMAGE_BYTES: '1000' });
    expect(r.status).toBe(3);
    expect(r.stderr.trim()).toBe(
      'crashbot diagnose: cannot read the image: it is larger than CRASHBOT_MAX_IMAGE_BYTES (1000 bytes)',
    );
  });
});

function spawnEnv(env: Record<string, string>) {
  return spawnSync(process.execPath, [CLI, 'diagnose', shot], {
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
  });
}
