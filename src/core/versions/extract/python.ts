// The Python version: the interpreter banner, `print_environment_info()`-style "python: 3.11.5"
// lines, and the version in site-packages paths of tracebacks and warnings.
import type { Extractor } from './types.js';

const BANNER = /^Python (\d\.\d{1,2}\.\d{1,2})(?:[a-z]{1,5}\d{0,2})?\+? \(/;
// /usr/lib/python3.10/site-packages, .../python3.11/dist-packages
const POSIX_PATH = /[/\\]python(\d)\.(\d{1,2})t?[/\\](?:site|dist)-packages\b/i;
// C:\Users\me\AppData\Local\Programs\Python\Python311\lib\site-packages
const WINDOWS_PATH = /[/\\]Python(\d)(\d{1,2})[/\\]lib[/\\]site-packages\b/i;

export function pythonExtractor(): Extractor {
  return {
    needles: ['python'],
    patterns: [BANNER, POSIX_PATH, WINDOWS_PATH],
    read(text, sink) {
      const banner = BANNER.exec(text);
      if (banner) {
        sink.version('python', banner[1]!, 'banner');
        return 'other';
      }
      const path = POSIX_PATH.exec(text) ?? WINDOWS_PATH.exec(text);
      if (path) {
        sink.version('python', `${path[1]}.${path[2]}`, 'path');
        return 'other';
      }
      return null;
    },
  };
}
