// Every regular expression written in src/, found by the TypeScript compiler's own parser
// (so a `/` that divides is never taken for a pattern, and a pattern in a comment or a
// string is never missed or invented): each regex literal, and each `new RegExp(...)` or
// `RegExp(...)` call with its first argument as written.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Node, type SourceFile, SyntaxKind } from 'typescript/unstable/ast';
import { API } from 'typescript/unstable/sync';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SRC = join(ROOT, 'src');

export type RegexSite =
  | { kind: 'literal'; file: string; line: number; source: string; flags: string }
  /** `new RegExp('...', 'flags')` with string literals only: as good as a literal. */
  | { kind: 'static'; file: string; line: number; source: string; flags: string }
  /** Built at run time: `pattern` is the first argument's code, whitespace collapsed. */
  | { kind: 'dynamic'; file: string; line: number; pattern: string; flags: string | undefined };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Every regex site under src/ (or in `files`, paths from the repository root), in file order. */
export function collectRegexSites(files?: readonly string[]): RegexSite[] {
  const api = new API({ cwd: ROOT });
  try {
    const snapshot = api.updateSnapshot({ openProjects: [join(ROOT, 'tsconfig.json')] });
    const program = snapshot.getProjects()[0]?.program;
    if (!program) throw new Error('the TypeScript API opened no project for tsconfig.json');
    const out: RegexSite[] = [];
    for (const path of files?.map((f) => join(ROOT, f)) ?? sourceFiles(SRC)) {
      const file = program.getSourceFile(path);
      if (!file) throw new Error(`the TypeScript program does not hold ${path}`);
      collect(file, relative(ROOT, path), out);
    }
    return out;
  } finally {
    api.close();
  }
}

function collect(sf: SourceFile, file: string, out: RegexSite[]): void {
  const text = sf.text;
  const lineAt = (pos: number) => text.slice(0, pos).split('\n').length;
  const visit = (node: Node): void => {
    if (node.kind === SyntaxKind.RegularExpressionLiteral) {
      const literal = (node as Node & { text: string }).text;
      const end = literal.lastIndexOf('/');
      out.push({
        kind: 'literal',
        file,
        line: lineAt(text.indexOf(literal, node.pos)),
        source: literal.slice(1, end),
        flags: literal.slice(end + 1),
      });
    } else if (node.kind === SyntaxKind.NewExpression || node.kind === SyntaxKind.CallExpression) {
      const call = node as Node & { expression: Node & { text?: string }; arguments?: readonly Node[] };
      const callee = call.expression;
      const named =
        callee.kind === SyntaxKind.Identifier
          ? callee.text
          : callee.kind === SyntaxKind.PropertyAccessExpression
            ? (callee as Node & { name: Node & { text: string } }).name.text
            : undefined;
      if (named === 'RegExp') {
        const [pattern, flags] = call.arguments ?? [];
        const line = lineAt(text.indexOf('RegExp', node.pos));
        const flagText =
          flags && isStringLiteral(flags) ? (flags as Node & { text: string }).text : undefined;
        if (pattern && isStringLiteral(pattern) && (!flags || flagText !== undefined))
          out.push({
            kind: 'static',
            file,
            line,
            source: (pattern as Node & { text: string }).text,
            flags: flagText ?? '',
          });
        else
          out.push({
            kind: 'dynamic',
            file,
            line,
            pattern: pattern ? text.slice(pattern.pos, pattern.end).replace(/\s+/g, ' ').trim() : '',
            flags: flagText,
          });
      }
    }
    node.forEachChild(visit);
  };
  visit(sf);
}

const isStringLiteral = (n: Node) =>
  n.kind === SyntaxKind.StringLiteral || n.kind === SyntaxKind.NoSubstitutionTemplateLiteral;
