import { describe, expect, it } from 'vitest';
import {
  compareTo,
  compareVersions,
  computeCapability,
  decodeBuildInfoVersion,
  decodeCudaNumber,
  decodeCudnnNumber,
  decodeCuTag,
  sameRelease,
  within,
} from '../../../src/core/versions/version-util.js';

describe('version arithmetic', () => {
  it.each([
    ['2.10.0', '2.9.0', 1],
    ['2.10', '2.10.0', 0],
    ['470.82.1', '470.82.01', 0],
    ['450.80.02', '452.39', -1],
    ['2.1.0+cu118', '2.1.0', 0],
    ['v2.4.0-rc4', '2.4.0', 0],
  ])('GIVEN %s and %s THEN compareVersions gives %i', (a, b, want) => {
    expect(compareVersions(a, b)).toBe(want);
  });

  it.each([
    ['3.10.12', '3.10', 0],
    ['3.9.18', '3.10', -1],
    ['8.4.0', '8.1', 1],
  ])('GIVEN %s against the bound %s THEN compareTo gives %i', (v, bound, want) => {
    expect(compareTo(v, bound)).toBe(want);
  });

  it.each([
    ['2.10', '2.10.1', true],
    ['2.1', '2.10', false],
    ['8.1.0.77', '8.1', true],
  ])('GIVEN %s and %s THEN sameRelease is %s', (a, b, want) => {
    expect(sameRelease(a, b)).toBe(want);
  });

  it.each([
    ['2.1.0+cu118', '2.1', true],
    ['2.10.0', '2.1', false],
    ['1.9', '1.9.0', false],
  ])('GIVEN %s within %s THEN %s', (v, prefix, want) => {
    expect(within(v, prefix)).toBe(want);
  });

  it.each([
    ['8400', '8.4.0'],
    ['8100', '8.1.0'],
    ['8904', '8.9.4'],
    ['90300', '9.3.0'],
    ['84', null],
  ])('GIVEN the cuDNN number %s THEN it reads %s', (n, want) => {
    expect(decodeCudnnNumber(n)).toBe(want);
  });

  it.each([
    ['11040', '11.4'],
    ['10010', '10.1'],
    ['12020', '12.2'],
  ])('GIVEN the CUDA number %s THEN it reads %s', (n, want) => {
    expect(decodeCudaNumber(n)).toBe(want);
  });

  it.each([
    ['118', '11.8'],
    ['92', '9.2'],
    ['102', '10.2'],
    ['130', '13.0'],
  ])('GIVEN the wheel tag cu%s THEN it is CUDA %s', (tag, want) => {
    expect(decodeCuTag(tag)).toBe(want);
  });

  it.each([
    ['11.2', '11.2'],
    ['64_112', '11.2'],
    ['64_8', '8'],
    ['8', '8'],
  ])('GIVEN build info %s THEN it reads %s', (s, want) => {
    expect(decodeBuildInfoVersion(s)).toBe(want);
  });

  it.each([
    ['sm_86', '8.6'],
    ['sm_120', '12.0'],
    ['compute_80', '8.0'],
    ['sm_90a', '9.0'],
    ['7.5', '7.5'],
    ['sm', null],
  ])('GIVEN %s THEN the compute capability is %s', (s, want) => {
    expect(computeCapability(s)).toBe(want);
  });
});
