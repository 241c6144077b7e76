// Someone's own account of a crash said in a sentence is a report; the same words in an
// answer that explains them, a fix said to work, an opinion or a feature request are not.
// The lines come from real threads in test/corpus/listen.jsonl and ../shared/corpus.
import { describe, expect, it } from 'vitest';
import { isAccount, namesCrash, readWriter } from '../../../src/core/listen/account.js';

const account = (text: string) => {
  const lines = text.split('\n');
  const writer = readWriter(lines);
  return lines.some((l) => isAccount(l, writer));
};

describe('listening: a crash told in a sentence by the one it happened to', () => {
  it.each([
    'In the training process, the process is always killed. How to solve this problem？',
    'when i run the main_test.py, it always be killed after 4 Reading checkpints.',
    'First time user, pulled the latest code from Github. Build process finished with no errors, but I get a Seg Fault 11 when I import PyGMO in Python. This is on OS X 10.9.1 with Macports Python. Any ideas?',
    "After loading the weights of each model, the process was inexplicably killed. There was no error message, only 'exits with return code = -11'. Could you please tell me where the problem might be?",
    'when I train my model, the kernel always seems to work incorrectly. It dies every time.',
    "I run this 24/7 and every once in a while the explorer stops with 'blk-explorer-free exited with code 137'",
    '程序运行到这里的时候，就会被Killed掉\n想知道是为什么吗？',
    '我用了v100 32g，和a100 80g都kill了',
    "After installing the env successfully, run `python scripts/main_inference.py ` would incur **Segmentation fault (core dumped)**. What's the possible reasons and how to solve them?",
    'I get the error killed',
    'training runs for about 20 minutes, then it just says Killed and exits',
    'the job exited with code 137 after epoch 3, any idea?',
    'gpu randomly falls off the bus when playing games on the nvidia gpu',
    'WHen the slurm_jobstep hits OOM, it keeps retrying even though it hit OOM. I would expect it to stop.',
    // a notebook kernel that dies or restarts under its writer
    'I tried to run the following code\n\nimport tensorflow as tf\n\nthe kernel restarted after that.',
    'Whenever I run model.fit(etc...) the kernel gets restarted with no additional information.',
    // the writer asking the reader for help is no answer ("Do you have any idea ...?")
    'Hello, I am trying to run the quiz code in Spyder but the Kernal always die and need to restart. Do you have any idea what would be the cause of it?',
    'When I load the checkpoint it crashes with a segmentation fault. Do you know what happened and how to solve it?',
    // a crash that happens under a condition, told by its writer
    'The training crashes with a segmentation fault if the batch size is over 32. How can I fix it?',
    'If I run train.py with 4 workers, it gets killed after the first epoch.',
    // an exit code said before its name, a GPU error named in a sentence
    'The container does not have any logs, and the Docker does not have any logs. There is only a 139 exit code. How can I troubleshoot the problem',
    'However, I have met this bug with unhandled system error in NCCL, I wonder if some one can give me some suggestions.',
    // a reporter naming what killed their own run
    'However, after a while, all the jobs are automatically killed because of a slurm out-of-memory error. If I change the source code to pass more memory to sbatch, the training runs for longer.',
    // out of GPU memory as Chinese writers report it
    '我使用4个3090GPU训练，设置batchsize为2，仍然会报显存不够的错，一定要8个GPU才能进行训练吗',
    '训练报错显存不足，参数batchsize都改成8，单卡训练，到了第4轮就出现这个，这个是什么原因导致的',
    // out of memory told as what happened to the writer's run, or as what stops it
    'But if I set the gpu_memory_utilization default value to 1.0 and run the same command, OOM occurs',
    'Today when I test the inference on one card (TP=PP=1) it reported the OOM error.',
    "It's no longer possible for me to generate images in higher resolution than 512x512 due to CUDA out of memory (I have 8GB GPU).",
    // Windows' stopped-working dialog retold
    'When the code is implemented in Win OS, the compiler always alerts that Python stop working. How can  I solve this problem. Thanks very much.',
    // the writer's own run, asked about with "when"
    'When I run the second cell, why does the kernel die?',
    'When running train.py with 8 workers, the job gets killed after epoch 2, any idea?',
  ])('GIVEN %j THEN it is an account', (text) => {
    expect(account(text)).toBe(true);
  });

  it.each([
    // an answer, an opinion, a cause told
    'If the process is Killed. This means that your computer is not sufficent enough to run this code.',
    'I have seen this happen when the training process starts to take up most of the available memory and gets killed by linux.',
    'mostly，it is because OOM(out of memory). My killed error is that.',
    'The jobs are killed because of the cgroup limit, which counts the page cache too.',
    // a question about what a code or an error is
    'What is error code 137? Is that something from Docker itself?',
    'What does an illegal memory access usually point at?',
    'NCCL error usually means a network problem between the nodes.',
    // a design note's supposed case
    "This could be checked in the shell `task.exit` callback, although if multiple ranks were killed, I'm not sure if we can reliably conclude that the exiting task was the target of the oom.",
    'Your job was killed because of an out-of-memory error. If I were you I would request more memory.',
    'I think they are different issues?\n\nMemory resource issues caused my program to be killed by `systemd-oomd` due to the need for more computational support.',
    'I am in and out but looks like OOM killed a few python items recently.',
    // a fix that worked, a settled problem
    'I don\'t know why, but when I started another training job, the weird "killed" just went away, at least for now.',
    '@olololoe110399 I ran into the same issue of `illegal hardware instruction`. Fixed by a `python3 -m pip install --upgrade pip`.',
    // changes and features
    '- Detect when any process was killed by OOM killer in user job environment',
    'Container processes can get killed by the kernel whenever they exceed their memory limit or when the overall memory is low.',
    'This PR dumps the input batch information to the log before propagating a CUDA out-of-memory error for easier debugging.',
    // an answer in Chinese ("generally, too little memory gets the program killed")
    '确认下 推理机器，内存是否充足 ， 一般系统内存不足会killed程序',
    // a change that raised a limit; a hedged question
    'Pods are hitting OOMKILLED with current memory capacity. Looking at Grafana, they seem to spike around 1.5Mi but I have increased the limit to 2000Mi with some buffer room.',
    'Would this container be killed by the OOM killer again after the restart?',
    // a yes-no question about a crash, advice, a remark that speaks like a person
    'Did the job get killed again after the fix?',
    'The process got killed by the OOM killer. Add more swap or reduce the batch size.',
    'exit code 137 is just SIGKILL, nothing to do with the GPU',
    // praise and thanks where a crash word names something else
    'the segfault talk at the reading group was great, thanks for organising',
    // a success code is not a crash
    'The error is **"process finished with exit code 0"** and I do not know how to fix this problem?',
    // a kernel restarted on purpose, or one the reader is told about
    'Restart the kernel and run the cell again.',
    'You can restart the kernel if it dies again.',
    // a helper's question about the reader's run, even when it opens like a request
    'Could you check whether your job gets killed by the OOM killer?',
    'Did you get the segfault with fp16 too?',
    // a question about whether a crash was fixed or released
    "There is segmentation fault fixed year ago, but it's still unreleased, is there a plan to release bugfix version with latest fixes?",
    // a Chinese answer about GPU memory ("generally, out of GPU memory means the batch is too big")
    '一般显存不足是batch太大，改小就可以了',
    // OOM errors as a topic, a crash as the reason for something done, a cause told
    'Setting gpu_memory_utilization to 1.0 can produce OOM errors on some GPUs.',
    'Is there anyway to get around this ? I trained a model on 1.7.0 due to it crashing on my 750ti from memory, but need to run this model on 1.4.0',
    'I am not sure, but my job got killed due to memory pressure from another container.',
    'The GPU may stop working if the power supply is too weak.',
    // advice given in the first person
    'Unless others have more direct advice, I suggest you try to narrow things down by starting from a base configuration and adding things (like tensorflow, then gpu, etc.) until the kernel dies.',
    "I'd recommend lowering the batch size; at 64 the job gets killed on a 16 GB card.",
    // a question about when a crash happens in general
    'When does vLLM run out of memory, and how to prevent OOM issues?',
  ])('GIVEN %j THEN it is not an account', (text) => {
    expect(account(text)).toBe(false);
  });

  it('GIVEN a code word THEN only a non-zero code after it names a crash', () => {
    expect(namesCrash('the job exited with code 137 again')).toBe(true);
    expect(namesCrash("only 'exits with return code = -11'")).toBe(true);
    // NVIDIA/dcgm-exporter#203
    expect(namesCrash('my docker container seems to be exiting due to 137')).toBe(true);
    expect(namesCrash('the pod is exiting due to a config change')).toBe(false);
    expect(namesCrash('it returned exit code 0')).toBe(false);
    expect(namesCrash('it kept complaining about weird exit codes')).toBe(false);
    expect(namesCrash('There is only a 139 exit code.')).toBe(true);
    expect(namesCrash('it would exit as 137 error code')).toBe(true);
    expect(namesCrash('a 0 exit code is success')).toBe(false);
    expect(namesCrash('the 2 exit codes differ')).toBe(false);
    expect(namesCrash('the skilled workers')).toBe(false);
  });

  it('GIVEN a kernel THEN it names a crash only when it dies or restarts', () => {
    expect(namesCrash('the kernel gets restarted every time')).toBe(true);
    expect(namesCrash('the Kernal always die')).toBe(true);
    expect(namesCrash('Restart the kernel and run the cell again')).toBe(false);
    expect(namesCrash('the kernel version is 5.15')).toBe(false);
  });
});

describe("listening: a program's message quoted in the writer's sentence speaks for the program", () => {
  it("GIVEN a quoted message that hedges ('The worker may have exceeded ...') in the writer's account THEN it is still an account", () => {
    // ray-project/ray#42864
    expect(
      account(
        'All of those events say "Worker exit type: SYSTEM_ERROR Worker exit detail: Worker exits unexpectedly. Worker exits with an exit code 1. The worker may have exceeded K8s pod memory limits. The process receives a SIGTERM"\nSeems those workers failed due to OOM.',
      ),
    ).toBe(true);
  });

  it("GIVEN the hedge in the writer's own words THEN it is not", () => {
    // Written here: the same words with the writer hedging outside the quote.
    expect(
      account('I think this may be why the job gets killed, "Worker exits unexpectedly with code 1"'),
    ).toBe(false);
  });
});
