import { describe, expect, it } from 'vitest';
import {
  contradiction,
  contradictions,
  effectsOf,
  pipInstall,
  type SnippetForCheck,
} from '../../../src/core/remedies/index.js';

const bash = (id: string, code: string, extra: Partial<SnippetForCheck> = {}): SnippetForCheck => ({
  id,
  language: 'bash',
  code,
  ...extra,
});

describe('what a snippet does to the environment, read back from its text', () => {
  it.each([
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell's ${VAR}, not a template
    ['bash', 'export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH}', 'LD_LIBRARY_PATH'],
    [
      'bash',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell's ${VAR}, not a template
      'export LD_LIBRARY_PATH=/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}',
      'LD_LIBRARY_PATH',
    ],
    ['powershell', '$env:PATH = "C:\\CUDA\\bin;$env:PATH"', 'PATH'],
    ['cmd', 'set "PATH=C:\\CUDA\\bin;%PATH%"', 'PATH'],
  ])('GIVEN %s %s THEN it puts a folder first on %s', (language, code, variable) => {
    const e = effectsOf(language, code);
    expect([...e.prepends.keys()]).toEqual([variable]);
    expect(e.sets.size).toBe(0);
  });

  it.each([
    ['bash', 'CUDA_VISIBLE_DEVICES=0 python train.py'],
    ['bash', 'export CUDA_VISIBLE_DEVICES=0'],
    ['powershell', '$env:CUDA_VISIBLE_DEVICES = "0"; python train.py'],
    ['cmd', 'set "CUDA_VISIBLE_DEVICES=0" && python train.py'],
    ['python', 'os.environ["CUDA_VISIBLE_DEVICES"] = "0"'],
  ])('GIVEN %s %s THEN it sets CUDA_VISIBLE_DEVICES to 0', (language, code) => {
    expect(effectsOf(language, code).sets.get('CUDA_VISIBLE_DEVICES')).toBe('0');
  });

  it('GIVEN commented-out alternatives THEN they are not effects', () => {
    const e = effectsOf('bash', '# or: export X=2\npython train.py   # X=3');
    expect(e.sets.size).toBe(0);
    expect(effectsOf('cmd', 'REM set "X=2"').sets.size).toBe(0);
  });

  it('GIVEN pip install lines THEN packages, bounds and index are read', () => {
    expect(pipInstall('pip install "tensorflow<2.11"')).toEqual([
      { name: 'tensorflow', extras: [], bounds: [['<', '2.11']], index: null },
    ]);
    expect(pipInstall('python -m pip install -U "jax[cuda13]"')?.[0]?.extras).toEqual(['cuda13']);
    expect(
      pipInstall(
        'pip install --force-reinstall torch torchvision --index-url https://download.pytorch.org/whl/cu126',
      )?.map((p) => `${p.name}@${p.index}`),
    ).toEqual([
      'torch@https://download.pytorch.org/whl/cu126',
      'torchvision@https://download.pytorch.org/whl/cu126',
    ]);
  });
});

describe('contradictions between a reply snippets', () => {
  it('GIVEN advice to keep older cuDNN off LD_LIBRARY_PATH THEN a later snippet that puts CUDA first on it contradicts it', () => {
    const first = bash('tf-and-cuda', 'pip install "tensorflow[and-cuda]"', {
      keepsClean: ['LD_LIBRARY_PATH'],
    });
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell's ${VAR}, not a template
    const later = bash('ld-library-path', 'export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH}');
    expect(contradiction([first], later)?.why).toMatch(/LD_LIBRARY_PATH/);
  });

  it('GIVEN a snippet that unsets a variable THEN a later one setting it contradicts, and the other way round', () => {
    const unset = bash('a', 'unset LD_LIBRARY_PATH');
    const prepend = bash('b', 'export LD_LIBRARY_PATH=/opt/cuda/lib64:$LD_LIBRARY_PATH');
    expect(contradiction([unset], prepend)).not.toBeNull();
    expect(contradiction([prepend], unset)).not.toBeNull();
  });

  it('GIVEN two folders put first on PATH by two snippets THEN the later reorders the earlier', () => {
    const a = { id: 'a', language: 'powershell', code: '$env:PATH = "C:\\CUDA\\v11.2\\bin;$env:PATH"' };
    const b = { id: 'b', language: 'powershell', code: '$env:PATH = "C:\\CUDA\\v12.4\\bin;$env:PATH"' };
    expect(contradiction([a], b)?.why).toMatch(/reordering/);
    expect(contradiction([a], { ...a, id: 'c' })).toBeNull();
  });

  it('GIVEN a variable set to two values THEN the later contradicts; the same value does not', () => {
    const a = bash('a', 'XLA_PYTHON_CLIENT_MEM_FRACTION=.30 python train.py');
    expect(
      contradiction([a], bash('b', 'XLA_PYTHON_CLIENT_MEM_FRACTION=.50 python train.py')),
    ).not.toBeNull();
    expect(contradiction([a], bash('c', 'XLA_PYTHON_CLIENT_MEM_FRACTION=.30 python other.py'))).toBeNull();
  });

  it('GIVEN version bounds that no version meets, or two wheel indexes THEN they contradict', () => {
    const extras = (pkg: string, extra: string) =>
      pkg === 'tensorflow' && extra === 'and-cuda' ? ([['>=', '2.14']] as const) : [];
    const old = bash('a', 'pip install "tensorflow<2.11"');
    expect(contradiction([old], bash('b', 'pip install "tensorflow[and-cuda]"'), extras)?.why).toMatch(
      /tensorflow/,
    );
    expect(contradiction([old], bash('c', 'pip install "tensorflow>=2.5,<2.11"'), extras)).toBeNull();
    const cu126 = bash('d', 'pip install torch --index-url https://download.pytorch.org/whl/cu126');
    const cu118 = bash('e', 'pip install torch --index-url https://download.pytorch.org/whl/cu118');
    expect(contradiction([cu126], cu118)?.why).toMatch(/cu118/);
  });

  it('GIVEN snippets for different operating systems THEN they never contradict', () => {
    const linux = bash('a', 'pip install "tensorflow[and-cuda]"', { os: ['linux', 'wsl'] });
    const windows = bash('b', 'pip install "tensorflow<2.11"', { os: ['windows'] });
    const extras = () => [['>=', '2.14']] as const;
    expect(contradiction([linux], windows, extras)).toBeNull();
  });

  it('GIVEN a list THEN each snippet is checked against all before it', () => {
    const list = [bash('a', 'export X=1'), bash('b', 'export Y=1'), bash('c', 'export X=2')];
    expect(contradictions(list).map((c) => `${c.later}>${c.earlier}`)).toEqual(['c>a']);
  });
});
