// A line that names a crash while talking about it is not output: a crash named as what a
// change avoids or what code is made to catch, next to a program's own "to avoid fragmentation" advice that stays output.
// The lines come from real threads in test/corpus/listen.jsonl and test/corpus/crash.jsonl.
import { beforeAll, describe, expect, it } from 'vitest';
import { isTalk } from '../../../src/core/classify/crash-report.js';
import { diagnoseText } from '../../../src/core/diagnose.js';
import type { KnowledgeBase } from '../../../src/core/knowledge.js';
import { loadKnowledge } from '../../../src/knowledge/load.js';

let kb: KnowledgeBase;
beforeAll(() => {
  const r = loadKnowledge();
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  kb = r.kb;
});

describe('listening: a crash named as what a change avoids', () => {
  it.each([
    'Increased resource limit to avoid "OOM killed"',
    'Increase the memory request to prevent OOM crashes of the sync container',
    'Raise the limit to mitigate the pods being OOMKilled during rollout',
  ])('GIVEN %j THEN it is talk and no crash report', (text) => {
    expect(isTalk(text)).toBe(true);
    expect(diagnoseText(text, kb).crashReport).toBe(false);
  });

  it.each([
    '- update stable-diffusion-task lib to catch RuntimeError: CUDA error: out of memory',
    'Wrap the training step in a try block to handle torch.cuda.OutOfMemoryError and retry with half the batch',
  ])(
    'GIVEN an error named as what code is made to catch (%j) THEN it is talk and no crash report',
    (text) => {
      expect(isTalk(text)).toBe(true);
      expect(diagnoseText(text, kb).crashReport).toBe(false);
    },
  );

  it('GIVEN a server that failed to handle a request with an OOM THEN it stays a crash report', () => {
    const msg =
      'ERROR: Failed to handle request: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB';
    expect(isTalk(msg)).toBe(false);
    expect(diagnoseText(msg, kb).crashReport).toBe(true);
  });

  it("GIVEN a program's own advice to avoid fragmentation in its OOM message THEN it stays a crash report", () => {
    const msg =
      'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 10.75 GiB of which 7.56 MiB is free. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.';
    expect(isTalk(msg)).toBe(false);
    expect(diagnoseText(msg, kb).crashReport).toBe(true);
  });

  it('GIVEN a report that avoided one thing and still crashed THEN it is a crash report', () => {
    const msg = 'I set num_workers=0 to avoid the shared memory warning, but it still dies with:\nKilled';
    expect(diagnoseText(msg, kb).crashReport).toBe(true);
  });
});

describe('listening: a change described with its commit trailers, a crash said to be over, a guess', () => {
  it('GIVEN a Phabricator summary quoting a failing test\'s error over "Differential Revision:" THEN it is no report', () => {
    // meta-pytorch/tnt#858
    const msg =
      "Summary:\nWe have two remaining tests that are still failing, with the following error message:\n\n```\n[Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1, OpType=BROADCAST, NumelIn=2, NumelOut=2, Timeout(ms)=60000) ran for 60033 milliseconds before timing out.\n```\n\nLet's attempt to increase the collective timeout for those tests. There's no guarantee this will work, but it's worth trying. Otherwise we may consider deleting the failing tests to avoid flakyness.\n\nReviewed By: galrotem\n\nDifferential Revision: D59342738";
    expect(diagnoseText(msg, kb).crashReport).toBe(false);
    // The same error pasted by someone whose run it stopped is a report.
    expect(diagnoseText(msg.slice(0, msg.indexOf("Let's")), kb).crashReport).toBe(true);
  });

  it('GIVEN a report whose writer says the server is not crashing anymore THEN it is settled', () => {
    // open-webui/open-webui#6168
    const msg =
      '# Bug Report\n\nAfter following the guide on the setup page, the server dies: `open-webui exited with code 137`. \n\nI searched in the repo for this error and it was related to memory in docker. It was closed as fixed.\n\nI opened docker settings and applied more resources to it and now the server is not crashing anymore. \n\nMight be useful to include in the FAQ or trouble shouting.';
    expect(diagnoseText(msg, kb).crashReport).toBe(false);
    expect(diagnoseText(msg.slice(0, msg.indexOf('I opened')), kb).crashReport).toBe(true);
  });

  it('GIVEN "... fixed my issue with Illegal Instruction core dumps" THEN it is settled', () => {
    // pytorch/pytorch#12112
    const msg =
      '`ATEN_CPU_CAPABILITY=default` fixed my issue with Illegal Instruction core dumps. However, in my case it was from running a release build I downloaded via conda with \n`conda install pytorch-cpu torchvision-cpu -c pytorch`';
    expect(diagnoseText(msg, kb).crashReport).toBe(false);
  });

  it('GIVEN a Chinese account of a non-zero return code ("返回码-7") THEN it is talk without output; code 0 THEN not either', () => {
    // hiyouga/LlamaFactory#285: "return code -7, but no error details were printed".
    expect(diagnoseText('返回码-7，但没有输出任何错误详情。', kb).crashReport).toBe(false);
    // Written here: the run ended with code 0.
    expect(diagnoseText('返回码0，训练正常结束。', kb).crashReport).toBe(false);
  });

  it('GIVEN a guess said in Chinese ("我推测是显存不足导致...") THEN it is talk', () => {
    // OpenBMB/VisCPM#3
    const msg =
      '我推测是显存不足导致handle无法初始化，参考 https://discuss.pytorch.org/t/cuda-error-cublas-status-not-initialized-when-calling-cublascreate-handle/125450';
    expect(diagnoseText(msg, kb).crashReport).toBe(false);
  });

  it('GIVEN a pull request under "### Change description ###" that pastes an OOMKilled pod THEN it is a change, no report', () => {
    // hmcts/cnp-flux-config#28772
    const msg =
      '### Change description ###\nSeeing OOMKilled\n```\nkubectl get pods\nNAME                                                 READY   STATUS      RESTARTS      AGE\ntax-tribunals-application-base-74464f6b98-2kj6g      0/1     OOMKilled   4 (57s ago)   2m40s\n```';
    expect(diagnoseText(msg, kb).crashReport).toBe(false);
  });

  it('GIVEN a guess put as a question in Chinese ("could it be too little GPU memory?") THEN it is talk', () => {
    // rhymes-ai/Aria#40
    expect(diagnoseText('会不会是显存不够', kb).crashReport).toBe(false);
    // The writer's own run running out of it, told in their words, carries no output either.
    expect(diagnoseText('训练的时候一直报显存不够', kb).crashReport).toBe(false);
  });
});

