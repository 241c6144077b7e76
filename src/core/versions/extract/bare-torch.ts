// A line that is nothing but a PyTorch wheel's version, `2.14.0+cu130` or `2.1.0+cpu`:
// what `print(torch.__version__)` prints, pasted without the command (an answer to
// "which torch is this?"). The local tag (+cuNNN, +cpu) is PyTorch's wheel convention;
// torchvision's own versions start at 0, so a major of 0 is not taken for torch.
import { torchBuildFacts } from './packages.js';
import type { Extractor } from './types.js';

const BARE = /^\s{0,8}['"]?([1-9]\d{0,2}\.\d{1,3}(?:\.\d{1,3})?\+(?:cu\d{2,4}|cpu))['"]?\s{0,8}$/;

export function bareTorchExtractor(): Extractor {
  return {
    needles: ['+cu', '+cpu'],
    patterns: [BARE],
    read(text, sink) {
      const v = BARE.exec(text)?.[1];
      if (!v) return null;
      sink.version('torch', v, 'log');
      torchBuildFacts(v, undefined, 'log', sink);
      return 'other';
    },
  };
}
