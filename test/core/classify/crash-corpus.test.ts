// The repository's own corpus of real crash logs from public issue threads
// (test/corpus/crash.jsonl): each line is {id, source, label, also_ok, split, log, ...}, the
// label being the cause the thread's fix confirmed. Half of it ("held") was kept out while
// the rules were written; a second held-out set ("held2") was collected later, from threads
// none of the rules had seen, and measured before any rule was changed for it; a third
// ("held3", 70 logs) was found by symptom and by project rather than by error string, and
// measured the same way; a fourth ("held4", 45 logs) came from other projects' threads
// (onnxruntime, Paddle, TensorRT, mmcv, xformers, whisper front-ends, WSL, nvtop); a fifth
// ("held5", 59 logs) from serving engines, MXNet, Paddle, detectron2/mmdetection, DeepSpeed,
// Ray, Slurm/Kubernetes and Windows apps, much of it pasted in prose or other languages; a
// sixth ("held6", 40 logs) was collected by someone who had not read the rules, from threads
// no other split or fixture uses, and scored once before anything was changed for it; a
// seventh ("held9", 40 logs) and an eighth ("held10", 40 logs, weighted to the commonest
// causes) were collected the same way and scored once as they came (34 and 35 of 40), and a
// ninth ("held11", 40 logs) after them (28 of 40 as it came), a tenth ("held12", 40 logs)
// after the ninth had been read (36 of 40 as it came), an eleventh ("held13", 40 logs,
// weighted to the commonest causes) after the tenth (32 of 40 as it came), and a twelfth
// ("held14", 40 logs from training scripts and apps) after the eleventh (34 of 40 as it
// came), and a thirteenth ("held15", 40 logs found by symptoms told in plain words, several
// with the error only in a screenshot) after the twelfth (20 of 40 as it came), and a
// fourteenth ("held16", 40 logs with their output as text) after the thirteenth (35 of 40
// as it came), and a fifteenth ("held17") after the fourteenth (34 of 40 as it came), and a sixteenth
// ("held18", 28 of 40 from the commonest causes) after the fifteenth (37 of 40 as it came),
// and a seventeenth ("held19", modern stacks: vLLM, SGLang, ComfyUI, WSL2, Blackwell) after
// the sixteenth (35 of 40 as it came), and an eighteenth ("held20", cluster jobs, notebooks,
// TensorFlow and Keras, Chinese and Russian posts) after the seventeenth (36 of 40 as it came),
// and a nineteenth ("held21", spread over 2017-2026 and many tools) after the eighteenth (39 of
// 40 as it came), and a twentieth ("held22", crashes at the end of long output, exit codes
// alone) after the nineteenth (37 of 40 as it came), and a twenty-first ("held23", what an ML
// team's channel sees in 2024-2026, many told in prose or cut) after the twentieth (28 of 40 as
// it came), and a twenty-second ("held24", the commonest crashes with confirmed fixes, 15
// Windows and 9 non-English posts) after the twenty-first (28 of 40 as it came), and a
// twenty-third ("held25", training jobs and notebooks; 35 of 40 labels of medium confidence,
// many logs cut before their error) after the twenty-second (29 of 40 as it came), and a
// twenty-fourth ("held26", inference, serving and desktop apps) after the twenty-third (31 of 40
// as it came), and a twenty-fifth ("held28", 8 logs from forums, Q&A sites and blogs rather than
// GitHub, all of medium confidence: fewer than its 40 could be found) after held27's listening
// set (7 of 8 as it came), and a twenty-sixth ("held29", 38 logs from threads of Chinese-speaking
// users: PaddlePaddle, ChatTTS, RVC, xtuner, CosyVoice) after the twenty-fifth (33 of 38 as it came),
// and a twenty-seventh ("held30", 16 logs of Japanese, Korean, Russian and Vietnamese users: fewer
// than its 40 could be found) after the twenty-sixth (11 of 16 as it came), and a twenty-eighth
// ("held31", 40 logs of 2015-2020 software: Caffe, Theano, Torch7, darknet, OpenPose, dlib, TF 1.x,
// PyTorch 0.x) after the twenty-seventh (31 of 40 as it came), and a twenty-ninth ("held32", 39 logs
// of 2016-2021 software other than those: MXNet, CNTK, Chainer, Kaldi, apex, TF 1.x on Windows,
// PyTorch 0.3-1.x) after the twenty-eighth (28 of 39 as it came), and a thirtieth ("held33", 37 logs
// of 2017-2022 software: TF 2.0-2.6, PyTorch 1.x, mmcv, Detectron2, TensorRT, OpenCV with CUDA,
// Jetson, spaCy, Horovod) after the twenty-ninth (29 of 37 as it came), a thirty-first ("held34", 27 logs
// of GPU jobs on clusters, containers and clouds: Slurm, Apptainer, Kubernetes, multi-node NCCL)
// and a thirty-second ("held35", 26 logs of LLM fine-tuning and serving and generative apps) after
// the thirtieth (25 of 27 and 22 of 26 as they came), and a thirty-third ("held36", 34 logs from
// accelerators other than a desktop NVIDIA card: ROCm, Apple, Jetson, TPU, Intel) after those (25 of
// 34 as it came), and a thirty-fourth ("held37", 28 logs of PyTorch 2.x work: torch.compile, FSDP,
// fp8, xformers and flash-attn wheels, protobuf's gencode check) after that (21 of 28 as it came), and
// a thirty-fifth ("held38", 40 logs of vision, speech and video model users: whisper, pyannote, SAM,
// mmdet, TTS) after that (33 of 40 as it came), and a thirty-sixth ("held39", 23 logs sampled across the
// taxonomy from mainstream ML projects' threads) after that (19 of 23 as it came), and a thirty-seventh
// ("held40", 40 logs over 34 causes, Q&A-style threads) after that (37 of 40 as it came), and a
// thirty-eighth ("held41", 24 logs of the rarer causes) after that (21 of 24 as it came), a thirty-ninth
// ("held42", 21 logs holding more than one error) and a fortieth ("held43", 4 logs whose versions decide
// the cause; few threads were left to find) after that (18 of 21 and 4 of 4 as they came), and a
// forty-first ("held44", 15 logs from research-code repositories) after that (15 of 15 as it came), and a
// forty-second ("held45", 10 logs from less-visited repositories) after that (10 of 10 as it came), and a
// forty-third ("held46", 40 logs from older and smaller frameworks) after that (26 of 40 as it came), and a
// forty-fourth ("held47", 40 logs from simulation, robotics and scientific GPU computing) after that (36 of 40
// as it came), and a forty-fifth ("held48", 30 logs from tools for running and building on LLMs) after
// that (25 of 30 as it came), and a forty-sixth ("held49", 40 logs from the newest software and hardware)
// after that (38 of 40 as it came), and a forty-seventh ("held50", 33 logs from speech, audio and document
// and vision tooling) after that (30 of 33 as it came), and a forty-eighth ("held51", 32 logs from
// learners: course, book and tutorial repositories) after that (28 of 32 as it came), and a forty-ninth
// ("held52", 32 logs from creative and face and video tools run by end users) after that (23 of 32 as it
// came), and a fiftieth ("held53", 23 logs from GPU data science and tabular ML) after that (14 of 23 as it
// came), and a fifty-first ("held54", 40 logs from 3D vision and graphics research code) after that (27 of
// 40 as it came), and a fifty-second ("held55", 29 logs from medical imaging and bioimage analysis) after
// that (24 of 29 as it came), and a fifty-third ("held56", 15 logs from GPUs other than NVIDIA's: ROCm,
// MPS, XPU) after that (8 of 15 as it came), and a fifty-fourth ("held57", 14 logs from NLP and speech
// toolkits and large-model training frameworks) after that (13 of 14 as it came), and a fifty-fifth
// ("held58", 26 logs from multimodal and vision-language model projects) after that (24 of 26 as it
// came), and a fifty-sixth ("held59", 27 logs from graph, geometric and molecular deep learning) after
// that (23 of 27 as it came), and a fifty-seventh ("held60", 23 logs from OCR and document AI) after
// that (19 of 23 as it came), and a fifty-eighth ("held61", 25 logs from physics-ML, simulation and GPU
// computing) after that (16 of 25 as it came), and a fifty-ninth ("held62", 17 logs from GPU vector
// search and retrieval) after that (9 of 17 as it came), and a sixtieth ("held63", 14 logs from Stable
// Diffusion web UIs and their extensions) after that (11 of 14 as it came), and a sixty-first ("held64", 24
// logs from reinforcement learning and game AI) after that (21 of 24 as it came), and a sixty-second
// ("held65", 8 logs from federated learning and privacy research code) after that (7 of 8 as it came),
// and a sixty-third ("held66", 9 logs from self-supervised and representation-learning research code)
// after that (9 of 9 as it came), and a sixty-fourth ("held67", 7 logs from video understanding and
// tracking code) after that (6 of 7 as it came), and a sixty-fifth ("held68", 9 logs from image-generation
// training tools) after that (8 of 9 as it came), and a sixty-sixth ("held69", 7 logs from remote sensing
// and geospatial deep learning) after that (7 of 7 as it came), and a sixty-seventh ("held70", 8 logs
// from image-to-3D and text-to-3D generation tools) after that (5 of 8 as it came), and a sixty-eighth
// ("held71", 12 logs from protein-structure and computational-biology tools) after that (5 of 12 as it came),
// and a sixty-ninth ("held72", 7 logs from video-generation tools) after that (7 of 7 as it came), and a
// seventieth ("held73", 5 logs from weather and climate models) after that (3 of 5 as it came), and a
// seventy-first ("held74", 19 logs from generative-model research code) after that (18 of 19 as it came),
// a seventy-second ("held75", 22 logs from image restoration and upscaling tools) after that (15 of 22 as it
// came), and a seventy-third ("held76", 9 logs from music and audio generation) beside it (7 of 9 as it came),
// then "held77" (19 logs from text-to-speech tools, 16 of 19 as it came) and "held78" (13 logs from 3D
// detection code, 10 of 13 as it came) side by side, and "held79" (4 logs from visual anomaly detection, 4
// of 4 as it came), and "held80" (12 logs from face-swapping and face-analysis tools, 7 of 12 as it came)
// after that, then "held81" (22 logs from model conversion and on-device runtimes, 20 of 22 as it came) and
// "held82" (9 logs from LLM agent and RAG apps on local models, 9 of 9 as it came) side by side, then
// "held83" (8 logs from self-hosted apps that run ML, 4 of 8 as it came) and "held84" (12 logs from ML in R
// and MATLAB, 2 of 12 as it came) side by side, then "held85" (8 logs from ML on the JVM and on .NET,
// collected side by side, 2 of 8 as it came), then "held86" (10 logs from AI plugins in creative apps, 7 of
// 10 as it came) and "held87" (14 logs from ML in databases and query engines, 10 of 14 as it came) side by
// side, then "held88" (11 logs from NPU toolchains, 9 of 11 as it came) and "held89" (14 logs from molecular
// dynamics on GPUs, 8 of 14 as it came) side by side, and "held90" (9 logs from nanopore basecalling and GPU
// genomics, 7 of 9 as it came) after that, then "held91" (8 logs from cloud notebooks and managed training, 8
// of 8 as it came) and "held92" (4 logs from Hugging Face libraries as users run them, 3 of 4 as it came)
// side by side, then "held93" (4 logs from GPU array computing in Python, 2 of 4 as it came) and "held94"
// (2 logs from ML in Julia on GPUs, 1 of 2 as it came) side by side, then "held95" (5 logs from recommender
// systems on GPUs, 4 of 5 as it came) and "held96" (6 logs from time-series forecasting libraries, 5 of 6 as
// it came) side by side, then "held98" (5 logs from speech recognition toolkits, 5 of 5 as it came; its
// companion set on robot learning found no log that qualified), then "held99" (13 logs from annotation
// tools that run models, 11 of 13 as it came) and "held100" (8 logs from Chinese open LLM families, 6 of 8 as
// it came) side by side, then "held101" (17 logs from ML on Apple silicon with MLX and Metal, 16 of 17 as it
// came) and "held102" (12 logs from ML on Windows through DirectML, 10 of 12 as it came) side by side, then
// "held104" (12 logs from ML on single-board computers and the one log the MLOps set beside it found, 9 of 13
// as they came), then "held105" (4 logs from GPU video and image decoding in data pipelines, 1 of 4 as it
// came) and "held106" (4 logs from ML in particle physics and astronomy, 2 of 4 as it came) side by side.
// Every split is scored here: the first seven at 95% or better; the later ones at the
// share they reach now, which a change may raise, never lower.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { diagnoseText } from '../../../src/core/diagnose.js';
import type { KnowledgeBase } from '../../../src/core/knowledge.js';
import { loadKnowledge } from '../../../src/knowledge/load.js';