describe("listening: an answer about the reader's paste", () => {
  it('GIVEN a reply that says "your log shows" and quotes the log back THEN it is no report', () => {
    // lllyasviel/Fooocus#2342
    const msg =
      '@raochinmay6 your computer does not have enough system RAM to run fooocus as mentioned previously. I have a 4GB nvidia and it works but i also have 32GM of system RAM, you need at least 8GB  which your log shows you do not: \n\n`Total VRAM 4096 MB, total RAM 7522 MB`\n\n`RuntimeError: [enforce fail at ..\\c10\\core\\impl\\alloc_cpu.cpp:72] data. DefaultCPUAllocator: not enough memory: you tried to allocate 26214400 bytes.`';
    expect(diagnoseText(msg, kb).crashReport).toBe(false);
    // The reporter's own paste, which names the reader's code, is a report.
    const own =
      'I ran your code on my laptop and got this:\n\nRuntimeError: [enforce fail at ..\\c10\\core\\impl\\alloc_cpu.cpp:72] data. DefaultCPUAllocator: not enough memory: you tried to allocate 26214400 bytes.';
    expect(diagnoseText(own, kb).crashReport).toBe(true);
  });
});

describe('listening: an example shown, a maintainer who could not reproduce, a cause told in Chinese', () => {
  it('GIVEN "示例输出：" (example output) over a fenced block THEN the block is an example, no report', () => {
    // kubernetes/website#36064
    const msg =
      'kubectl describe pod simmemleak-hra99 的结果中关于容器终止原因的部分与正文描述不一致\n示例输出：\n```\n    Last Termination State:     Terminated\n      Exit Code:                1\n      Started:                  Fri, 07 Jul 2015 12:54:30 -0700\n      Finished:                 Fri, 07 Jul 2015 12:54:33 -0700\n```';
    expect(diagnoseText(msg, kb).crashReport).toBe(false);
    // The same block under the writer's own "Here is what I got:" is theirs.
    expect(diagnoseText(msg.replace('示例输出：', 'Here is what I got:'), kb).crashReport).toBe(true);
  });

  it('GIVEN a maintainer who tried to reproduce the error and quotes it back THEN it is no report', () => {
    // jhj0517/Whisper-WebUI#331
    const msg =
      "Hi. I just tried to reproduce the error but failed.\n\n> Exited with code 137\n\nAccording to the stackoverflow discussion here, code 137 means your device doesn't have enough RAM.";
    expect(diagnoseText(msg, kb).crashReport).toBe(false);
  });

  it('GIVEN a cause told and a fix that worked, in Chinese THEN it is talk', () => {
    // PaddlePaddle/Paddle#12072
    expect(
      diagnoseText('这是由于内存溢出导致的，我是在虚拟机里运行的，一开始给的1G，后来给了2G就好了', kb)
        .crashReport,
    ).toBe(false);
  });
});

describe('listening: a monitoring query or alert that watches for a crash', () => {
  it('GIVEN an alert rule on reason="OOMKilled" with its template THEN it is no report', () => {
    // xing/kubernetes-oom-event-generator#6
    const msg =
      'Hi,\n\nyou could use an alert definition like this one to alert on OOM killed pods:\n\n```\nalert: ComponentOutOfMemory\nexpr: sum_over_time(kube_pod_container_status_terminated_reason{reason="OOMKilled"}[5m])\n  > 0\nfor: 10s\nlabels:\n  severity: warning\nannotations:\n  description: Critical Pod {{$labels.namespace}}/{{$labels.pod}} was OOMKilled.\n```';
    expect(diagnoseText(msg, kb).crashReport).toBe(false);
    // kubectl's own report of the same kill is one.
    expect(
      diagnoseText(
        '```\n    Last State:     Terminated\n      Reason:       OOMKilled\n      Exit Code:    137\n```',
        kb,
      ).crashReport,
    ).toBe(true);
  });
});

describe('listening: words of the writer, not of the message they quote', () => {
  it('GIVEN quotesAsWords THEN a long quoted message becomes one word and a short quote stays', async () => {
    const { quotesAsWords } = await import('../../../src/core/listen/words.js');
    expect(
      quotesAsWords('I meet "unexpected bus error encountered in worker, This might be caused by shm" again'),
    ).toBe('I meet quote again');
    expect(quotesAsWords('I train models "without" using docker')).toBe(
      'I train models "without" using docker',
    );
    // Both in one line (open-mmlab/mmdetection#6993): the short quote's closing mark opens nothing.
    expect(
      quotesAsWords(
        'I train models "without" using docker but I meet "unexpected bus error encountered in worker, This might be caused by insufficient shared memory (shm)"',
      ),
    ).toBe('I train models "without" using docker but I meet quote');
    expect(quotesAsWords('"a whole line quoted, nothing else around it"')).toBe(
      '"a whole line quoted, nothing else around it"',
    );
  });
});
