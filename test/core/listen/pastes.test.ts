// Listening on messages whose output reads like writing, and writing that holds an error's
// words: a wordy program message the writer announced, source code, tables, pull request
// templates, guides. Every text is a real message from the public thread named above it,
// but for the few confusers written here to pin one rule each.
import { beforeAll, describe, expect, it } from 'vitest';
import { startsLikeOutput } from '../../../src/core/classify/crash-report.js';
import { diagnoseText } from '../../../src/core/diagnose.js';
import type { KnowledgeBase } from '../../../src/core/knowledge.js';
import { readLayout } from '../../../src/core/listen/layout.js';
import { loadKnowledge } from '../../../src/knowledge/load.js';

let kb: KnowledgeBase;
beforeAll(() => {
  const r = loadKnowledge();
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  kb = r.kb;
});

const report = (text: string) => diagnoseText(text, kb).crashReport;
const kinds = (text: string) => readLayout(text.split('\n'), startsLikeOutput).kinds;

const CUDNN_94 =
  'Loaded runtime CuDNN library: 9.0.0 but source was compiled with: 9.3.0.  CuDNN library needs to have matching major version and equal or higher minor version. If using a binary install, upgrade your CuDNN library.  If building from sources, make sure the library loaded at runtime is compatible with the version specified during compile configuration.';

describe('listening: a paste the writer announced is output, however wordy', () => {
  it('GIVEN "getting this error;" over a wordy cuDNN message THEN it is output and a report', () => {
    // Kaggle/docker-python#1435
    const msg = `I am trying to train a MoviNet model  getting this error;\n${CUDNN_94}`;
    expect(kinds(msg)).toEqual(['prose', 'output']);
    expect(report(msg)).toBe(true);
  });

  it('GIVEN "I get this message, which I believe ..." and the message after a blank line THEN it is a report', () => {
    // balancap/SSD-Tensorflow#340
    const msg =
      'I get this message, which I believe is because I use a newer version of the cuDNN library (7301) whereas source is compiled using 7003. \n\nLoaded runtime CuDNN library: 7301 (compatibility version 7300) but source was compiled with 7003 (compatibility version 7000).  If using a binary install, upgrade your CuDNN library to match.  If building from sources, make sure the library loaded at runtime matches a compatible version specified during compile configuration.';
    expect(report(msg)).toBe(true);
  });

  it('GIVEN the program\'s words after "error:" in the writer\'s own line THEN it is a report', () => {
    // AUTOMATIC1111/stable-diffusion-webui#3003
    const msg =
      'The console returned a pretty cut and dry error: Found GPU0 NVIDIA GTX TITAN Black which is of cuda capability 3.5. PyTorch no longer supports this GPU because it is too old. The minimum cuda capability supported by this library is 3.7.\n\nIs buying a new GPU the only option here or is there some workaround?';
    expect(report(msg)).toBe(true);
  });

  it('GIVEN a guide that shows an error "like the one below" THEN the example is no report', () => {
    // An FAQ page of a training repository (code search: "# FAQ ... CUDA out of memory")
    const msg =
      '# FAQ\n\n - [**CUDA out of memory**](#cuda-out-of-memory)\n\n\n## CUDA out of memory  \n\nIf you encounter an error message like the one below, it indicates that the GPU memory is insufficient.\n```\ntorch.cuda.OutOfMemoryError: CUDA out of memory.\n```\n\nTo prevent this error, consider reducing the BATCH_SIZE parameter in the TRAINER section of the ini file.\n```\n[TRAINER]\nBATCH_SIZE = 10\n```';
    expect(report(msg)).toBe(false);
  });

  it('GIVEN a line spoken to the reader that names an error THEN it hands nothing over', () => {
    const layout = readLayout(['If you see this error:', CUDNN_94], startsLikeOutput);
    expect(layout.announced.size).toBe(0);
  });
});

