// The acceptance table for version checks: real-shaped pastes, the context the classifier
// passes, and for each check id the status it must get and the versions its text must name.
// Shared with the needle and property tests.
import { DRIVER_GPU_SCENARIOS } from './driver-gpu.js';
import { ENVIRONMENT_SCENARIOS } from './environment.js';
import { PACKAGES_SCENARIOS } from './packages.js';
import { TENSORFLOW_SCENARIOS } from './tensorflow.js';
import { YEAR_2026_SCENARIOS } from './year-2026.js';

export { fixture, type Scenario } from './common.js';

export const SCENARIOS = [
  ...TENSORFLOW_SCENARIOS,
  ...DRIVER_GPU_SCENARIOS,
  ...PACKAGES_SCENARIOS,
  ...ENVIRONMENT_SCENARIOS,
  ...YEAR_2026_SCENARIOS,
];