interface Case {
  id: string;
  source: string;
  label: string;
  also_ok: string[];
  split: Split;
  log: string;
}

type Split =
  | 'fit'
  | 'held'
  | 'held2'
  | 'held3'
  | 'held4'
  | 'held5'
  | 'held6'
  | 'held9'
  | 'held10'
  | 'held11'
  | 'held12'
  | 'held13'
  | 'held14'
  | 'held15'
  | 'held16'
  | 'held17'
  | 'held18'
  | 'held19'
  | 'held20'
  | 'held21'
  | 'held22'
  | 'held23'
  | 'held24'
  | 'held25'
  | 'held26'
  | 'held28'
  | 'held29'
  | 'held30'
  | 'held31'
  | 'held32'
  | 'held33'
  | 'held34'
  | 'held35'
  | 'held36'
  | 'held37'
  | 'held38'
  | 'held39'
  | 'held40'
  | 'held41'
  | 'held42'
  | 'held43'
  | 'held44'
  | 'held45'
  | 'held46'
  | 'held47'
  | 'held48'
  | 'held49'
  | 'held50'
  | 'held51'
  | 'held52'
  | 'held53'
  | 'held54'
  | 'held55'
  | 'held56'
  | 'held57'
  | 'held58'
  | 'held59'
  | 'held60'
  | 'held61'
  | 'held62'
  | 'held63'
  | 'held64'
  | 'held65'
  | 'held66'
  | 'held67'
  | 'held68'
  | 'held69'
  | 'held70'
  | 'held71'
  | 'held72'
  | 'held73'
  | 'held74'
  | 'held75'
  | 'held76'
  | 'held77'
  | 'held78'
  | 'held79'
  | 'held80'
  | 'held81'
  | 'held82'
  | 'held83'
  | 'held84'
  | 'held85'
  | 'held86'
  | 'held87'
  | 'held88'
  | 'held89'
  | 'held90'
  | 'held91'
  | 'held92'
  | 'held93'
  | 'held94'
  | 'held95'
  | 'held96'
  | 'held98'
  | 'held99'
  | 'held100'
  | 'held101'
  | 'held102'
  | 'held104'
  | 'held105'
  | 'held106';

