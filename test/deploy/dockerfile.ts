// A small Dockerfile reader for the deploy tests: instructions (continuation lines
// joined, comments dropped) grouped by stage, so a test can run a stage's RUN lines.

export interface Instruction {
  op: string;
  args: string;
}

export interface Stage {
  name: string;
  from: string;
  instructions: Instruction[];
}

export function readDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  const lines = text.split(/\r?\n/);
  let pending = '';
  const flush = () => {
    const line = pending.trim();
    pending = '';
    if (!line) return;
    const m = /^([A-Za-z]+)\s+([\s\S]*)$/.exec(line);
    if (!m) throw new Error(`not an instruction: ${line}`);
    const op = m[1]!.toUpperCase();
    const args = m[2]!.trim();
    if (op === 'FROM') {
      const from = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      if (!from) throw new Error(`bad FROM: ${args}`);
      stages.push({ name: from[2] ?? String(stages.length), from: from[1]!, instructions: [] });
      return;
    }
    const stage = stages.at(-1);
    if (stage) stage.instructions.push({ op, args });
    else if (op !== 'ARG') throw new Error(`${op} before the first FROM`);
  };
  for (const raw of lines) {
    if (/^\s*#/.test(raw)) continue;
    if (raw.endsWith('\\')) {
      pending += `${raw.slice(0, -1)} `;
      continue;
    }
    pending += raw;
    flush();
  }
  flush();
  return stages;
}

export function stage(stages: Stage[], name: string): Stage {
  const s = stages.find((x) => x.name === name);
  if (!s) throw new Error(`no stage ${name} (stages: ${stages.map((x) => x.name).join(', ')})`);
  return s;
}

/** The commands of an exec-form (JSON array) or shell-form instruction. */
export function execForm(args: string): string[] {
  return args.startsWith('[') ? (JSON.parse(args) as string[]) : ['sh', '-c', args];
}
