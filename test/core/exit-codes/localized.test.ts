import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createByteDiagnoser, diagnoseText } from '../../../src/core/diagnose.js';
import { EXIT_CODE_WIDE_NEEDLES, findExitCodes } from '../../../src/core/exit-codes/find.js';
import { LOCALIZED_STRSIGNAL } from '../../../src/core/exit-codes/phrases.js';
import { loadExitCodes } from '../../../src/knowledge/exit-codes.js';
import { ProblemList } from '../../../src/knowledge/files.js';
import { defaultKnowledgeDir, loadKnowledge } from '../../../src/knowledge/load.js';

const table = loadExitCodes(
  join(defaultKnowledgeDir(), 'exit-codes'),
  new ProblemList(defaultKnowledgeDir()),
);
const names = (line: string) => findExitCodes(line, table).map((c) => c.name);

describe('a signal told in the shell locale (glibc strsignal in other languages)', () => {
  it.each([
    ['已杀死', ['SIGKILL']],
    ['段错误 (核心已转储)', ['SIGSEGV']],
    ['段错误（核心已转储）', ['SIGSEGV']],
    ['段错误 (吐核)', ['SIGSEGV']],
    ['強制結束', ['SIGKILL']],
    ['程式記憶體區段錯誤 (核心已傾印)', ['SIGSEGV']],
    ['強制終了', ['SIGKILL']],
    ['죽었음', ['SIGKILL']],
    ['세그멘테이션 오류 (코어 덤프됨)', ['SIGSEGV']],
    ['Getötet', ['SIGKILL']],
    ['Speicherzugriffsfehler (Speicherabzug geschrieben)', ['SIGSEGV']],
    ['Processus arrêté', ['SIGKILL']],
    ['Erreur de segmentation', ['SIGSEGV']],
    ['Terminado (killed)', ['SIGKILL']],
    ["Violación de segmento (`core' generado)", ['SIGSEGV']],
    ['Morto', ['SIGKILL']],
    ['Falha de segmentação (imagem do núcleo gravada)', ['SIGSEGV']],
    ['Убито', ['SIGKILL']],
    ['Ошибка сегментирования (стек памяти сброшен на диск)', ['SIGSEGV']],
    ['Ucciso', ['SIGKILL']],
    ['Errore di segmentazione (core dump creato)', ['SIGSEGV']],
    ['非法指令 (核心已转储)', ['SIGILL']],
    ['無效指令', ['SIGILL']],
    ['명령어가 잘못됨 (코어 덤프됨)', ['SIGILL']],
    ['Ungültiger Maschinenbefehl (Speicherabzug geschrieben)', ['SIGILL']],
    ['Instruction non permise', ['SIGILL']],
    ['Instrucción ilegal', ['SIGILL']],
    ['Недопустимая инструкция', ['SIGILL']],
    ['Istruzione non consentita (core dump creato)', ['SIGILL']],
    ['总线错误 (核心已转储)', ['SIGBUS']],
    ['Bus-Zugriffsfehler', ['SIGBUS']],
    ['Ошибка шины (образ памяти сброшен на диск)', ['SIGBUS']],
    ['浮点异常 (核心已转储)', ['SIGFPE']],
    // rhasspy/piper#182: an older zh_CN wording, the pid before it and full-width brackets
    ['      92269 浮点数例外         （核心已转储） python3 -m piper_train.export_onnx', ['SIGFPE']],
    ['Gleitkomma-Ausnahme (Speicherabzug geschrieben)', ['SIGFPE']],
    ['./train.sh: строка 4:  2231 Недопустимая инструкция  python3 demo.py', ['SIGILL']],
    // After a bash job prefix.
    ['[1]+  已杀死               nohup java -jar app.jar', ['SIGKILL']],
    ['./run.sh: line 3: 12345 段错误 (核心已转储) python x.py', ['SIGSEGV']],
    ['./run.sh: 行 3: 12345 已杀死               python train.py', ['SIGKILL']],
    // Glued after a progress bar, or after the program's name.
    ['[>>>>>>>>>> ] 1022/5000, 1.5 task/s, elapsed: 673s, ETA: 2621s已杀死', ['SIGKILL']],
    ['  1%|█▏ | 21/1423 [00:02<02:09, 10.81it/s]已杀死', ['SIGKILL']],
    ['python:段错误（核心已转储）', ['SIGSEGV']],
    // With its core-dumped note, quoted in a sentence it is still the shell's output.
    ['但运行程序时缺出现“段错误 (核心已转储)”（CUDA没删之前不会有这个问题）', ['SIGSEGV']],
  ])('GIVEN %j THEN it reads %j', (line, expected) => {
    expect(names(line)).toEqual(expected);
  });

  it.each([
    '已杀死所有 afl-fuzz 进程。',
    '    echo "已杀死所有 afl-fuzz 进程。"',
    '        success "已杀死服务器进程: $PIDS"',
    '            echo -e "\\n$p 进程已杀死"',
    '同一个动作已杀死四张票，每次的理由都不同',
    '测试模型到一半出现被杀死的情况，程序已杀死',
    '训练 已杀死',
    'Der Prozess wurde Getötet',
    'o processo foi Morto',
    'Erreur de segmentation dans le module cv2, que faire ?',
    'Segmentation: 段错误是什么意思',
    'CPU 不支持 AVX 指令集会导致非法指令',
    'Was bedeutet Ungültiger Maschinenbefehl bei TensorFlow?',
    'Почему возникает Ошибка шины в docker?',
  ])('GIVEN the prose %j THEN no code is read', (line) => {
    expect(names(line)).toEqual([]);
  });

  it('GIVEN the table THEN every description is a needle the scanner looks for (ASCII ones with the others)', () => {
    const wide = Object.keys(LOCALIZED_STRSIGNAL).filter((d) => /[^\x20-\x7e]/.test(d));
    expect(wide.filter((d) => !EXIT_CODE_WIDE_NEEDLES.includes(d.toLowerCase()))).toEqual([]);
  });
});

describe('a localized signal at the end of a log, through every reading path', () => {
  const r = loadKnowledge();
  if (!r.ok) throw new Error('knowledge does not load');
  const kb = r.kb;
  const metrics = Array.from(
    { length: 30_000 },
    (_, i) => `step ${i} loss 0.${i % 97} ██████▏ 进度 ${i}/30000`,
  ).join('\n');

  it.each([
    ['a paste', `${metrics.slice(0, 2000)}\n已杀死\n`, 'host-oom'],
    ['a paste without a last newline', `${metrics.slice(0, 2000)}\n已杀死`, 'host-oom'],
    ['a big log read as text', `${metrics}\n段错误 (核心已转储)\n`, 'segfault'],
  ])('GIVEN %s THEN the text path reads it', (_what, text, cause) => {
    expect(diagnoseText(text, kb).causes[0]?.id).toBe(cause);
  });

  it('GIVEN a big UTF-8 log in chunks THEN the byte path reads its last line', () => {
    const bytes = new TextEncoder().encode(`${metrics}\n  3%|▎ | 1203/40000 [00:41<22:13]已杀死`);
    expect(bytes.length).toBeGreaterThan(1 << 20);
    const d = createByteDiagnoser(kb);
    for (let at = 0; at < bytes.length; at += 65_536) d.push(bytes.subarray(at, at + 65_536));
    expect(d.end().causes[0]?.id).toBe('host-oom');
  });

  it('GIVEN the same log with the prose confuser as its last line THEN no cause is named from it', () => {
    expect(diagnoseText(`${metrics.slice(0, 2000)}\n已杀死所有 afl-fuzz 进程。\n`, kb).causes).toEqual([]);
  });
});
