// Pastes crafted to make a backtracking regular expression work quadratically: long runs
// of one character (dots, spaces, tabs, digits, `+`, newlines) after the words that send
// a line to a pattern, with the character that makes the match fail at the end, and
// repeated near-matches. Each is about `bytes` long (5 MB by default, the bot's limit).
// Each shape follows an attack string recheck printed for a pattern that was unsafe, or
// a run that a pattern of its family would crawl over.

/** `head`, then `unit` repeated to about `bytes`, then `tail`, on one line (or many, if `unit` holds newlines). */
const fill = (head, unit, tail, bytes) =>
  head + unit.repeat(Math.max(1, Math.floor((bytes - head.length - tail.length) / unit.length))) + tail;

/**
 * Lines from `line(i)` to about `bytes`, with an error line every eighth: a big log is
 * read in full only at its head and tail and around such lines, so this keeps every
 * crafted line in what the classifier reads.
 */
const lines = (line, bytes) => {
  const out = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const l = i % 8 === 0 ? 'Segmentation fault (core dumped)' : line(i);
    out.push(l);
    size += l.length + 1;
  }
  return out.join('\n');
};

/** @returns {{ name: string, text: string }[]} */
export function craftedInputs(bytes = 5 * 1024 * 1024) {
  return [
    // versions/extract/messages.ts trimmed a version's trailing dots with /\.+$/; lines
    // are cut at 16 KB, so each line is a little shorter.
    {
      name: 'jaxlib versions of dots',
      text: lines(() => `jaxlib version 0${'.'.repeat(4_000)}x is newer than`, bytes),
    },
    {
      name: 'jax versions of dots',
      text: lines(() => `incompatible with jax version 1${'.'.repeat(4_000)}x`, bytes),
    },
    // versions/extract/nvidia.ts took a CSV column's first word with /\s.*$/.
    {
      name: 'nvidia-smi CSV headers with a column of spaces',
      text: lines(() => `name, compute_cap, a${' '.repeat(4_000)}\u2028x`, bytes),
    },
    {
      name: 'nvidia-smi CSV headers with a column of tabs',
      text: lines(() => `name, compute_cap, x${'\t'.repeat(4_000)}\u2029y`, bytes),
    },
    // versions/checks/packages.ts cut a local version tag with /\+.*$/.
    {
      name: 'jax and jaxlib versions of plus signs',
      text: lines((i) => `${i % 2 ? 'jaxlib' : 'jax'}==0.4.${i % 2}${'+'.repeat(4_000)}x`, bytes),
    },
    // Runs of one character, no newline.
    { name: 'one line of dots', text: fill('torch.__version__ = ', '.', 'x\n', bytes) },
    { name: 'one line of spaces', text: fill('Traceback (most recent call last):', ' ', 'x\n', bytes) },
    { name: 'one line of tabs', text: fill('nvidia-smi', '\t', '\u2028\n', bytes) },
    { name: 'one line of digits', text: fill('exit code ', '1', 'x\n', bytes) },
    { name: 'digits and dots', text: fill('CUDA Version: ', '1.', 'x\n', bytes) },
    // Many short lines: empty, blank, indented markers (the Discord renderer's shapes).
    { name: 'newlines', text: fill('Traceback (most recent call last):\n', '\n', '\tx', bytes) },
    { name: 'blank lines of spaces and tabs', text: fill('Error:', ' \t\n', '#', bytes) },
    { name: 'numbered markdown lines', text: lines((i) => `${' '.repeat(i % 40)}${i}.\tKilled`, bytes) },
    // Near-matches: the start of a pattern again and again.
    {
      name: 'repeated exit code near-matches',
      text: fill('', 'exit code exit status killed by signal ', '\n', bytes),
    },
    {
      name: 'repeated pip near-matches',
      text: fill('Successfully installed ', 'torch-2.1.0+cu118 numpy-', '\n', bytes),
    },
    {
      name: 'requirement lines that never close',
      text: lines(
        (i) =>
          `Requirement already satisfied: torch${i} in /usr/lib/python3/dist-packages (2.1.0${'.0'.repeat(200)}`,
        bytes,
      ),
    },
    { name: 'error words glued together', text: fill('', 'RuntimeErrorException', '\n', bytes) },
    { name: 'repeated version words', text: fill('', 'version version ', '\n', bytes) },
  ];
}
