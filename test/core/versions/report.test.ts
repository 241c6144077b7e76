import { describe, expect, it } from 'vitest';
import { isEnvironmentDump, renderEnvReport, runVersionChecks } from '../../../src/core/versions/index.js';
import { collect, loadRealCompat } from './helpers.js';
import { fixture } from './scenarios/index.js';

const compat = loadRealCompat();

function report(text: string) {
  const facts = collect(text);
  return renderEnvReport(facts, runVersionChecks(facts, compat, { framework: null, os: null, causeIds: [] }));
}

describe('the environment report', () => {
  it('GIVEN TF 2.10 with its conda CUDA and cuDNN and a newer cuDNN loaded THEN the reply lists versions, lines and verdicts', () => {
    const text = `${fixture('conda-list-tf-windows.txt')}\nI tensorflow/stream_executor/cuda/cuda_dnn.cc:384] Loaded cuDNN version 8400`;
    expect(isEnvironmentDump(collect(text))).toBe(true);
    expect(report(text)).toMatchInlineSnapshot(`
      {
        "blocks": [
          {
            "fields": [
              {
                "label": "TensorFlow",
                "value": "\`2.10.1\` (line 11)",
              },
              {
                "label": "Keras",
                "value": "\`2.10.0\` (line 7)",
              },
              {
                "label": "CUDA toolkit / runtime",
                "value": "\`11.2.2\` (line 5)",
              },
              {
                "label": "cuDNN (loaded or installed)",
                "value": "\`8.1.0.77\` (line 6), \`8.4.0\` (line 16)",
              },
              {
                "label": "Python",
                "value": "\`3.9.18\` (line 10)",
              },
              {
                "label": "NumPy",
                "value": "\`1.24.3\` (line 8)",
              },
            ],
            "title": "Versions in the paste",
            "type": "fields",
          },
          {
            "items": [
              {
                "detail": "Source: https://www.tensorflow.org/install/source#gpu",
                "status": "warn",
                "text": "cuDNN 8.4.0 (loaded, line 16), but TF 2.10.1 was built and tested with cuDNN 8.1 (TF tested builds, tensorflow-2.10.0): not the tested pair",
              },
              {
                "status": "warn",
                "text": "cuDNN (loaded or installed) shows as 8.1.0.77 (conda, line 6) and 8.4.0 (log, line 16): two installs or two environments in one paste? The checks use 8.4.0 (line 16)",
              },
              {
                "detail": "Source: https://www.tensorflow.org/install/source#gpu",
                "status": "ok",
                "text": "TF 2.10.1 was built with CUDA 11.2 (TF tested builds, tensorflow-2.10.0); CUDA 11.2.2 (line 5) has the same major",
              },
              {
                "detail": "Source: https://www.tensorflow.org/install/source#gpu",
                "status": "ok",
                "text": "Python 3.9.18 (line 10) is in TF 2.10.1's tested range 3.7-3.10 (TF tested builds, tensorflow-2.10.0)",
              },
              {
                "detail": "Source: conda-forge/cudnn-feedstock (fetched snapshot b127385a, 2026-07-22) recipe/meta.yaml history @ec32227 (8.3.2.44), @cc6e…",
                "status": "ok",
                "text": "cuDNN 8.4.0 (line 16) is packaged for CUDA 11, which includes CUDA 11.2.2 (line 5) (source only partly verified)",
              },
              {
                "detail": "Run \`nvidia-smi\`",
                "status": "todo",
                "text": "The NVIDIA driver version is not in the paste",
              },
            ],
            "title": "Checks",
            "type": "list",
          },
        ],
        "footer": "Versions are compared with the compatibility tables in crashbot's knowledge/compat, each row with its source.",
        "kind": "env-report",
        "title": "Environment report: 2 warn, 3 ok, 1 to run",
      }
    `);
  });

  it('GIVEN nothing with a version THEN the reply says so and what to paste', () => {
    const r = report('hello, is my setup right?');
    expect(r.title).toBe('Environment report: no versions found');
    expect(r.blocks).toEqual([
      {
        type: 'text',
        text: 'No versions found. Paste the output of `python -m torch.utils.collect_env`, `nvidia-smi` or `pip list`.',
      },
    ]);
  });

  it('GIVEN versions no table covers THEN the reply says no check applies', () => {
    const r = report('protobuf==4.25.3');
    expect(r.title).toBe('Environment report: no checks apply');
    expect(r.blocks.at(-1)).toEqual({
      type: 'text',
      text: 'No check applies to these versions: the compatibility tables have no row for them.',
    });
  });

  it.each([
    ['the seed log', fixture('tf-windows-seed.txt'), 'Environment report: 1 warn, 2 ok, 1 to run'],
    ['a Linux collect_env', fixture('collect-env-linux.txt'), 'Environment report: 3 ok'],
  ])('GIVEN %s THEN the title counts the verdicts', (_name, text, title) => {
    expect(report(text).title).toBe(title);
  });
});