describe('listening: source code names errors without showing one', () => {
  it('GIVEN a script whose comments quote an OOM it once gave THEN it is no report', () => {
    // inha15/Camera_YOLOv5-HJ E2E_Camera/scripts/clean_cache.py
    const msg =
      'import gc\nimport torch\n\ngc.collect()\ntorch.cuda.empty_cache()\ntorch.cuda.reset_peak_memory_stats()\n# torch.cuda.set_per_process_memory_fraction(0.1)\ntorch.cuda.caching_allocator_alloc(1000000)\n\n# RuntimeError: CUDA out of memory. Tried to allocate 36.00 MiB (GPU 0; 7.93 GiB total capacity; 130.35 MiB already\n# allocated; 47.06 MiB free; 188.00 MiB reserved in total by PyTorch) If reserved memory is >> allocated memory try\n# setting max_split_size_mb to avoid fragmentation.';
    expect(report(msg)).toBe(false);
  });

  it('GIVEN a handler `except torch.cuda.OutOfMemoryError` THEN it is code, no report', () => {
    // kxz18/Research-Tools utils/oom_decorator.py
    const msg =
      'from functools import wraps\n\nimport torch\n\n\ndef oom_decorator(forward):\n    @wraps(forward)\n\n    def deco_func(self, *args, **kwargs):\n        try:\n            output = forward(self, *args, **kwargs)\n            return output\n        except torch.cuda.OutOfMemoryError:\n            output = sum([p.norm() for p in self.parameters()]) * 0.0\n            return OOMReturn(output)\n    \n    return deco_func';
    expect(kinds(msg)[12]).toBe('code');
    expect(report(msg)).toBe(false);
  });

  it('GIVEN code with a comment AND the error pasted under it THEN it stays a report', () => {
    const msg =
      'import torch\n\nx = torch.randn(1024, 1024, 1024, device="cuda")\ny = x @ x\n# this line fails\nprint(y.sum())\nRuntimeError: CUDA out of memory. Tried to allocate 4.00 GiB (GPU 0; 7.93 GiB total capacity; 4.00 GiB already allocated)';
    expect(report(msg)).toBe(true);
  });
});

describe('listening: tables, templates and pages are writing', () => {
  it('GIVEN a troubleshooting table that quotes "CUDA out of memory" THEN its rows are no report', () => {
    // build.nvidia.com playbooks, llama.cpp troubleshooting
    const msg =
      '| Symptom | Hardware platform | Cause | Fix |\n|---------|-------------------|-------|-----|\n| `cmake` fails with "CUDA not found" | All hardware platforms | CUDA toolkit not in PATH | Run `export PATH=/usr/local/cuda/bin:$PATH` and re-run CMake |\n| "CUDA out of memory" when starting `llama-server` | All hardware platforms | Model too large for current context or available memory | Lower `--ctx-size` (e.g. 4096) or use a smaller quantization |';
    expect(kinds(msg)).toEqual(['table', 'table', 'table', 'table']);
    expect(report(msg)).toBe(false);
  });

  it("GIVEN nvidia-smi's own table (no Markdown rule) with an Xid under it THEN it stays output and a report", () => {
    const msg =
      '+-----------------------------------------------------------------------------+\n| NVIDIA-SMI 470.57.02    Driver Version: 470.57.02    CUDA Version: 11.4     |\n|-------------------------------+----------------------+----------------------+\n| GPU  Name        Persistence-M| Bus-Id        Disp.A | Volatile Uncorr. ECC |\n|===============================+======================+======================|\n|   0  ERR!                Off  | 00000000:3B:00.0 Off |                  ERR! |\n+-------------------------------+----------------------+----------------------+\n[ 1234.567] NVRM: Xid (PCI:0000:3b:00): 79, pid=1234, GPU has fallen off the bus.';
    expect(kinds(msg)).not.toContain('table');
    expect(report(msg)).toBe(true);
  });

  it('GIVEN a pull request under an "## Overview" heading that fixes a segfault THEN it is no report', () => {
    // ggml-org/llama.cpp#21477
    const msg =
      '## Overview\n\nFixes a segfault when llama_context creation fails.\nIn `server-context.cpp::load_model`, the return from `common_init_from_params` is checked for a null model but not a null context. When context creation fails, `llama_n_ctx(ctx)` dereferences null and crashes.\nThis adds a null check for ctx matching the existing model check.\n\nIt segfaulted before. Now it clean exits with an error message.';
    expect(report(msg)).toBe(false);
  });

  it('GIVEN "This change improves the error messages for XID errors" with example kernel lines THEN it is no report', () => {
    // leptonai/gpud#1174
    const msg =
      'This change improves the user-facing error messages for XID errors, especially for NVLink XIDs (144-150) with subcode and error status support.\n\n**kmsg input:**\n```\nNVRM: Xid (PCI:0019:01:00): 149, NETIR Fatal XC0 i0 Link -1 (0x000fe406 0x00000000 0x00000000 0x00000000 0x00000000 0x00000000)\n```';
    expect(report(msg)).toBe(false);
  });

  it('GIVEN "Temporarily reverts ... which should resolve `HTTP Error 403`" THEN it is no report', () => {
    // ultralytics/yolov5#4986
    const msg =
      'Temporarily reverts https://github.com/ultralytics/yolov5/pull/4978 until torch 1.10 is released, which should resolve `urllib.error.HTTPError: HTTP Error 403: rate limit exceeded` errors generated by torch hub from GitHub actions runners that is currently causing CI failures.';
    expect(report(msg)).toBe(false);
  });

  it('GIVEN an issue template "## Describe the bug" over a report THEN it stays a report', () => {
    // dongminlee94/meta-learning-for-everyone#68
    const msg =
      '## Describe the bug\nKilled error is occurred on laptop notebooks to be the cause of out of memory';
    expect(kinds(msg)[1]).toBe('account');
    expect(report(msg)).toBe(true);
  });
});

