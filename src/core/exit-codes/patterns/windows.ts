// Exit codes as Windows tools print them: NTSTATUS in hex with or without 0x (WER,
// WinDbg, the event log), Python's faulthandler, consoles in other languages, gdb's octal.
import { alternation, FAULTHANDLER_WINDOWS } from '../phrases.js';
import { type LinePattern, value } from './kit.js';

/**
 * A bare 8-digit hex value is read only when the table knows it. Every NTSTATUS in the
 * table starts with one of these (informational 0x4, warning 0x8, error 0xC, and MSVC's
 * C++ exception 0xE06D7363): the prefilter needs literals longer than `0x`.
 */
export const KNOWN_HEX_NEEDLES: readonly string[] = ['0x4', '0x8', '0xc', '0xe06d'];

/**
 * The decimal NTSTATUS values of the table as they start when printed: error codes signed
 * (-1073741819) and unsigned (3221225477), informational ones (1073741845 = 0x40000015).
 */
export const NTSTATUS_DECIMAL_NEEDLES: readonly string[] = ['-10737', '32212', '10737418'];

/**
 * "exited with code" in the languages of Visual Studio's and MSBuild's consoles, as
 * printed: zh `(进程 4952)已退出，代码为 0。`, ja `(プロセス 4632) は、コード -1073741819 で終了しました。`,
 * de `(Prozess "19548") wurde mit Code "0" beendet.`, ru `(процесс 12524) завершил работу с кодом 0.`,
 * fr `(processus 29924) s’est arrêté avec le code 0.` / `(processus 31340). Code : 0.`,
 * es `(proceso 928) se cerró con el código 0.` / `"llvm-lib.exe" salió con el código 1`.
 */
const LOCALIZED_CJK = ['代码为', '代碼為', '返回值为', '返回值為', 'コード', '코드'];
const LOCALIZED_OTHER = [
  'mit Code',
  'с кодом',
  'avec le code',
  'Code :',
  'con el código',
  'com o código',
  'con codice',
];

/** WER's "Exception Code" label in Windows' other languages. */
const LOCALIZED_EXCEPTION_CODE = [
  'Ausnahmecode',
  'Código de excepción',
  'Код исключения',
  '例外コード',
  '异常代码',
];

/** The scanner's prefilter reads bytes: lines in these languages reach it by an NTSTATUS number, the program's file name or hex. */
const LOCALIZED_SCAN = [...NTSTATUS_DECIMAL_NEEDLES, ...KNOWN_HEX_NEEDLES, '.exe'];

function localized(id: string, words: readonly string[], ascii: readonly string[]): LinePattern {
  return {
    id,
    re: new RegExp(`(?:${alternation(words)})(?:[ \\t]*["“„«])?[ \\t]*(0x[0-9a-fA-F]+|[-+]?\\d+)`, 'g'),
    needles: words.map((w) => w.toLowerCase()),
    scanNeedles: [...LOCALIZED_SCAN, ...ascii],
    read: (m, _l, at) => value(m[1]!, 'status', m[0], at),
  };
}

export const WINDOWS_PATTERNS: readonly LinePattern[] = [
  {
    id: 'known-hex',
    re: /\b0x[0-9a-f]{8}\b/gi,
    // The severities of the NTSTATUS codes in the table (a test keeps the two in step).
    needles: KNOWN_HEX_NEEDLES,
    read: (m, _l, at) => value(m[0], 'hex', m[0], at, true),
  },
  {
    // "error code 0xC0000005", and in decimal only a code the table knows
    // ("DLL load failed with error code -1073741795").
    id: 'error-code',
    re: /\b(?:error|exception) code[:=]?[ \t]*(?:(0x[0-9a-f]{1,8})|([-+]?\d{10}))\b/gi,
    needles: ['error code', 'exception code'],
    read: (m, _l, at) => (m[1] ? value(m[1], 'hex', m[0], at) : value(m[2]!, 'hex', m[0], at, true)),
  },
  {
    // WER's "Problem signature" (`Exception Code:	c0000409`) and WinDbg (`ExceptionCode: c0000005
    // (Access violation)`, `EXCEPTION_CODE_STR:  c0000409`) print NTSTATUS as 8 hex digits without 0x.
    id: 'exception-code-bare-hex',
    re: /\bexception[ _]?code(?:_str)?(?:[ \t]*[:=])?[ \t]*([0-9a-f]{8})\b/gi,
    needles: ['exception code', 'exceptioncode', 'exception_code'],
    read: (m, _l, at) => value(`0x${m[1]}`, 'hex', m[0], at),
  },
  {
    // OBS Studio's crash handler, which names the NTSTATUS in 8 hex digits without 0x
    // ("Unhandled exception: c000001d" over "Fault address: 7FF906A9723F (...\\whisper.dll)").
    id: 'unhandled-exception-bare-hex',
    re: /^Unhandled exception: ([0-9a-f]{8})\s*$/gi,
    needles: ['unhandled exception: '],
    atStart: true,
    read: (m, _l, at) => value(`0x${m[1]}`, 'hex', m[0], at),
  },
  {
    // The same label in a localized Windows: de `Ausnahmecode:	c0000005`, es `Código de excepción:`,
    // ru `Код исключения:`, ja `例外コード:`, zh `异常代码:` (with 0x the known-hex pattern reads it).
    id: 'localized-exception-code',
    re: new RegExp(`(?:${alternation(LOCALIZED_EXCEPTION_CODE)})[ \\t]*[:：][ \\t]*([0-9a-f]{8})\\b`, 'gi'),
    needles: LOCALIZED_EXCEPTION_CODE.map((w) => w.toLowerCase()),
    scanNeedles: ['ausnahmecode', 'digo de excepci', 'c0000', '80000', '40000'],
    read: (m, _l, at) => value(`0x${m[1]}`, 'hex', m[0], at),
  },
  {
    id: 'faulthandler-windows',
    re: new RegExp(
      `\\bWindows (?:fatal )?exception: (?:(${alternation(Object.keys(FAULTHANDLER_WINDOWS))})|code (0x[0-9a-f]{8}))`,
      'gi',
    ),
    needles: ['windows fatal exception', 'windows exception'],
    read: (m, _l, at) => {
      const named = m[1] ? FAULTHANDLER_WINDOWS[m[1].toLowerCase()] : undefined;
      return value(named !== undefined ? `0x${named.toString(16)}` : m[2]!, 'hex', m[0], at);
    },
  },
  localized('localized-exited-with-code', LOCALIZED_CJK, []),
  localized('localized-exited-with-code-2', LOCALIZED_OTHER, ['mit code', 'avec le code', 'code :']),
  {
    // A known NTSTATUS alone on a line: PowerShell's `$LASTEXITCODE` or cmd's `echo %ERRORLEVEL%`
    // print the value on the line after the command.
    id: 'ntstatus-decimal-line',
    re: /^[ \t]*([-+]?\d{10})[ \t]*$/g,
    needles: NTSTATUS_DECIMAL_NEEDLES,
    atStart: true,
    atEnd: true,
    read: (m, _l, at) => value(m[1]!, 'status', m[1]!, at, true),
  },
  {
    // gdb prints the exit code in octal, with a leading 0: "[Inferior 1 (process 9992) exited with code 030000000005]".
    id: 'gdb-octal',
    re: /\bexited with code (0[0-7]+)\b/g,
    needles: ['exited with code 0'],
    read: (m, _l, at) => value(String(Number.parseInt(m[1]!, 8)), 'status', m[0], at),
  },
];
