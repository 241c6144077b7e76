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

  it("GIVEN a bug report's minimal working example with the REPL's error under it THEN it is a report; an example output THEN not", () => {
    // JuliaGPU/CUDA.jl#122
    const mwe =
      '**To Reproduce**\nThe Minimal Working Example (MWE) for this bug:\n```julia\nusing Flux\nxc = gpu(randn(Float32, 100,100,1,1))\ngpu(Conv((8,8), 1=>16, pad=(0,0), dilation=0, relu))(xc) # Does not work now\n\njulia> gpu(Conv((8,8), 1=>16, pad=(0,0), dilation=0, relu))(xc)\nERROR: CUDNNError(code 3, CUDNN_STATUS_BAD_PARAM)\nStacktrace:\n [1] macro expansion at /home/fredrikb/.julia/packages/CuArrays/eFBar/src/dnn/error.jl:19 [inlined]\n```';
    expect(report(mwe)).toBe(true);
    expect(report(mwe.replace('The Minimal Working Example (MWE) for this bug:', 'Example output:'))).toBe(
      false,
    );
  });

  it('GIVEN a guide that shows an error "like the one below" THEN the example is no report', () => {
    // An FAQ page of a training repository (code search: "# FAQ ... CUDA out of memory")
    const msg =
      '# FAQ\n\n - [**CUDA out of memory**](#cuda-out-of-memory)\n\n\n## CUDA out of memory  \n\nIf you encounter an error message like the one below, it indicates that the GPU memory is insufficient.\n```\ntorch.cuda.OutOfMemoryError: CUDA out of memory.\n```\n\nTo prevent this error, consider reducing the BATCH_SIZE parameter in the TRAINER section of the ini file.\n```\n[TRAINER]\nBATCH_SIZE = 10\n```';
    expect(report(msg)).toBe(false);
  });

  it('GIVEN "it returns following error" with no colon, and the wordy message after a blank line THEN it is a report', () => {
    // pharmapsychotic/clip-interrogator-ext#74
    const msg =
      'runs quite well exept when i try to use the mode **best** it returns following error \n\nMPS backend out of memory (MPS allocated: 6.04 GB, other allocations: 1.04 GB, max allowed: 6.77 GB). Tried to allocate 459.07 MB on private pool. Use PYTORCH_MPS_HIGH_WATERMARK_RATIO=0.0 to disable upper limit for memory allocations (may cause system failure)\n\nSystem Mac Ventura rund without nivida or CUDE \nAny workaround exept PYTORCH_MPS_HIGH_WATERMARK_RATIO in the Stabel difussion config';
    expect(report(msg)).toBe(true);
  });

  it("GIVEN a line that opens with a long known program message that speaks to its reader THEN it is a paste; quoted in code marks in someone's sentence THEN not", () => {
    // ZhengYinan-AIR/Diffusion-Planner#65
    const pasted =
      '"RuntimeError: Expected to have finished reduction in the prior iteration before starting a new one. This error indicates that your module has parameters that were not used in producing loss. You can enable unused parameter detection by passing the keyword argument `find_unused_parameters=True` to `torch.nn.parallel.DistributedDataParallel`"\n\nHow can I solve it?';
    expect(report(pasted)).toBe(true);
    const explained =
      '`Expected to have finished reduction in the prior iteration` usually means your model has parameters that were not used in producing loss, so you should pass find_unused_parameters=True.';
    expect(report(explained)).toBe(false);
  });

  it('GIVEN "I get this error:" and, past a blank line, one exception no rule knows THEN it is a report', () => {
    // bamos/dcgan-completion.tensorflow#55
    const msg =
      "If I try to run the training with a smaller batch size, let's say 4, I get this error:\n\n`InvalidArgumentError (see above for traceback): Conv2DSlowBackpropInput: input and out_backprop must have the same batch size`\n\nCan the batch size be changed? Should I change any other variables?";
    expect(report(msg)).toBe(true);
  });

  it('GIVEN a change that says "without this set, this error message is encountered:" over an exception THEN it is no report', () => {
    // invoke-ai/InvokeAI#232 (a pull request's description)
    const msg =
      "- this enables cpu fallback for op not yet implemented for m1 gpu\n\nWithout this set, this error message is encountered:\n\n```\nNotImplementedError: The operator 'aten::_index_put_impl_' is not current implemented for the MPS device. If you want this op to be added in priority during the prototype phase of this feature, please comment on https://github.com/pytorch/pytorch/issues/77764.\n```";
    expect(report(msg)).toBe(false);
  });

  it('GIVEN an error quoted on its own line as one inline code span, under "returns the error" THEN it is output and a report', () => {
    // kamalkraj/BERT-NER#72
    const msg =
      "running the model on an AWS Deep Learning Instance with CUDA support returns the error\n`Expected object of backend CPU but got backend CUDA for argument #2 'mat2'`\n\nAnybody running into the same issue?";
    expect(kinds(msg)[1]).toBe('output');
    expect(report(msg)).toBe(true);
  });

  it('GIVEN a message that opens with one exception line, then the writer saying "I" THEN it is a report', () => {
    // pytorch/pytorch#77764
    const msg =
      "NotImplementedError: The operator 'aten::upsample_bicubic2d.out' is not currently implemented for the MPS device.\n\nEven though I am using the suggested workaround by setting the environment variable `PYTORCH_ENABLE_MPS_FALLBACK=1`, I am not able to make it work.\n\nThanks!";
    expect(report(msg)).toBe(true);
    // The same exception opening an explanation nobody tells of their own run is not.
    const answer =
      "NotImplementedError: The operator 'aten::upsample_bicubic2d.out' is not currently implemented for the MPS device.\n\nThis operator has no MPS kernel yet; setting PYTORCH_ENABLE_MPS_FALLBACK=1 runs it on the CPU.";
    expect(report(answer)).toBe(false);
  });

  it('GIVEN an exception glued to a Chinese label ("报错ValueError: ...") THEN it is output and a report', () => {
    // wyf3/llm_related#29
    const msg =
      '报错ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine.';
    expect(kinds(msg)).toEqual(['output']);
    expect(report(msg)).toBe(true);
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

  it("GIVEN a Chinese account, indented by a space under the command it ran THEN it is the writer's, and without output no report", () => {
    // cswry/SeeSR#78
    const msg =
      'CUDA_VISIBLE_DEVICES="0,1," accelerate launch train_seesr.py --train_batch_size=2 --dataloader_num_workers=1\n 当加载模型后开始训练时，就崩溃了，日志如下。查看nvidia-smi发现显卡丢失（重启机器后恢复），显卡是H800。请问怎么解决呢？谢谢！';
    expect(kinds(msg)[1]).toBe('account');
    expect(report(msg)).toBe(false);
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

describe('listening: launchers, notebooks and templates; answers, reviews and pages', () => {
  it('GIVEN a bug template whose only output is an exception line THEN it is a report', () => {
    // vllm-project/vllm#21882
    expect(
      report(
        "### Your current environment\n\n<details>\n<summary>The output of <code>python collect_env.py</code></summary>\n\n```text\nYour output of `python collect_env.py` here\n```\n\n</details>\n\n### 🐛 Describe the bug\n\nRuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {'EngineCore_0': 1}\n\n### Before submitting a new issue...\n\n- [x] Make sure you already searched for relevant issues, and asked the chatbot living at the bottom right corner of the [documentation page](https://docs.vllm.ai/en/latest/), which can answer lots of frequently asked questions.",
      ),
    ).toBe(true);
  });

  it('GIVEN an exception quoted in a bug template\'s sentence with no "I" THEN it is a report', () => {
    // AlignmentResearch/tuned-lens#96
    const sentence =
      'Checkpointing crashes when `--zero` is set, with the error `RuntimeError: Tensors must be CUDA and dense` being thrown inside the method `consolidate_state_dict()`';
    expect(report(`**Describe the bug**\n${sentence}\n\n**Expected behavior**\nShouldn't crash`)).toBe(true);
    // An answer that names the same error to explain it is none.
    const answer =
      "That's expected: with `--zero` set you usually get the error `RuntimeError: Tensors must be CUDA and dense`, because the optimizer's state is sharded across ranks.";
    expect(report(answer)).toBe(false);
  });

  it('GIVEN one frame pasted under the writer\'s "the error is:" THEN it is a report', () => {
    // QwenLM/Qwen3-Coder issue 228 (Chinese: "with torch 2.5 the error is:")
    const msg =
      '使用torch 2.5的时候 报错为：\n  File "/home/wang/anaconda3/envs/python311/lib/python3.11/site-packages/torch/optim/adamw.py", line 606, in _multi_tensor_adamw\n    exp_avg_sq_sqrt = torch._foreach_sqrt(device_exp_avg_sqs)。 跟上面差不多';
    expect(report(msg)).toBe(true);
    // The frame quoted in a sentence that explains it is none.
    expect(
      report(
        'The frame that matters is `File "train.py", line 3, in forward`, which usually means the model and the batch are on different devices.',
      ),
    ).toBe(false);
  });

  it('GIVEN an exception under the raise line that raised it THEN it is a report', () => {
    // facebookresearch/audiocraft issue 446
    const msg =
      'When attempting to use `dora grid` the process quickly exits with "FAI" status and a warning that we cannot change config values.\n```\n    raise ConfigCompositionException(\nhydra.errors.ConfigCompositionException: Could not override \'lr\'.\nTo append to your config use +lr=0.01\n```';
    expect(report(msg)).toBe(true);
    // Code that raises, with no exception printed under it, is none.
    expect(
      report(
        '```python\nif lr is None:\n    raise ConfigCompositionException(\n        "Could not override lr"\n    )\n```',
      ),
    ).toBe(false);
  });

  it('GIVEN "On Apple M1 I get" over an exception THEN it is a report; GIVEN "you get" THEN not', () => {
    // unit8co/darts issue 998
    const tail =
      "\n\nTypeError: Cannot convert a MPS Tensor to float64 dtype as the MPS framework doesn't support float64. Please use float32 instead.";
    expect(report(`On Apple M1 I get${tail}`)).toBe(true);
    expect(report(`On Apple M1 you get${tail}`)).toBe(false);
  });

  it('GIVEN a web UI\'s template with its "###" headings THEN an exception under "What happened?" is a report', () => {
    // Panchovix/stable-diffusion-webui-reForge issue 133
    const msg = [
      '### Checklist',
      '',
      '- [X] The issue exists after disabling all extensions',
      '',
      '### What happened?',
      '',
      'Trying to use the SVD tab returns this error:',
      "TypeError: KSamplerX0Inpaint.__init__() missing 1 required positional argument: 'sigmas'",
      '',
      '### Steps to reproduce the problem',
      '',
      '1. Goto SVD Tab.',
    ].join('\n');
    expect(report(msg)).toBe(true);
  });

  it('GIVEN a program message that reads like talk, announced as what the writer got, THEN it is a report', () => {
    // bhancockio/crewai-updated-tutorial-hierarchical issue 1 (its paste cut where the stored excerpt ends)
    const msg =
      "I am testing this crewai example.\nI modified using ollama as LLS and did the necessary changes.\nI am getting this error:\n\n`It seems we encountered an unexpected error while trying to use the tool. This was the error: Error code: 401 - {'error': {'message': 'Incorrect API key provided: DUMMY_KEY. You can find your API key at https://platform.openai.com/account/api-keys.', 'type': 'invalid_request_error', 'param': None, 'code': 'invalid_api_key'}}`\n\nBtw the code still runs but it repeats this error. So not sure what is happening. Will try to leave it running for a while.\n\nI created a .env with a dummy OpenAI key, but this error persist.\nLooks like CrewAI default to OpenAI and does not let me use my local LLM somehow.\n\nI did other examples and look ok. Any idea?";
    expect(report(msg)).toBe(true);
    expect(report(msg.replace('I am getting this error:', 'If the key is wrong, the tool says:'))).toBe(
      false,
    );
  });

  it("GIVEN IPython's arrows over source that reads like a sentence THEN the traceback is output", () => {
    // pangeo-data/pangeo issue 757
    const msg = [
      '```',
      "----> 6 da.mean([di for di in da.dims if di != 'time']).load()",
      '',
      '/srv/conda/envs/notebook/lib/python3.7/site-packages/xarray/core/dataarray.py in load(self, **kwargs)',
      '--> 811         ds = self._to_temp_dataset().load(**kwargs)',
      '```',
    ].join('\n');
    expect(report(msg)).toBe(true);
  });

  it('GIVEN "I‘m", an opening quote for the apostrophe, THEN the writer speaks, and their quoted error is theirs', () => {
    // PromtEngineer/localGPT issue 438
    const msg =
      "Thank you for your reply, but now there are some new issues:`ggml_new_object: not enough space in the context's memory pool (needed 18503312, available 10650320)` \n\nI‘m sure both graphices and memory are sufficient. Can it be a system version issues?";
    expect(report(msg)).toBe(true);
  });

  it('GIVEN "I get the exception" over a quoted exception THEN it is a report; GIVEN "you get" THEN not', () => {
    // openmm/openmm-ml issue 23
    const tail =
      "\n\n> `RuntimeError: Could not cast attribute '_species_to_tensor' to type __torch__.torchani.utils.ChemicalSymbolsToInts`\n\nHas anyone seen this before?";
    expect(
      report(`When it tries to compile the TorchANI model to TorchScript, I get the exception${tail}`),
    ).toBe(true);
    expect(
      report(`When it tries to compile the TorchANI model to TorchScript, you get the exception${tail}`),
    ).toBe(false);
  });

  it("GIVEN torchx's role and rank tags before a traceback THEN the traceback is read", () => {
    // meta-pytorch/torchrec issue 366 (its lines; the writer's opening reworded)
    const msg = [
      'When I train with torchx I hit some CUDA illegal memory access error. Posted below:',
      '```',
      'train_torchrec/0 [0]:Traceback (most recent call last):',
      'train_torchrec/0 [0]:  File "train_torchrec.py", line 246, in <module>',
      'train_torchrec/0 [0]:    main(sys.argv[1:])',
      'train_torchrec/0 [0]:  File "train_torchrec.py", line 171, in main',
      'train_torchrec/0 [0]:    model = DistributedModelParallel(',
      'train_torchrec/0 [0]:  File "/usr/local/lib/python3.8/dist-packages/torchrec/distributed/model_parallel.py", line 241, in __init__',
      '```',
    ].join('\n');
    expect(report(msg)).toBe(true);
  });

  it("GIVEN SwarmUI's level and backend tags before a traceback THEN the traceback is read", () => {
    // mcmonkeyprojects/SwarmUI issue 638
    const msg = [
      'I get this error message when creating a image to video with Hunyuan.',
      '',
      '12:08:59.202 [Warning] [ComfyUI-0/STDERR] Traceback (most recent call last):',
      '12:08:59.203 [Warning] [ComfyUI-0/STDERR]   File "G:\\Swarm\\SwarmUI\\dlbackend\\comfy\\ComfyUI\\execution.py", line 327, in execute',
      '12:08:59.204 [Warning] [ComfyUI-0/STDERR]     output_data = get_output_data(obj, input_data_all)',
    ].join('\n');
    expect(report(msg)).toBe(true);
  });

  it('GIVEN "it came out the error `...`" over the command that gave it THEN it is a report', () => {
    // k2-fsa/sherpa#63
    const msg =
      'When i try to run the code below, it came out the error `PytorchStreamReader failed reading zip archive: failed finding central directory `\n\n```\n./sherpa/bin/pruned_stateless_emformer_rnnt2/streaming_server.py \\\n  --port 6006 \\\n  --max-batch-size 50\n```';
    expect(report(msg)).toBe(true);
    expect(diagnoseText(msg, kb).causes[0]?.id).toBe('checkpoint-load');
  });

  it("GIVEN DeepSpeed's launcher killing its workers (sigkill_handler) told in a report THEN it is a report", () => {
    // deepspeedai/DeepSpeed#3456
    expect(
      report(
        '**Describe the bug**\nI started running deepseed config on EleutherAI/pythia-2.8b model, I ran into error exits with run code= -9. After splitting and preprocessing the dataset i am getting  [ERROR] [launch.py:434:sigkill_handler].\n\n**Log output**\nI used `train_dolly.py` to launch the application in databricks repo..\n\n**Expected behavior**\nI am not understanding the error or the info is mentioning in the output.',
      ),
    ).toBe(true);
  });

  it("GIVEN a notebook's traceback cut before its exception, under IPython's header THEN it is a report", () => {
    // vllm-project/vllm#17618
    expect(
      report(
        "Ok it worked once but now every time I try it still fails\n\nINFO 05-04 17:04:18 [config.py:717] This model supports multiple tasks: {'score', 'generate', 'reward', 'classify', 'embed'}. Defaulting to 'generate'.\nINFO 05-04 17:04:18 [config.py:2003] Chunked prefill is enabled with max_num_batched_tokens=8192.\n---------------------------------------------------------------------------\nRuntimeError                              Traceback (most recent call last)\n[<ipython-input-14-ad5e40d804c0>](https://localhost:8080/#) in <cell line: 0>()\n      2 \n      3 os.environ[\"VLLM_WORKER_MULTIPROC_METHOD\"] = \"spawn\"\n----> 4 llm=LLM(model=\"CompassioninMachineLearning/May3_missing\", tokenizer=\"CompassioninMachineLearning/May3_missing\", dtype='bfloat16')\n      5 prompts = [\"Do Pardiumulons suffer?\"]  # Your question\n      6 sampling_params = SamplingParams(max_tokens=512, temperature=0.7)\n\n8 frames\n[/usr/local/lib/python3.11/dist-packages/vllm/utils.py](https://localhost:8080/#) in inner(*args, **kwargs)\n   1159                     )\n   1160 \n-> 1161             return fn(*args, **kwargs)\n   1162 \n   1163         return inner  # type: ignore",
      ),
    ).toBe(true);
  });

  it('GIVEN an account that ends "Please fix it." THEN the plea does not make it talk, the quoted notice makes it a report', () => {
    // jupyter/help#517
    expect(
      report(
        'I trained NN model using keras and tensorflow in jupyter notebook. It was running properly but after 2 hours the same thing is not working. It is showing "The kernel appears to have died. It will restart automatically." I uninstalled ipykernel again installed it and the upgraded the jupyter core. Still it\'s showing the same problem. Please fix it.',
      ),
    ).toBe(true);
  });

  it('GIVEN a review that asks "Why are we doing exit code 1." under a diff THEN it is no report', () => {
    // transformerlab/transformerlab-api#465
    expect(
      report(
        'transformerlab/plugins/vllm_server/main.py:121\n```diff\n@@ -92,4 +117,5 @@\n     print(line, file=sys.stderr)\n \n print("Vllm worker exited", file=sys.stderr)\n+clear_vram()\n sys.exit(1)  # 99 is our code for CUDA OOM\n```\n**dadmobile**:\nWhy are we doing exit code 1.  And we can delete the unrelated comment?',
      ),
    ).toBe(false);
  });

  it("GIVEN an answer that opens by explaining the reader's error to them THEN it is no report", () => {
    // discuss.huggingface.co/t/nccl-watchdog-timeout-error-while-using-deepspeed-and-accelerate/163195
    expect(
      report(
        'Your timeout still fires because you changed the wrong knob and you likely have a rank that is stalled. In PyTorch+DeepSpeed the watchdog that aborts jobs is owned by ProcessGroupNCCL, not by bare NCCL. Its default “Timeout(ms)” in logs is 600000 (10 minutes). DeepSpeed also has its own 30-minute default unless you override it. If Accelerate initializes the process group via DeepSpeed and ignores your override, you still hit 10 minutes. Logs from many reports show exactly this pattern. (GitHub)\nBelow is a detailed, practical map: background → common causes → concrete fixes.\nBackground in one page\n-\nThere are multiple timeouts.\n- PyTorch ProcessGroupNCCL watchdog controls the “Timeout(ms)=…” you see in crashes. You raise it via\ninit_process_group(timeout=...) or through frameworks that pass it down. If not set correctly, it stays around 10 minutes and aborts with messages like “Watchdog caught collective operation timeout: … Timeout(ms)=600000) ran for 6000xx ms.” (GitHub)\n- DeepSpeed\ninit_distributed wraps Torch init and has its own default of 30 minutes, overridable with DEEPSPEED_TIMEOUT (seconds) or by passing an explicit timeout=timedelta(...). (deepspeed.readthedocs.io)',
      ),
    ).toBe(false);
  });

  it('GIVEN a Russian guide that says "В этой статье" THEN its quoted errors are examples', () => {
    // techhaps.com/ru/p/how-to-fix-runtimeerror-cuda-out-of-memory-94853592
    expect(
      report(
        'Как исправить RuntimeError: CUDA out of Memory\n\nPyTorch широко используется в R&D и промышленности. При работе с большими моделями или объёмными наборами данных нередко появляется ошибка “RuntimeError: CUDA out of Memory”. Она указывает, что память GPU исчерпана и дальнейшие вычисления не могут завершиться.\n\nВ этой статье мы разберём причины ошибки и предложим практические способы её устранения — от простых и безопасных до продвинутых, требующих изменений кода или инфраструктуры.\n\nЧто такое проблема “CUDA out of Memory”?\n\nCUDA — это технология NVIDIA (Compute Unified Device Architecture), кото',
      ),
    ).toBe(false);
  });

  it('GIVEN a shell script that echoes "process was killed with SIGKILL" THEN it is code, no report', () => {
    // RikonYu/sarcasm debug.sh
    expect(
      report(
        '#!/bin/bash\npython3 baseline1.py 1 > record.txt\nret=$?\n#\n#  returns > 127 are a SIGNAL\n#\nif [ $ret -gt 127 ]; then\n        sig=$((ret - 128))\n        echo "Got SIGNAL $sig"\n        if [ $sig -eq $(kill -l SIGKILL) ]; then\n                echo "process was killed with SIGKILL"\n                dmesg > ./dmesg-kill.log\n        fi\nfi',
      ),
    ).toBe(false);
  });

  it("GIVEN GitHub's generated release notes that list a fixed exit status THEN they are no report", () => {
    // ollama/ollama releases, v0.1.36
    const msg =
      "v0.1.36\nWhat's Changed\n- Fixed\nexit status 0xc0000005\nerror with AMD graphics cards on Windows - Fixed rare out of memory errors when loading a model to run with CPU\nFull Changelog: v0.1.35...v0.1.36";
    expect(report(msg)).toBe(false);
  });

  it('GIVEN a troubleshooting page under "Common Symptoms" and "Root Causes" headings THEN it is no report', () => {
    // www.mindfulchase.com/explore/troubleshooting-tips/machine-learning-and-ai-tools/troubleshooting-kernel-failures,-environment-mismatches,-and-git-conflicts-in-jupyter-notebook.html
    const msg =
      'Common Symptoms\n\n  • Kernel dies unexpectedly with Kernel Restarting message\n  • Cells stuck in In [*] state without completing\n  • Large notebook fails to save or crashes the browser tab\n  • Missing or incorrect environment dependencies during execution\n  • Output not rendering or incorrect plots in notebooks reopened on another machine\n\nRoot Causes\n\n1. Resource Exhaustion from Data Loads or Visualizations\n\nLoading large datasets into memory or generating high-resolution plots can cause the kernel to crash or hang due to memory or CPU constraints.';
    expect(report(msg)).toBe(false);
  });
});

describe("listening: the GPU runtime's error without its exception, or told in the writer's sentence", () => {
  it.each([
    // jadore801120/attention-is-all-you-need-pytorch#193 (its title, as a message)
    'CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasSgemm( handle, opa, opb, m, n, k, &alpha, a, lda, b, ldb, &beta, c, ldc)`',
    // Shiweiliuiiiiiii/Selfish-RNN#2
    'Hello! Thanks for sharing code. When running training script, error occurs: `RuntimeError:` cublas runtime error : the GPU program failed to execute at /opt/conda/conda-bld/pytorch_1549628766161/work/aten/src/THC/THCBlas.cu:258`. The same version of cuda and Pytorch is installed, both python 3.6.7 and python 3.7 cannot run. So how should I solve this problem?',
    // csuhan/ReDet#158
    'When testing the dataset using the code provided in the GETTING_STARTED.md documentation, I encountered the following problems:\nRuntimeError: cublas runtime error : the GPU program failed to execute at /pytorch/aten/src/THC/THCBlas.cu:450',
    // wandb/wandb#4872: the program prints the exception's repr after its own words.
    "Hello everyone, I tried `export WANDB_DISABLE_SERVICE=true`, but the error changes to:\n`wandb: ERROR Run 4flr874d errored: Exception('The wandb backend process has shutdown')`\n\nThen I tried `export WANDB_CONSOLE=\"off\"` but it doesn't change anything",
    // ollama/ollama#7188: "getting an error creating it." over the command and its output.
    'I have the base model quantized to different weights, but I am getting an error creating it.\n```\nollama create salamandra:2b_bf16 -f ./Modelfile\ntransferring model data 100%\nError: invalid file magic\n```\n\nI hesitate to even use the chat template because it is a base model, not a chat model.',
    // karanjakhar/yolov5-export-to-raspberry-pi#4: the error's kind between "a" and "error".
    "After running setup.sh I get a module not found error at `import tflite_runtime.interpreter as tflite` when running the script for inferencing.\n\n`ModuleNotFoundError: No module named 'tflite_runtime'`\n\nI am using a Raspberry Pi 4 B running Raspbian 10 buster.",
    // kennethleungty/Llama-2-Open-Source-LLM-CPU-Inference#13: the one line printed, quoted whole.
    'Every question just using your standard `poetry run python main.py "question text?"` returns just one line:\n\n"Illegal instruction"\n\nSome questions take longer to return the same.\n\nAny clues?',
    // NVIDIA/cccl#8288: a bug report that points at another project's pull request is no change of its own.
    '### Describe the bug\n\nRunning `compute-sanitizer --tool memcheck` against a program that calls `cub::DeviceScan::ExclusiveSum` produces the following error:\n```\n  ========= Invalid __shared__ read of size 16 bytes\n  =========     at cp_async_bulk_cp_mask in cp_async_bulk.h:236\n  ========= ERROR SUMMARY: 1 error\n```\nA more full stack trace is available at this PR: https://github.com/rapidsai/cudf/pull/21999',
  ])('GIVEN %j THEN it is a report', (msg) => {
    expect(report(msg)).toBe(true);
  });

  it.each([
    // Written here: advice that names the error, hedged.
    'If you see RuntimeError: cublas runtime error : the GPU program failed to execute, you should probably change the version of torch.',
    'I think `RuntimeError: cuDNN error: CUDNN_STATUS_EXECUTION_FAILED` might be an issue with your torch installation.',
  ])('GIVEN the advice %j THEN it is not', (msg) => {
    expect(report(msg)).toBe(false);
  });
});

describe("listening: a runtime's error named in the writer's own prose, not in code or advice", () => {
  it.each([
    // armaanpriyadarshan/Training-a-Custom-TensorFlow-2.X-Object-Detector#29
    "I keep getting this error when training \n'CUDA_ERROR_INVALID_HANDLE'\ncan you help \nthanks",
    // MCG-NJU/MeMOTR#1
    'Hello, I ran into an error when I am training the code in distributed mode. Error is as follow "**torch.distributed.elastic.multiprocessing.errors.childFailedError: main.py FAILED**\n\nany idea?\n\nThanks!',
    // kohya-ss/sd-scripts#602: cuDNN's status told after the writer's words, over the command.
    'I run the training like below, but is throught out an Erro: cuDNN error: CUDNN_STATUS_NOT_INITIALIZED . \ntorchrun --num_processes 1 train_network.py \\\n    --xformers \\\n    --mixed_precision="fp16"',
    // BVLC/caffe#5550: the loader's message quoted after "i got this error".
    'i am working with CUDA 8.0, when i am trying to execute file(using caffe), i got this error ": error while loading shared libraries: libcudnn.so.5: cannot open shared object file: No such file or directory"\n\ni tried two solutions as below but still the error is there:',
    // CDFlow#1 (held13): quoted after "I got the", in a line a question follows.
    'I got the "CUDA out of memory" error when I tried to train the model on one V100 GPU with the default settings (batch size 4, input size 1024). Would you mind providing your hardware settings for model training?',
    // ALMA#66: quoted after "then it gave an error:", though the writer then guesses at the cause.
    'OK,Now I have a new problem. I first used a GPU with 24GB memory to fine-tune LLaMA-2-7B on monolingual OSCAR data (stage 1), and then it gave an error: `torch.cuda.OutOfMemoryError: CUDA out of memory`. It needs a little more than 24GB of memory. I thought it was because of insufficient memory.',
    // karpathy/nanoGPT#281: "I run into the issue" and the quote, in one run-on question.
    'Whenever trying to run train.py from the repository I run into the issue "AssertionError: Torch not compiled with CUDA enabled" does anyone have any advice on how to fix this?',
    // hujie-frank/SENet#10: Caffe's failed cuDNN check, quoted.
    'When I train the SE-ResNeXt-101 (32 x 4d), everything is ok. However, I train the SENet, the logs say that "status == CUDNN_STATUS_SUCCESS (4 vs. 0) CUDNN_STATUS_INTERNAL_ERROR". I disable CUDNN in the Makefile and recompile the caffe ,the error disappears.',
    // vllm-project/vllm#17979: vLLM's V1 engine failing to start, its cause cut off.
    'INFO 05-07 02:14:18 [monitor.py:33] torch.compile takes 17.00 s in total\nERROR 05-07 02:14:18 [core.py:396] EngineCore failed to start.\nERROR 05-07 02:14:18 [core.py:396] Traceback (most recent call last):',
    // pat-jj/s3#10: the program's words right after "received the error", without marks.
    'I ran train_s3.sh using 30904 and received the error no available memory for the cache blocks during allocation.\n\nReduce gpu_memory_utilization and repeat the same error.',
    // AgentR1/Agent-R1#33: Ray's actor died, then the writer's question in Chinese.
    'ray.exceptions.ActorDiedError: The actor died unexpectedly before finishing this task.\n        class_name: TaskRunner\nThe actor is dead because its worker process has died. Worker exit type: SYSTEM_ERROR\n我的内存设置的是1800G，请问这种情况是什么原因呢',
    // RVC-Project/Retrieval-based-Voice-Conversion-WebUI#945: "because I get" tells the writer's own failure.
    'I was working to train a new voice model, but something caused my system to completely crash at the 149th epoch, and ever since, when I start it up, I can\'t train any models because I get a "RuntimeError: CUDA error: out of memory" at the start when I try.',
    // tensorflow/models#7142: the program's words after "this error that says".
    'I tried importing my own model instead of downloading from the internet, but I keep getting this error that says ResourceExhaustedError (see above for traceback): OOM when allocating tensor with shape[500,17,17,4032] and type float on /job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc.',
    // microsoft/CNTK#379: CNTK's own report of a failed cuBLAS call.
    'I ran into the following error when the training begins:\n# \n\nCUBLAS failure 13: CUBLAS_STATUS_EXECUTION_FAILED ; GPU=1 ; hostname=rg404.bbn.com ; expr=cublas_gemm(cuHandle, CUBLAS_OP_N, CUBLAS_OP_N, (int) ARows, 1, (int) ACols, &alpha)',
    // jianchang512/stt#130: cuDNN's status glued to the writer's Chinese.
    'ubuntu系统   3090ti+cuda12.1,torch2.5.1,cudnn9.13.0调用gpu运行出现cuDNN failed with status CUDNN_STATUS_NOT_INITIALIZED',
    // xinntao/EDVR#171: quoted after "I am getting this error -".
    'When I am trying to run the EDVR model for a new dataset and I am getting this error - " error in modulated_deformable_im2col_cuda: no kernel image is available for execution on the device ". This error repeats continuously and the code never ends.\nMay I know the reason for this error and a way to rectify it. \nThanks in advance for your help.',
  ])('GIVEN %j THEN it is a report', (msg) => {
    expect(report(msg)).toBe(true);
  });

  it.each([
    // Adlik/Adlik's test of its CUDA wrapper: the error is a string the test expects.
    "        self.assertEqual(context_manager.exception.args, ('CUDA error: invalid argument (1).',))",
    // Written here: advice naming the error.
    'If you see CUDA_ERROR_INVALID_HANDLE, you should probably reinstall the driver.',
    'I think ChildFailedError only means that one of the workers exited, look above it for the cause.',
    // hacksider/Deep-Live-Cam#103: the same error, then the fix that worked.
    '@olololoe110399 I ran into the same issue of `illegal hardware instruction`. Fixed by a `python3 -m pip install --upgrade pip` followed by `pip install tensorflow-macos`.',
    // openxla/xla#11129: a feature request shows the error a cuDNN graph gives.
    'When errors occur during the construction of a cuDNN graph a `RuntimeError` with minimal information is surfaced to the XLA GPU user. For example, using `bfloat16` types can produce the following error message.\n\n```\nRuntimeError: CUDNN_BACKEND_OPERATION: cudnnFinalize Failed cudnn_status: CUDNN_STATUS_BAD_PARAM\n```',
    // Written here: the writer got it, quoting nothing.
    'I have a 16Gb VRAM and I still get a cuda out of memory error. What vram size do you all work with?',
    // jupyterhub/jupyterhub#3961: a command named in code marks is no program text quoted.
    "For me, this happened because the pod ran out of memory. Would be nice if this could be surfaced to the user in a more obvious way.\n\nWith autoscaling and culling enabled, my first instinct was that the culler was the root cause. The node that the pod was running on was scaled down before I got a chance to run a `kubectl describe node` so it wasn't clear that the pod was running out of memory.",
    // deepjavalibrary/djl-serving#898: a pull request's reason names the exception.
    'pytorch throws `OutOfMemoryError`, so thought it makes more sense to test that particular case.',
    // unslothai/unsloth#7831: a pull request that opens with the issue it addresses quotes the error it fixes.
    'Addresses #2693 and a Studio report of the same failure.\n\nTraining intermittently dies with `RuntimeError: One of the subprocesses has abruptly died during map operation.` and then succeeds on the next run.',
    // pytorch/audio#1502: a feature request laid out in its template's sections quotes the error it is about.
    '## 🚀 Feature\nWhen user encounters the error `RuntimeError: Error loading audio file: failed to open file.` using sox_io backend, the filepath should be displayed as part of the error message at the bottom of the stack trace.\n\n## Motivation\nThis is a very common error when setting up a new dataset.\n\n## Pitch\nWrap the relevant section of load with a try/except to catch RuntimeError and reraise with the filepath included.\n\n## Alternatives\n\nIdeally the filepath would be added to the error at the original point of failure.',
    // Written here: code that raises the repr is code.
    "    raise Exception('The wandb backend process has shutdown')",
  ])('GIVEN %j THEN it is not', (msg) => {
    expect(report(msg)).toBe(false);
  });
});
