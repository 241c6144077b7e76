// Exit codes as service managers, schedulers, containers and build tools report them:
// systemd, Slurm, Docker, kubelet, make.
import { type LinePattern, signal, value } from './kit.js';

/** systemd's signal abbreviations after `status=N/` (signal_to_string without "SIG"). */
const SYSTEMD_SIGNALS = new Set([
  'HUP',
  'INT',
  'QUIT',
  'ILL',
  'TRAP',
  'ABRT',
  'BUS',
  'FPE',
  'KILL',
  'SEGV',
  'PIPE',
  'TERM',
  'SYS',
  'XCPU',
  'XFSZ',
]);

export const SERVICE_PATTERNS: readonly LinePattern[] = [
  {
    // systemd: "Main process exited, code=killed, status=9/KILL", "code=dumped, status=11/SEGV",
    // "code=exited, status=1/FAILURE", and older releases' "code=exited, status=127/n/a".
    id: 'systemd-status',
    re: /\bstatus=(\d+)\/([A-Z]+\b|n\/a\b)/g,
    needles: ['status='],
    read: (m, _l, at) =>
      SYSTEMD_SIGNALS.has(m[2]!) ? signal(m, at, m[1], `SIG${m[2]}`) : value(m[1]!, 'status', m[0], at),
  },
  {
    // Slurm prints exit code and signal as "exit:signal": sacct's `ExitCode 0:9`, scontrol's `ExitCode=1:0`.
    id: 'slurm-exitcode',
    re: /\b(?:Derived)?Exit[ _]?Code(?:[ \t]*[=:])?[ \t]*(\d+):(\d+)\b/gi,
    needles: ['exitcode', 'exit code', 'exit_code'],
    read: (m, _l, at) => {
      const sig = Number(m[2]);
      if (sig >= 1 && sig <= 64) return signal(m, at, m[2]);
      return m[1] !== '0' ? value(m[1]!, 'status', m[0], at) : null;
    },
  },
  {
    // Slurm's job state for a job its cgroup OOM killer ended (sacct cuts it to OUT_OF_ME+),
    // and srun's "task 0: Out Of Memory": the kernel kills with SIGKILL.
    id: 'slurm-out-of-memory',
    re: /\b(?:Job)?State[ \t]*[=:][ \t]*OUT_OF_ME(?:MORY\b|\+)/g,
    needles: ['out_of_me'],
    read: (m, _l, at) => signal(m, at, '9'),
  },
  {
    id: 'srun-out-of-memory',
    re: /\btask \d+: Out Of Memory\b/g,
    needles: ['out of memory'],
    read: (m, _l, at) => signal(m, at, '9'),
  },
  {
    // `docker ps -a`: "Exited (137) 2 minutes ago".
    id: 'docker-exited',
    re: /\bExited \((\d+)\)/g,
    needles: ['exited ('],
    read: (m, _l, at) => value(m[1]!, 'status', m[0], at),
  },
  {
    // `docker inspect` (`"ExitCode": 137,`) and a pod's status as YAML (`exitCode: 137`).
    id: 'inspect-exitcode',
    re: /(?:"ExitCode"|\bexitCode):[ \t]*(\d+)\b/g,
    needles: ['"exitcode"', 'exitcode:'],
    read: (m, _l, at) => value(m[1]!, 'status', m[0], at),
  },
  {
    // `docker build`: "The command '/bin/sh -c pip install ...' returned a non-zero code: 137".
    id: 'docker-build-code',
    re: /\breturned a non-zero code: (\d+)/g,
    needles: ['non-zero code'],
    read: (m, _l, at) => value(m[1]!, 'status', m[0], at),
  },
  {
    // kubelet's exec into a Docker container, as kubectl and Rancher print it:
    // "command terminated with non-zero exit code: Error executing in Docker Container: 137".
    id: 'kubelet-docker-exec',
    re: /\bError executing in Docker Container: (\d+)\b/g,
    needles: ['executing in docker container'],
    read: (m, _l, at) => value(m[1]!, 'status', m[0], at),
  },
  {
    // make: "make: *** [Makefile:12: train] Error 139", "make[2]: *** [all] Error 2".
    id: 'make-error',
    re: /\bmake(?:\[\d+\])?: \*\*\* \[[^[\]\n]*\] Error (\d+)/g,
    needles: ['] error '],
    read: (m, _l, at) => value(m[1]!, 'status', m[0], at),
  },
];
