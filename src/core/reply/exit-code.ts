// A decoded exit code as reply blocks, and the reply to `/crash <code>`.
import type { DecodedExitCode } from '../types.js';
import { citeSources } from './citation.js';
import type { Reply, ReplyBlock } from './model.js';

export function describeCode(c: DecodedExitCode): string {
  const forms =
    c.platform === 'windows'
      ? `${c.signed} = ${c.unsigned} = ${c.hex}`
      : c.signal !== undefined
        ? `signal ${c.signal}: shell status ${128 + c.signal}, Python -${c.signal}`
        : `status ${c.unsigned}`;
  return `\`${c.input}\` is ${c.name} (${c.platform === 'windows' ? 'Windows NTSTATUS' : 'POSIX'}; ${forms})`;
}

export function exitCodeBlocks(c: DecodedExitCode, alternatives: readonly DecodedExitCode[]): ReplyBlock[] {
  const blocks: ReplyBlock[] = [
    { type: 'heading', text: 'Exit code' },
    { type: 'text', text: `${describeCode(c)}. ${c.meaning}` },
    { type: 'text', text: `In ML jobs: ${c.mlCauses}` },
  ];
  if (alternatives.length) {
    blocks.push({
      type: 'list',
      title: 'It could also be read as',
      items: alternatives.map((a) => ({ text: `${a.name}: ${a.meaning}` })),
    });
  }
  return blocks;
}

export function exitCodeReply(c: DecodedExitCode, alternatives: readonly DecodedExitCode[]): Reply {
  const cited = citeSources(c.source);
  return {
    kind: 'exit-code',
    title: `${c.input}: ${c.name}`,
    blocks: exitCodeBlocks(c, alternatives).slice(1),
    ...(cited && { footer: cited }),
  };
}
