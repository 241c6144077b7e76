// Builds dist/ once before the tests that run the real `crashbot` executable, as
// `npm run build` does.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], {
    cwd: root,
    stdio: 'inherit',
  });
  execFileSync(process.execPath, ['scripts/snapshot-knowledge.mjs'], { cwd: root, stdio: 'inherit' });
  execFileSync(process.execPath, ['scripts/bundle-cli.mjs'], { cwd: root, stdio: 'inherit' });
}
