// Where the tables end, how old they are, and what to install now: the pure lookups the
// remedy snippets and `crashbot knowledge check` use, on the shipped tables.
import { describe, expect, it } from 'vitest';
import {
  isBeyond,
  jaxExtra,
  knowledgeDates,
  newestRelease,
  tableAges,
  torchWheelIndex,
} from '../../../src/core/versions/index.js';
import { loadRealCompat } from './helpers.js';

const compat = loadRealCompat();

describe('the newest release each table confirms', () => {
  it.each([
    ['pytorch', '2.14', '2026-09-02'],
    ['tensorflow', '2.21', undefined],
    ['jax', '0.11.0', '2026-07-16'],
    ['cuda', '13.4', undefined],
    ['cudnn', '9.25', undefined],
    ['driver', '616', undefined],
  ] as const)('GIVEN the %s table THEN its newest release is %s', (component, newest, date) => {
    const f = newestRelease(compat, component);
    expect(f).toMatchObject({ newest, read: '2026-11-25' });
    if (date) expect(f?.date).toBe(date);
  });

  it.each([
    ['pytorch', '2.16.0+cu132', true],
    ['pytorch', '2.15.0', true], // planned, not confirmed
    ['pytorch', '2.14.1+cu130', false],
    ['pytorch', '2.9.1', false],
    ['tensorflow', '2.22.0', true],
    ['tensorflow', '2.21.0', false],
    ['jax', '0.11.1', true],
    ['jax', '0.11.0', false],
    ['cuda', '13.5', true],
    ['cuda', '13.4.92', false],
    ['cudnn', '9.30.0', true],
    ['cudnn', '9.25.1', false],
    ['driver', '620.10', true],
    ['driver', '616.92', false],
  ] as const)('GIVEN %s %s THEN newer than the tables is %s', (component, version, beyond) => {
    expect(isBeyond(compat, component, version)).toBe(beyond);
  });
});

describe('the wheel index for a driver and the current release', () => {
  it.each([
    ['a 580 driver', { driver: '580.95.05' }, '13.0', 'cu130'],
    [
      'a 550 driver: the 13.x floor is 580, 12.6 runs on 12.x minor-version compatibility',
      { driver: '550.144.03' },
      '12.6',
      'cu126',
    ],
    ['a 595 driver meets CUDA 13.2 (stable in 2.14) fully', { driver: '595.71.05' }, '13.2', 'cu132'],
    [
      'a Pascal GPU on a new driver: only the 12.6 wheel holds code for it',
      { driver: '580.95.05', computeCapability: '6.1' },
      '12.6',
      'cu126',
    ],
    ['no driver known: the newest stable variant', {}, '13.2', 'cu132'],
  ] as const)('GIVEN %s THEN torch 2.14 from %s', (_name, q, cuda, tag) => {
    const w = torchWheelIndex(compat, q);
    expect(w).toMatchObject({ torch: '2.14', cuda, index: `https://download.pytorch.org/whl/${tag}` });
    expect(w!.rows.length).toBeGreaterThan(0);
  });

  it('GIVEN a 470 driver THEN no wheel of the current release runs on it', () => {
    expect(torchWheelIndex(compat, { driver: '470.82.01' })).toBeNull();
  });

  it('GIVEN a Kepler GPU THEN no wheel of the current release holds code for it', () => {
    expect(torchWheelIndex(compat, { computeCapability: '3.7' })).toBeNull();
  });
});

describe('the JAX extra for a plugin', () => {
  it.each([
    ['the CUDA 12 plugin installed', { pluginMajor: 12 }, 'jax[cuda12]'],
    ['the CUDA 13 plugin with a local CUDA', { pluginMajor: 13, local: true }, 'jax[cuda13-local]'],
    ['nothing installed, a 580 driver', { driver: '580.95.05' }, 'jax[cuda13]'],
    ['nothing installed, a 550 driver', { driver: '550.144.03' }, 'jax[cuda12]'],
    ['nothing installed, a Volta GPU', { computeCapability: '7.0' }, 'jax[cuda12]'],
  ] as const)('GIVEN %s THEN %s', (_name, q, extra) => {
    expect(jaxExtra(compat, q)?.extra).toBe(extra);
  });

  it('GIVEN a driver below every plugin floor THEN no extra', () => {
    expect(jaxExtra(compat, { driver: '470.82.01' })).toBeNull();
  });
});

describe('how old each table is', () => {
  it('GIVEN the day the tables were read THEN each age counts from its upstream copies, against its budget', () => {
    const ages = Object.fromEntries(
      tableAges(compat, new Date('2026-11-25T12:00:00Z')).map((a) => [a.table, a]),
    );
    expect(ages.pytorch).toMatchObject({ asOf: '2026-08-21', ageDays: 96, budgetDays: 60, stale: true });
    expect(ages['cuda-drivers']).toMatchObject({
      asOf: '2026-09-11',
      ageDays: 75,
      budgetDays: 90,
      stale: false,
    });
    expect(ages.tensorflow).toMatchObject({ budgetDays: 190 });
    expect(ages.jax).toMatchObject({ budgetDays: 35 });
    expect(ages.cudnn).toMatchObject({ budgetDays: 90 });
    expect(ages.gpus).toMatchObject({ ageDays: null, stale: false });
  });

  it.each([
    ['2026-09-12', []],
    ['2026-09-20', ['tensorflow', 'jax']],
  ] as const)('GIVEN the day %s THEN the tables past their budget are %j', (day, stale) => {
    const ages = tableAges(compat, new Date(`${day}T08:00:00Z`));
    expect(ages.filter((a) => a.stale).map((a) => a.table)).toEqual(stale);
  });

  it('GIVEN the tables THEN the dates a diagnosis carries name every table', () => {
    const d = knowledgeDates(compat);
    expect(d.tables.map((t) => t.table)).toEqual([
      'pytorch',
      'tensorflow',
      'jax',
      'cuda-drivers',
      'cudnn',
      'gpus',
    ]);
    expect(d.tables.find((t) => t.table === 'pytorch')).toMatchObject({ newest: '2.14', read: '2026-11-25' });
  });
});