describe('listening: accounts told around output', () => {
  it('GIVEN "I get an “uncorrectable ECC error encountered” after 600 iteration" THEN it is a report', () => {
    // jcjohnson/neural-style#312
    const msg =
      'When I run the code, I get an “uncorrectable ECC error encountered”\u3000after 600 iteration. And I have to restart my computer to rerun the code.';
    expect(report(msg)).toBe(true);
  });

  it("GIVEN a Chinese account, indented by a space under the command it ran THEN it is the writer's, a report", () => {
    // cswry/SeeSR#78
    const msg =
      'CUDA_VISIBLE_DEVICES="0,1," accelerate launch train_seesr.py --train_batch_size=2 --dataloader_num_workers=1\n 当加载模型后开始训练时，就崩溃了，日志如下。查看nvidia-smi发现显卡丢失（重启机器后恢复），显卡是H800。请问怎么解决呢？谢谢！';
    expect(kinds(msg)[1]).toBe('account');
    expect(report(msg)).toBe(true);
  });

  it('GIVEN Chinese advice on how a GPU OOM can be avoided THEN it is no report', () => {
    // XinyiYing/BasicIRSTD#32
    const msg =
      '训练显存溢出可以通过调小batch size和patch size降低显存占用。\n测试显存溢出可以通过调小batch size，裁块推理拼接降低显存占用，代码参考LESPS的test.py。';
    expect(report(msg)).toBe(false);
  });

  it('GIVEN a page that says "This document explains the OOMKilled error" THEN it is no report', () => {
    // docs.e2enetworks.com, Kubernetes troubleshooting: OOMKilled (its line breaks lost when copied)
    const msg =
      '# OOMKilled This document explains the **OOMKilled** error in Kubernetes — how to identify, confirm, troubleshoot, and prevent it in production environments. --- ## 1. What Is OOMKilled? `OOMKilled` occurs when a container **uses more memory than its configured limit** and is forcibly terminated by the **Linux kernel**. 5. Container exits with code `137` 6. Pod shows `OOMKilled`';
    expect(report(msg)).toBe(false);
  });
});