/** The share of each split that must get its confirmed cause first. */
const FLOORS: Readonly<Record<Split, number>> = {
  fit: 0.95,
  held: 0.95,
  held2: 0.95,
  held3: 0.95,
  held4: 0.95,
  held5: 0.95,
  held6: 0.95,
  held9: 0.9,
  held10: 0.95,
  held11: 0.8,
  held12: 0.95,
  held13: 0.925,
  held14: 0.95,
  held15: 0.725,
  held16: 0.95,
  held17: 0.875,
  held18: 0.975,
  held19: 0.975,
  held20: 0.975,
  held21: 0.975,
  held22: 0.975,
  held23: 0.925,
  held24: 0.925,
  held25: 0.775,
  held26: 0.9,
  held28: 0.875,
  held29: 0.97,
  held30: 0.75,
  held31: 1,
  held32: 0.94,
  held33: 0.89,
  held34: 0.96,
  held35: 1,
  held36: 0.94,
  held37: 0.96,
  held38: 0.975,
  held39: 0.91,
  held40: 1,
  held41: 1,
  held42: 0.95,
  held43: 1,
  held44: 1,
  held45: 1,
  held46: 0.925,
  held47: 0.975,
  held48: 0.96,
  held49: 0.95,
  held50: 0.96,
  held51: 0.93,
  held52: 0.875,
  held53: 0.95,
  held54: 1,
  held55: 1,
  held56: 0.93,
  held57: 1,
  held58: 1,
  held59: 0.96,
  held60: 0.95,
  held61: 0.96,
  held62: 0.88,
  held63: 1,
  held64: 1,
  held65: 1,
  held66: 1,
  held67: 1,
  held68: 1,
  held69: 1,
  held70: 1,
  held71: 1,
  held72: 1,
  held73: 0.6,
  held74: 1,
  held75: 0.86,
  held76: 0.88,
  held77: 0.94,
  held78: 1,
  held79: 1,
  held80: 0.83,
  held81: 0.95,
  held82: 1,
  held83: 0.75,
  held84: 0.91,
  held85: 0.5,
  held86: 1,
  held87: 0.85,
  held88: 1,
  held89: 0.85,
  held90: 0.77,
  held91: 1,
  held92: 1,
  held93: 1,
  held94: 1,
  held95: 1,
  held96: 1,
  held98: 1,
  held99: 1,
  held100: 0.87,
  held101: 1,
  held102: 1,
  held104: 0.84,
  held105: 1,
  held106: 1,
};
const SPLITS = Object.keys(FLOORS) as Split[];

