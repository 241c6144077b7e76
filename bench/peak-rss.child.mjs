// Runs a node script (argv[2], with the arguments after it) in this process and prints
// the process's peak RSS on stderr when it exits: `peak-rss-kb N`.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [script, ...args] = process.argv.slice(2);
process.argv = [process.argv[0], resolve(script), ...args];
process.on('exit', () => {
  process.stderr.write(`peak-rss-kb ${process.resourceUsage().maxRSS}\n`);
});
await import(pathToFileURL(resolve(script)).href);
