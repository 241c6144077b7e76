// The words programs print for a death by signal or a Windows exception, and what they name.
import { alternationOf } from '../text/regex-escape.js';

/**
 * glibc's strsignal() descriptions, which bash prints for a job that died of a signal
 * ("Killed", "Segmentation fault (core dumped)"), and which Python's faulthandler prints
 * after "Fatal Python error: " for SIGSEGV, SIGBUS, SIGILL, SIGFPE and SIGABRT
 * (CPython Modules/faulthandler.c, faulthandler_handlers). Checked on Linux with Python's
 * signal.strsignal().
 */
export const STRSIGNAL_DESCRIPTIONS: Readonly<Record<string, number>> = {
  Interrupt: 2,
  'Illegal instruction': 4,
  'Trace/breakpoint trap': 5,
  Aborted: 6,
  'Bus error': 7,
  'Floating point exception': 8,
  Killed: 9,
  'Segmentation fault': 11,
  Terminated: 15,
};

/**
 * glibc's strsignal() descriptions in other locales, as bash prints them for a job that
 * died of a signal ("已杀死" for Killed, "段错误 (核心已转储)" for a segfault), and what they
 * name. From glibc's po/*.po catalogues (bminor/glibc 04e750e, checked 2026-11-26): a
 * locale whose catalogue leaves a string untranslated prints the English one, which
 * STRSIGNAL_DESCRIPTIONS reads.
 */
export const LOCALIZED_STRSIGNAL: Readonly<Record<string, number>> = {
  // Killed
  已杀死: 9,
  強制結束: 9,
  已砍掉: 9,
  強制終了: 9,
  죽었음: 9,
  Getötet: 9,
  'Processus arrêté': 9,
  'Terminado (killed)': 9,
  Morto: 9,
  Убито: 9,
  Ucciso: 9,
  // Segmentation fault
  段错误: 11,
  程式記憶體區段錯誤: 11,
  '세그멘테이션 오류': 11,
  Speicherzugriffsfehler: 11,
  'Erreur de segmentation': 11,
  'Violación de segmento': 11,
  'Falha de segmentação': 11,
  'Ошибка сегментирования': 11,
  'Errore di segmentazione': 11,
  // Illegal instruction (ja prints the English one)
  非法指令: 4,
  無效指令: 4,
  '명령어가 잘못됨': 4,
  'Ungültiger Maschinenbefehl': 4,
  'Instruction non permise': 4,
  'Instrucción ilegal': 4,
  'Instrução ilegal': 4,
  'Недопустимая инструкция': 4,
  'Istruzione non consentita': 4,
  // Bus error
  总线错误: 7,
  匯流排錯誤: 7,
  バスエラー: 7,
  '버스 오류': 7,
  'Bus-Zugriffsfehler': 7,
  'Erreur du bus': 7,
  'Error del bus': 7,
  'Erro no barramento': 7,
  'Ошибка шины': 7,
  'Errore di bus': 7,
  // Floating point exception (and an older zh_CN catalogue's wording, which Ubuntu consoles
  // still print: "92269 浮点数例外 （核心已转储） python3 -m piper_train.export_onnx", rhasspy/piper#182)
  浮点异常: 8,
  浮点数例外: 8,
  浮點數例外: 8,
  浮動小数点例外: 8,
  '부동 소수점 예외': 8,
  'Gleitkomma-Ausnahme': 8,
  'Exception en point flottant': 8,
  'Excepción de coma flotante': 8,
  'Exceção de ponto flutuante': 8,
  'Исключение в операции с плавающей точкой': 8,
  'Eccezione in virgola mobile': 8,
};

/**
 * bash's "(core dumped)" note in other locales, without its brackets (bash prints ASCII
 * or full-width ones): from bash's po/*.po catalogues (bminor/bash 637f5c8, checked
 * 2026-11-26), older translations included.
 */
export const LOCALIZED_CORE_DUMPED: readonly string[] = [
  '核心已转储',
  '吐核',
  '核心已傾印',
  'コアダンプ',
  '코어 덤프됨',
  'Speicherabzug geschrieben',
  "`core' generado",
  'imagem do núcleo gravada',
  'образ памяти сброшен на диск',
  'стек памяти сброшен на диск',
  'core dump creato',
];

/** zsh's own descriptions ("zsh: killed     python train.py", "zsh: illegal hardware instruction"). */
export const ZSH_DESCRIPTIONS: Readonly<Record<string, number>> = {
  interrupt: 2,
  'illegal hardware instruction': 4,
  'trace trap': 5,
  abort: 6,
  'bus error': 7,
  'floating point exception': 8,
  killed: 9,
  'segmentation fault': 11,
  terminated: 15,
};

/**
 * The BSD C library's signal descriptions (sys_siglist), which macOS shells print with the
 * signal number after a colon ("Segmentation fault: 11", "Abort trap: 6", "Bus error: 10").
 * Mapped to names, not numbers: BSD numbers some signals differently (SIGBUS is 10).
 */
export const BSD_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'Illegal instruction': 'SIGILL',
  'Trace/BPT trap': 'SIGTRAP',
  'Abort trap': 'SIGABRT',
  'Floating point exception': 'SIGFPE',
  Killed: 'SIGKILL',
  'Bus error': 'SIGBUS',
  'Segmentation fault': 'SIGSEGV',
  Terminated: 'SIGTERM',
};

/** Go's os/exec error text for a child killed by a signal ("signal: killed"), Linux numbering. */
export const GO_DESCRIPTIONS: Readonly<Record<string, number>> = {
  interrupt: 2,
  'illegal instruction': 4,
  'trace/breakpoint trap': 5,
  aborted: 6,
  'bus error': 7,
  'floating point exception': 8,
  killed: 9,
  'segmentation fault': 11,
  terminated: 15,
};

/**
 * Python faulthandler's "Windows fatal exception: <name>" (CPython Modules/faulthandler.c,
 * which switches on the EXCEPTION_* codes; winnt.h defines each as the STATUS_* value).
 */
export const FAULTHANDLER_WINDOWS: Readonly<Record<string, number>> = {
  'access violation': 0xc0000005,
  'float divide by zero': 0xc000008e,
  'float overflow': 0xc0000091,
  'int divide by zero': 0xc0000094,
  'integer overflow': 0xc0000095,
  'page error': 0xc0000006,
  'stack overflow': 0xc00000fd,
};

/** The strsignal descriptions a bash job line or a "(core dumped)" line can carry (SIGINT aside). */
export const JOB_DESCRIPTIONS: readonly string[] = Object.keys(STRSIGNAL_DESCRIPTIONS).filter(
  (d) => d !== 'Interrupt',
);

const BY_LOWER = new Map<string, number>(
  [...Object.entries(STRSIGNAL_DESCRIPTIONS), ...Object.entries(ZSH_DESCRIPTIONS)].map(([k, v]) => [
    k.toLowerCase(),
    v,
  ]),
);

/** The signal a description names, in any letter case; undefined when it names none. */
export function signalOfDescription(text: string): number | undefined {
  return BY_LOWER.get(text.toLowerCase());
}

/** Alternation of literal phrases for a regular expression, longest first (escaped by core/text/regex-escape). */
export const alternation = alternationOf;