const cases: Case[] = readFileSync(new URL('../../corpus/crash.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as Case);

let kb: KnowledgeBase;
beforeAll(() => {
  const r = loadKnowledge();
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  kb = r.kb;
});

describe('the crash corpus (test/corpus/crash.jsonl)', () => {
  it('GIVEN every case THEN it has a unique id, a public thread as source, a known label and a split', () => {
    const ids = new Set<string>();
    const problems: string[] = [];
    for (const c of cases) {
      if (ids.has(c.id)) problems.push(`${c.id}: duplicate id`);
      ids.add(c.id);
      // A GitHub issue or pull request; held28's forum, Q&A and blog pages by their address.
      const github = /^https:\/\/github\.com\//.test(c.source);
      if (
        github
          ? !/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+\/(?:issues|pull)\/\d+$/.test(c.source)
          : c.split !== 'held28' || !/^https:\/\/[\w.-]+\/\S+$/.test(c.source)
      )
        problems.push(`${c.id}: source ${c.source}`);
      for (const l of [c.label, ...c.also_ok])
        if (l !== 'unknown' && !kb.causes.has(l)) problems.push(`${c.id}: label ${l}`);
      if (!SPLITS.includes(c.split)) problems.push(`${c.id}: split ${c.split}`);
      if (c.log.trim() === '') problems.push(`${c.id}: empty log`);
    }
    expect(problems).toEqual([]);
    expect(cases.length).toBeGreaterThanOrEqual(100);
  });

  it.each(SPLITS)('GIVEN the %s split THEN at least its floor get the confirmed cause first', (split) => {
    const half = cases.filter((c) => c.split === split);
    const misses = half
      .map((c) => ({ c, top: diagnoseText(c.log, kb).causes[0]?.id ?? 'unknown' }))
      .filter(({ c, top }) => top !== c.label && !c.also_ok.includes(top))
      .map(({ c, top }) => `${c.id}: ${c.label}, got ${top}`);
    expect(1 - misses.length / half.length, misses.join('\n')).toBeGreaterThanOrEqual(FLOORS[split] - 1e-9);
  });
});
