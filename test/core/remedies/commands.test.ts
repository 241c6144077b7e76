import { describe, expect, it } from 'vitest';
import { renderOneLine, renderSteps, type Shell, type Step } from '../../../src/core/remedies/index.js';

const run = (r: string, extra: Partial<Extract<Step, { kind: 'run' }>> = {}): Step => ({
  kind: 'run',
  run: r,
  ...extra,
});

const render = (steps: Step[], shell: Shell, os: 'windows' | 'linux' | null = null) =>
  renderSteps(steps, { shell, os });

describe('steps rendered per shell', () => {
  it.each<[string, Step[], Record<'bash' | 'zsh' | 'powershell' | 'cmd', string>]>([
    [
      'an environment variable for one command',
      [run('python train.py', { env: [['CUDA_VISIBLE_DEVICES', '0']] })],
      {
        bash: 'CUDA_VISIBLE_DEVICES=0 python train.py',
        zsh: 'CUDA_VISIBLE_DEVICES=0 python train.py',
        powershell: '$env:CUDA_VISIBLE_DEVICES = "0"; python train.py',
        cmd: 'set "CUDA_VISIBLE_DEVICES=0" && python train.py',
      },
    ],
    [
      'two variables for one command',
      [
        run('python train.py', {
          env: [
            ['PYTORCH_ALLOC_CONF', 'expandable_segments:True'],
            ['PYTORCH_CUDA_ALLOC_CONF', 'expandable_segments:True'],
          ],
        }),
      ],
      {
        bash: 'PYTORCH_ALLOC_CONF=expandable_segments:True PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True python train.py',
        zsh: 'PYTORCH_ALLOC_CONF=expandable_segments:True PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True python train.py',
        powershell:
          '$env:PYTORCH_ALLOC_CONF = "expandable_segments:True"; $env:PYTORCH_CUDA_ALLOC_CONF = "expandable_segments:True"; python train.py',
        cmd: 'set "PYTORCH_ALLOC_CONF=expandable_segments:True" && set "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True" && python train.py',
      },
    ],
    [
      'a session variable',
      [{ kind: 'set', vars: [['TF_FORCE_GPU_ALLOW_GROWTH', 'true']] }],
      {
        bash: 'export TF_FORCE_GPU_ALLOW_GROWTH=true',
        zsh: 'export TF_FORCE_GPU_ALLOW_GROWTH=true',
        powershell: '$env:TF_FORCE_GPU_ALLOW_GROWTH = "true"',
        cmd: 'set "TF_FORCE_GPU_ALLOW_GROWTH=true"',
      },
    ],
    [
      'showing a variable',
      [{ kind: 'show', vars: ['CUDA_VISIBLE_DEVICES'] }],
      {
        bash: 'echo "CUDA_VISIBLE_DEVICES=$CUDA_VISIBLE_DEVICES"',
        zsh: 'echo "CUDA_VISIBLE_DEVICES=$CUDA_VISIBLE_DEVICES"',
        powershell: 'echo "CUDA_VISIBLE_DEVICES=$env:CUDA_VISIBLE_DEVICES"',
        cmd: 'echo CUDA_VISIBLE_DEVICES=%CUDA_VISIBLE_DEVICES%',
      },
    ],
    [
      'unsetting a variable',
      [{ kind: 'unset', vars: ['LD_LIBRARY_PATH'] }],
      {
        bash: 'unset LD_LIBRARY_PATH',
        zsh: 'unset LD_LIBRARY_PATH',
        powershell: 'Remove-Item Env:LD_LIBRARY_PATH -ErrorAction SilentlyContinue',
        cmd: 'set LD_LIBRARY_PATH=',
      },
    ],
    [
      'finding DLLs on PATH',
      [{ kind: 'where', names: ['msvcp140.dll', 'vcruntime140_1.dll'] }],
      {
        bash: 'where.exe msvcp140.dll vcruntime140_1.dll',
        zsh: 'where.exe msvcp140.dll vcruntime140_1.dll',
        powershell: 'where.exe msvcp140.dll vcruntime140_1.dll',
        cmd: 'where msvcp140.dll vcruntime140_1.dll',
      },
    ],
    [
      'filtering output',
      [run('pip list', { filter: ['torch', 'numpy'] })],
      {
        bash: "pip list | grep -iE 'torch|numpy'",
        zsh: "pip list | grep -iE 'torch|numpy'",
        powershell: "pip list | Select-String -Pattern 'torch|numpy'",
        cmd: 'pip list | findstr /i "torch numpy"',
      },
    ],
    [
      'a comment and a note',
      [{ kind: 'comment', text: 'first' }, run('nvidia-smi', { note: 'the header shows the driver' })],
      {
        bash: '# first\nnvidia-smi   # the header shows the driver',
        zsh: '# first\nnvidia-smi   # the header shows the driver',
        powershell: '# first\nnvidia-smi   # the header shows the driver',
        cmd: 'REM first\nREM the header shows the driver\nnvidia-smi',
      },
    ],
  ])('GIVEN %s THEN each shell gets its own syntax', (_, steps, want) => {
    for (const shell of ['bash', 'zsh', 'powershell', 'cmd'] as const)
      expect(render(steps, shell, 'windows'), shell).toBe(want[shell]);
  });

  it('GIVEN a folder put first on PATH on Windows THEN PowerShell uses ; and $env:, cmd %PATH%', () => {
    const steps: Step[] = [{ kind: 'prepend', variable: 'PATH', dir: 'C:\\CUDA\\v11.2\\bin' }];
    expect(render(steps, 'powershell', 'windows')).toBe('$env:PATH = "C:\\CUDA\\v11.2\\bin;$env:PATH"');
    expect(render(steps, 'cmd', 'windows')).toBe('set "PATH=C:\\CUDA\\v11.2\\bin;%PATH%"');
  });

  it('GIVEN a folder put first on LD_LIBRARY_PATH THEN bash adds no empty entry when it was unset', () => {
    const steps: Step[] = [{ kind: 'prepend', variable: 'LD_LIBRARY_PATH', dir: '/usr/local/cuda/lib64' }];
    expect(render(steps, 'bash', 'linux')).toBe(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell's ${VAR}, not a template
      'export LD_LIBRARY_PATH=/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}',
    );
    expect(render(steps, 'powershell', 'linux')).toBe(
      '$env:LD_LIBRARY_PATH = "/usr/local/cuda/lib64:$env:LD_LIBRARY_PATH"',
    );
  });

  it('GIVEN a program to find on Linux THEN bash uses command -v, not where.exe', () => {
    expect(render([{ kind: 'where', names: ['ptxas'] }], 'bash', 'linux')).toBe('command -v ptxas');
  });

  it('GIVEN a comment with > or | THEN cmd escapes them so REM cannot redirect or pipe', () => {
    expect(render([{ kind: 'comment', text: 'Event Viewer > Windows Logs | a & b' }], 'cmd')).toBe(
      'REM Event Viewer ^> Windows Logs ^| a ^& b',
    );
  });

  it('GIVEN a literal step with no form for the shell THEN the steps do not render in it', () => {
    const steps: Step[] = [{ kind: 'literal', forms: { bash: 'ldconfig -p | grep -i cudnn' } }];
    expect(render(steps, 'zsh')).toBe('ldconfig -p | grep -i cudnn');
    expect(render(steps, 'powershell')).toBeNull();
    expect(render(steps, 'cmd')).toBeNull();
  });

  it('GIVEN steps for a check THEN they become one line in the shell, joined as it joins commands', () => {
    const steps: Step[] = [
      run('nvidia-smi', { note: 'dropped on one line' }),
      { kind: 'show', vars: ['CUDA_VISIBLE_DEVICES'] },
    ];
    expect(renderOneLine(steps, { shell: 'bash', os: null })).toBe(
      'nvidia-smi; echo "CUDA_VISIBLE_DEVICES=$CUDA_VISIBLE_DEVICES"',
    );
    expect(renderOneLine(steps, { shell: 'powershell', os: null })).toBe(
      'nvidia-smi; echo "CUDA_VISIBLE_DEVICES=$env:CUDA_VISIBLE_DEVICES"',
    );
    expect(renderOneLine(steps, { shell: 'cmd', os: null })).toBe(
      'nvidia-smi & echo CUDA_VISIBLE_DEVICES=%CUDA_VISIBLE_DEVICES%',
    );
  });
});
