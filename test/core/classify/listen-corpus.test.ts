// The repository's corpus for listening mode (test/corpus/listen.jsonl): real messages from
// public threads (an issue's description or one comment, a documentation page), each with
// its source URL and whether it carries crash output its writer got ("crash": true) or talks
// about crashes without one (explanations, maintainers' replies, fixes said to work, code,
// diffs, docs quoting errors). Half of it ("held") is scored as unseen material: rules are
// written against the "fit" half only. A second held-out set ("held2"), collected later from
// other threads, was measured before any rule was changed for it, and a third ("held3", 21
// reports and 19 of talk) once more after the second had been read, a fourth ("held4", 49
// reports and 47 of talk) after the third had been read, a fifth ("held5", 23 and 24) after
// the fourth had been read and the listener changed for it, a sixth ("held6", 12 and 15)
// after the fifth, a seventh ("held7", 52 and 44) after the sixth, and an eighth ("held8", 25
// and 25) by someone who had not read the listener, from threads no other part uses, scored
// once as it came (84% recall, 12% false alarms) and not tuned on until a ninth ("held9", 40
// and 40, collected the same way) had been scored once as it came (82.5% recall, 22.5% false
// alarms), a tenth ("held10", 40 and 40) after the ninth had been read (75% recall, 20%
// false alarms as it came), an eleventh ("held11", 40 and 40) after the tenth (72.5%, 25%),
// read only for release notes and guides' headings since, and a twelfth ("held12", 40 and
// 40) after the eleventh (80% recall, 20% false alarms as it came), and a thirteenth
// ("held13", 40 and 40, its talk mostly maintainers' answers, blogs and feature requests that
// quote errors) after the twelfth (87.5% recall, 32.5% false alarms as it came), and a
// fourteenth ("held14", 40 and 40, mostly short messages) after the thirteenth (75% recall,
// 27.5% false alarms as it came), and a fifteenth ("held15", 40 and 40, sampled like a week
// of a team's channel) after the fourteenth (80% recall, 10% false alarms as it came), and a
// sixteenth ("held16", 40 and 40, sampled the same way) after the fifteenth (77.5% recall,
// 7.5% false alarms as it came), and a seventeenth ("held17", 40 and 40) after the sixteenth
// (77.5% recall, 5% false alarms as it came), and an eighteenth ("held18", 40 and 40, sampled
// the same way) after the seventeenth (87.5% recall, 5% false alarms as it came), and a
// nineteenth ("held19", 40 and 40, modern stacks) after the eighteenth (77.5% recall, 5% false
// alarms as it came), and a twentieth ("held20", 40 and 40, a research team's week) after the
// nineteenth (95% recall, 2.5% false alarms as it came), and a twenty-first ("held21", 40 and
// 40, a third of the reports short) after the twentieth (80% recall, no false alarm as it came),
// and a twenty-second ("held22", 40 and 40, accounts around short quotes and exit codes) after
// the twenty-first (92.5% recall, 5% false alarms as it came), and a twenty-third ("held23", 40
// and 40, a team's chat: short messages, errors inline) after the twenty-second (82.5% recall,
// 2.5% false alarms as it came), and a twenty-fourth ("held24", 40 and 40, a community help
// channel and its forum) after the twenty-third (87.5% recall, 7.5% false alarms as it came),
// and a twenty-fifth ("held25", 40 and 40, a research lab's chat over a month) after the
// twenty-fourth (82.5% recall, 7.5% false alarms as it came), a twenty-sixth ("held26", 40 and 40,
// a platform team's support channel) after it (72.5% recall, 10% false alarms as it came), and
// a twenty-seventh ("held27", 40 and 40, a busy ML channel drawn at random) after that (70%
// recall, 7.5% false alarms as it came), and a twenty-eighth ("held28", 40 and 40, GitHub threads
// and a few forum pages; its talk half mostly questions and advice that name errors) after the
// twenty-seventh (95% recall, 12.5% false alarms as it came), and a twenty-ninth ("held29", 40 and
// 40, an ML platform team's channel in 2025-2026: fine-tuning, serving, diffusion apps, clusters)
// after the twenty-eighth (87.5% recall, 12.5% false alarms as it came), and a thirtieth ("held30", 40
// and 40, a university lab's and a course's help channel) after the twenty-ninth (95% recall, 12.5%
// false alarms as it came), and a thirty-first ("held31", 40 and 40, short messages as chat has them:
// 62 of 80 five lines or fewer) after the thirtieth (95% recall, 7.5% false alarms as it came), and a
// thirty-second ("held32", 40 and 40, comments in 2016-2021 threads of that era's projects) after the
// thirty-first (80% recall, 12.5% false alarms as it came), and a thirty-third ("held33", 40 and 40,
// Windows users and their helpers, 2018-2025) after the thirty-second (77.5% recall, 7.5% false
// alarms as it came), a thirty-fourth ("held34", 40 and 40, GPU cluster and platform users and
// their admins) and a thirty-fifth ("held35", 40 and 40, LLM and generative-model app users) after
// the thirty-third (62.5% recall, 20% false alarms and 80%, 2.5% as they came), and a thirty-sixth
// ("held36", 40 and 40, later comments in long threads) after those (72.5%, 2.5% as it came), and a
// thirty-seventh ("held37", 40 and 40, writers in Chinese, Japanese, Korean, Russian, Spanish) after
// that (82.5%, 0% as it came), and a thirty-eighth ("held38", 40 and 40, short messages from vision,
// speech, video and LLM app threads) after that (85%, 5% as it came), and a thirty-ninth ("held39", 40 and
// 40, long messages: whole bug reports in issue templates, maintainers' answers, release notes) after
// that (82.5%, 2.5% as it came), and a fortieth ("held40", 40 and 40, forum-style posts: questions with
// output, one-line comments, answers, fixes told as done) after that (85%, 15% as it came), and a
// forty-first ("held41", 40 and 40, output through launchers, containers, CI and notebooks) after that
// (82.5%, 2.5% as it came), a forty-second ("held42", 40 and 40, output that is no crash beside output
// that is) and a forty-third ("held43", 40 and 40, desktop AI apps' users) after that (75%, 2.5% and
// 82.5%, 5% as they came), and a forty-fourth ("held44", 39 and 40, writers in Korean, Russian, Vietnamese)
// after that (79.5%, 5% as it came), and a forty-fifth in two parts ("held45a", 40 and 40, short messages
// as a team chat has them; "held45b", 22 and 26, the training libraries' own repositories) after that (95%,
// 0% and 86.4%, 3.8% as they came), and a forty-sixth in two parts ("held46a", 40 and 40, users on Windows,
// WSL and notebooks; "held46b", 40 and 40, GPU operations: Slurm, Kubernetes, DCGM, NVML, drivers) after
// that (90%, 2.5% and 60%, 2.5% as they came), and a forty-seventh in two parts ("held47a", 40 and 40, CI and
// bots around GPU code; "held47b", 40 and 40, reinforcement learning, robotics, simulation and scientific GPU
// computing) after that (82.5%, 2.5% and 70%, 5% as they came), and a forty-eighth in two parts ("held48a", 40
// and 40, people building on local and hosted LLMs; "held48b", 40 and 40, accelerators other than NVIDIA's)
// after that (72.5%, 2.5% and 67.5%, 5% as they came), and a forty-ninth in two parts ("held49a", 23 and 31,
// writers in Russian, Portuguese, German and Ukrainian; "held49b", 40 and 40, image and video generation
// tools' users) after that (47.8%, 0% and 80%, 5% as they came), and a fiftieth in two parts ("held50a",
// 40 and 40, speech and audio projects' users, many writing Chinese or Japanese; "held50b", 40 and 40,
// training infrastructure and MLOps) after that (90%, 5% and 70%, 0% as they came), and a fifty-first in
// two parts ("held51a", 40 and 40, writers in Japanese and Korean; "held51b", 40 and 40, scientists
// running protein, chemistry, genomics and imaging models) after that (75%, 2.5% and 95%, 5% as they
// came), and a fifty-second in two parts ("held52a", 24 and 37, writers in Vietnamese, Spanish, Turkish
// and Indonesian; "held52b", 40 and 40, edge and embedded inference) after that (87.5%, 0% and 60%, 5%
// as they came), and a fifty-third in two parts ("held53a", 40 and 40, hosted notebooks; "held53b", 40
// and 40, LLM fine-tuning) after that (87.5%, 10% and 87.5%, 0% as they came), and a fifty-fourth in two
// parts ("held54a", 40 and 40, reinforcement learning and robotics; "held54b", 40 and 40, image and video
// diffusion training) after that (72.5%, 0% and 90%, 5% as they came), and a fifty-fifth in two parts
// ("held55a", 40 and 40, writers in Russian, German, French and Portuguese; "held55b", 40 and 40, model
// serving) after that (65%, 5% and 75%, 2.5% as they came), and a fifty-sixth in two parts ("held56a", 40
// and 40, the JAX ecosystem; "held56b", 40 and 40, running LLMs on one's own machine) after that (72.5%,
// 2.5% and 70%, 5% as they came), and a fifty-seventh in two parts ("held57a", 40 and 40, computer-vision
// training and inference libraries; "held57b", 40 and 40, large-scale and distributed training) after that
// (87.5%, 0% and 90%, 0% as they came), and a fifty-eighth in two parts ("held58a", 40 and 40, Chinese-language
// LLM projects' users; "held58b", 40 and 40, RLHF and post-training) after that (87.5%, 0% and 90%, 0% as
// they came), and a fifty-ninth in two parts ("held59a", 40 and 40, video generation; "held59b", 40 and
// 40, text-to-speech, voice cloning and music generation) after that (85%, 2.5% and 90%, 0% as they
// came), and a sixtieth in two parts ("held60a", 40 and 40, Apple Silicon's ML stacks; "held60b", 40
// and 40, robotics and autonomous-driving perception) after that (60%, 0% and 82.5%, 0% as they came),
// and a sixty-first in two parts ("held61a", 40 and 40, GPU work under WSL 2 and Docker Desktop;
// "held61b", 40 and 40, learners and course material) after that (90%, 5% and 75%, 7.5% as they came),
// and a sixty-second in two parts ("held62a", 40 and 40, recommendation models at scale; "held62b", 40
// and 40, time-series forecasting) after that (85%, 0% and 87.5%, 0% as they came), and a sixty-third in
// two parts ("held63a", 40 and 40, experiment tracking and training tooling; "held63b", 40 and 40,
// quantization) after that (80%, 7.5% and 87.5%, 2.5% as they came), and a sixty-fourth in two parts
// ("held64a", 35 and 39, model serving and inference platforms; "held64b", 40 and 40, edge and embedded
// deployment) after that (60%, 2.6% and 70%, 0% as they came), and a sixty-fifth in two parts ("held65a",
// 40 and 40, LLM applications on the users' own GPUs; "held65b", 40 and 40, reinforcement learning and
// simulation) after that (80%, 2.5% and 72.5%, 5% as they came), and a sixty-sixth in two parts
// ("held66a", 22 and 25, GPU operations on Kubernetes and clusters; "held66b", 35 and 40, notebooks and
// hosted GPU services) after that (59.1%, 4% and 91.4%, 5% as they came), and a sixty-seventh in two
// parts ("held67a", 40 and 40, data loading and processing on GPUs; "held67b", 40 and 40, writing GPU
// code: CUDA extensions, Triton, CuPy and Numba kernels) after that (95%, 5% and 70%, 2.5% as they
// came), and a sixty-eighth in two parts ("held68a", 40 and 40, speech recognition and audio ML;
// "held68b", 40 and 40, ML on native Windows) after that (82.5%, 2.5% and 77.5%, 0% as they came),
// and a sixty-ninth in two parts ("held69a", 40 and 40, LLM pretraining codebases; "held69b", 40 and
// 40, Intel and Habana hardware for ML) after that (85%, 0% and 75%, 2.5% as they came), and a
// seventieth in two parts ("held70a", 24 and 25, LLM fine-tuning frameworks; "held70b", 27 and 30, robot
// learning policies) after that (79.2%, 4% and 74.1%, 0% as they came), and a seventy-first in two parts
// ("held71a", 40 and 40, protein-structure and computational-biology models; "held71b", 40 and 40, ML in
// the browser and in JavaScript) after that (82.5%, 2.5% and 37.5%, 0% as they came), and a seventy-second
// in two parts ("held72a", 40 and 40, video-generation models; "held72b", 40 and 40, managed and pipelined
// training) after that (87.5%, 2.5% and 70%, 5% as they came), and a seventy-third in two parts ("held73a",
// 40 and 40, weather and climate models; "held73b", 40 and 40, LLM agent frameworks on local models) after
// that (82.5%, 0% and 67.5%, 2.5% as they came), and a seventy-fourth in two parts ("held74a", 40 and 40,
// generative-model research code; "held74b", 40 and 40, on-device ML in mobile apps) after that (87.5%, 0% and
// 55%, 0% as they came), and a seventy-fifth and seventy-sixth in two parts each, collected side by side
// ("held75a", image restoration and upscaling; "held75b", data labeling tools with ML backends; "held76a",
// music and audio generation; "held76b", model conversion and export; 40 and 40 each) after that (80%, 5%;
// 72.5%, 2.5%; 80%, 2.5%; 85%, 0% as they came), and the same for "held77a" (text-to-speech), "held77b"
// (testing and CI of GPU code), "held78a" (3D detection) and "held78b" (ML and GPUs in Julia) after that
// (82.5%, 2.5%; 60%, 7.5%; 87.5%, 2.5%; 47.5%, 0% as they came), and "held79a" (visual anomaly detection)
// and "held79b" (ML from Rust, Go and C++) after that (80%, 0%; 72.5%, 0% as they came), and "held80a"
// (vision-language models) and "held80b" (state-space and linear-attention models and their kernels) after
// that (90%, 0%; 90%, 5% as they came), and "held81a" (hosted demo apps and model packaging) and "held81b"
// (classic computer vision on GPUs) after that (67.5%, 0%; 75%, 0% as they came), and "held82a" (self-hosted
// apps that run ML) and "held82b" (ML in R and MATLAB) after that (72.5%, 0%; 37.5%, 0% as they came),
// and "held83a" (ML on the JVM) and "held83b" (ML on .NET and in Unity) after that (92.5%, 0%; 60%, 0% as
// they came), and "held84a" (AI plugins in creative apps) and "held84b" (ML in databases) after that
// (57.5%, 0%; 52.5%, 0% as they came), and "held85a" (NPU toolchains) and "held85b" (molecular dynamics on
// GPUs) after that (42.5%, 0%; 55%, 2.5% as they came), and "held86a" (nanopore basecalling and GPU
// genomics) and "held86b" (photogrammetry and SLAM on GPUs) after that (77.5%, 2.5%; 80%, 0% as they came), and "held87a" (cloud
// notebooks and managed training) and "held87b" (Hugging Face libraries as users run them) after that
// (60%, 0%; 87.5%, 0% as they came), and "held88a" (GPU array computing and hand-written kernels in
// Python) and "held88b" (ML in Julia on GPUs) after that (72.5%, 0%; 65%, 2.5% as they came), and
// "held89a" (recommender systems on GPUs) and "held89b" (time-series forecasting libraries) after that
// (82.5%, 5%; 80%, 2.5% as they came), and "held90a" (robot learning and vision-language-action
// policies) and "held90b" (speech recognition toolkits) after that (87.5%, 0%; 90%, 0% as they came), and
// "held91a" (annotation tools that run models) and "held91b" (Chinese open LLM families) after that
// (67.5%, 0%; 75%, 2.5% as they came), and "held92a" (ML on Apple silicon with MLX and Metal) and
// "held92b" (ML on Windows through DirectML and Windows ML) after that (82.5%, 0%; 67.5%, 0% as they came),
// and "held93a" (MLOps platforms running GPU jobs) and "held93b" (ML on single-board computers and
// microcontrollers) after that (67.5%, 2.5%; 80%, 0% as they came), and "held94a" (GPU video and image
// decoding in data pipelines) and "held94b" (ML in particle physics and astronomy) after that (77.5%, 0%;
// 72.5%, 0% as they came).
// A report carries
// output its writer got: 73 messages collected as reports that tell a crash only in the writer's
// own words ("the kernel dies every time") were relabelled talk on 2026-11-27, each with
// `collected_as` and `relabelled`; the floors were set again that day. The floors are the figures measured when each part was added or
// last improved: a change may raise them, never lower them.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { diagnoseText } from '../../../src/core/diagnose.js';
import type { KnowledgeBase } from '../../../src/core/knowledge.js';
import { loadKnowledge } from '../../../src/knowledge/load.js';

type Split =
  | 'fit'
  | 'held'
  | 'held2'
  | 'held3'
  | 'held4'
  | 'held5'
  | 'held6'
  | 'held7'
  | 'held8'
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
  | 'held27'
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
  | 'held45a'
  | 'held45b'
  | 'held46a'
  | 'held46b'
  | 'held47a'
  | 'held47b'
  | 'held48a'
  | 'held48b'
  | 'held49a'
  | 'held49b'
  | 'held50a'
  | 'held50b'
  | 'held51a'
  | 'held51b'
  | 'held52a'
  | 'held52b'
  | 'held53a'
  | 'held53b'
  | 'held54a'
  | 'held54b'
  | 'held55a'
  | 'held55b'
  | 'held56a'
  | 'held56b'
  | 'held57a'
  | 'held57b'
  | 'held58a'
  | 'held58b'
  | 'held59a'
  | 'held59b'
  | 'held60a'
  | 'held60b'
  | 'held61a'
  | 'held61b'
  | 'held62a'
  | 'held62b'
  | 'held63a'
  | 'held63b'
  | 'held64a'
  | 'held64b'
  | 'held65a'
  | 'held65b'
  | 'held66a'
  | 'held66b'
  | 'held67a'
  | 'held67b'
  | 'held68a'
  | 'held68b'
  | 'held69a'
  | 'held69b'
  | 'held70a'
  | 'held70b'
  | 'held71a'
  | 'held71b'
  | 'held72a'
  | 'held72b'
  | 'held73a'
  | 'held73b'
  | 'held74a'
  | 'held74b'
  | 'held75a'
  | 'held75b'
  | 'held76a'
  | 'held76b'
  | 'held77a'
  | 'held77b'
  | 'held78a'
  | 'held78b'
  | 'held79a'
  | 'held79b'
  | 'held80a'
  | 'held80b'
  | 'held81a'
  | 'held81b'
  | 'held82a'
  | 'held82b'
  | 'held83a'
  | 'held83b'
  | 'held84a'
  | 'held84b'
  | 'held85a'
  | 'held85b'
  | 'held86a'
  | 'held86b'
  | 'held87a'
  | 'held87b'
  | 'held88a'
  | 'held88b'
  | 'held89a'
  | 'held89b'
  | 'held90a'
  | 'held90b'
  | 'held91a'
  | 'held91b'
  | 'held92a'
  | 'held92b'
  | 'held93a'
  | 'held93b'
  | 'held94a'
  | 'held94b';
const SPLITS: readonly Split[] = [
  'fit',
  'held',
  'held2',
  'held3',
  'held4',
  'held5',
  'held6',
  'held7',
  'held8',
  'held9',
  'held10',
  'held11',
  'held12',
  'held13',
  'held14',
  'held15',
  'held16',
  'held17',
  'held18',
  'held19',
  'held20',
  'held21',
  'held22',
  'held23',
  'held24',
  'held25',
  'held26',
  'held27',
  'held28',
  'held29',
  'held30',
  'held31',
  'held32',
  'held33',
  'held34',
  'held35',
  'held36',
  'held37',
  'held38',
  'held39',
  'held40',
  'held41',
  'held42',
  'held43',
  'held44',
  'held45a',
  'held45b',
  'held46a',
  'held46b',
  'held47a',
  'held47b',
  'held48a',
  'held48b',
  'held49a',
  'held49b',
  'held50a',
  'held50b',
  'held51a',
  'held51b',
  'held52a',
  'held52b',
  'held53a',
  'held53b',
  'held54a',
  'held54b',
  'held55a',
  'held55b',
  'held56a',
  'held56b',
  'held57a',
  'held57b',
  'held58a',
  'held58b',
  'held59a',
  'held59b',
  'held60a',
  'held60b',
  'held61a',
  'held61b',
  'held62a',
  'held62b',
  'held63a',
  'held63b',
  'held64a',
  'held64b',
  'held65a',
  'held65b',
  'held66a',
  'held66b',
  'held67a',
  'held67b',
  'held68a',
  'held68b',
  'held69a',
  'held69b',
  'held70a',
  'held70b',
  'held71a',
  'held71b',
  'held72a',
  'held72b',
  'held73a',
  'held73b',
  'held74a',
  'held74b',
  'held75a',
  'held75b',
  'held76a',
  'held76b',
  'held77a',
  'held77b',
  'held78a',
  'held78b',
  'held79a',
  'held79b',
  'held80a',
  'held80b',
  'held81a',
  'held81b',
  'held82a',
  'held82b',
  'held83a',
  'held83b',
  'held84a',
  'held84b',
  'held85a',
  'held85b',
  'held86a',
  'held86b',
  'held87a',
  'held87b',
  'held88a',
  'held88b',
  'held89a',
  'held89b',
  'held90a',
  'held90b',
  'held91a',
  'held91b',
  'held92a',
  'held92b',
  'held93a',
  'held93b',
  'held94a',
  'held94b',
];

interface Message {
  id: string;
  crash: boolean;
  /** The label a message was collected with, where it was relabelled later (with `relabelled` saying why). */
  collected_as?: boolean;
  relabelled?: string;
  split: Split;
  cls: string;
  source: string;
  text: string;
}

const messages: Message[] = readFileSync(new URL('../../corpus/listen.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as Message);

/** Recall at least, false alarms at most, per half (percent). */
const FLOORS = {
  fit: { recall: 97.6, falseAlarms: 0 },
  held: { recall: 97.1, falseAlarms: 2.8 },
  held2: { recall: 96.2, falseAlarms: 0 },
  held3: { recall: 100, falseAlarms: 8.4 },
  held4: { recall: 94.7, falseAlarms: 1.8 },
  held5: { recall: 94.1, falseAlarms: 6.7 },
  held6: { recall: 100, falseAlarms: 0 },
  held7: { recall: 92.1, falseAlarms: 1.8 },
  held8: { recall: 95.8, falseAlarms: 0 },
  held9: { recall: 86.1, falseAlarms: 11.4 },
  held10: { recall: 86.1, falseAlarms: 6.9 },
  held11: { recall: 78.3, falseAlarms: 14 },
  held12: { recall: 100, falseAlarms: 10 },
  held13: { recall: 97.2, falseAlarms: 20.5 },
  held14: { recall: 97.5, falseAlarms: 15 },
  held15: { recall: 92.5, falseAlarms: 7.5 },
  held16: { recall: 92.3, falseAlarms: 7.4 },
  held17: { recall: 94.5, falseAlarms: 2.4 },
  held18: { recall: 100, falseAlarms: 2.5 },
  held19: { recall: 97.5, falseAlarms: 5 },
  held20: { recall: 100, falseAlarms: 0 },
  held21: { recall: 97.5, falseAlarms: 0 },
  held22: { recall: 97.5, falseAlarms: 5 },
  held23: { recall: 97.3, falseAlarms: 2.4 },
  held24: { recall: 100, falseAlarms: 2.5 },
  held25: { recall: 84.6, falseAlarms: 7.4 },
  held26: { recall: 87.1, falseAlarms: 2.5 },
  held27: { recall: 85, falseAlarms: 2.5 },
  held28: { recall: 100, falseAlarms: 2.5 },
  held29: { recall: 97.5, falseAlarms: 2.5 },
  held30: { recall: 100, falseAlarms: 5 },
  held31: { recall: 97.5, falseAlarms: 0 },
  held32: { recall: 95, falseAlarms: 5 },
  held33: { recall: 95, falseAlarms: 2.5 },
  held34: { recall: 92.5, falseAlarms: 2.5 },
  held35: { recall: 97.5, falseAlarms: 0 },
  held36: { recall: 85, falseAlarms: 2.5 },
  held37: { recall: 95, falseAlarms: 0 },
  held38: { recall: 97.5, falseAlarms: 2.5 },
  held39: { recall: 100, falseAlarms: 2.5 },
  held40: { recall: 100, falseAlarms: 12.5 },
  held41: { recall: 100, falseAlarms: 0 },
  held42: { recall: 97.5, falseAlarms: 2.5 },
  held43: { recall: 100, falseAlarms: 2.5 },
  held44: { recall: 94.8, falseAlarms: 5 },
  held45a: { recall: 97.5, falseAlarms: 0 },
  held45b: { recall: 95.4, falseAlarms: 0 },
  held46a: { recall: 100, falseAlarms: 0 },
  held46b: { recall: 90, falseAlarms: 2.5 },
  held47a: { recall: 95, falseAlarms: 2.5 },
  held47b: { recall: 97.5, falseAlarms: 5 },
  held48a: { recall: 82.5, falseAlarms: 2.5 },
  held48b: { recall: 80, falseAlarms: 5 },
  held49a: { recall: 82.6, falseAlarms: 0 },
  held49b: { recall: 87.5, falseAlarms: 5 },
  held50a: { recall: 100, falseAlarms: 0 },
  held50b: { recall: 90, falseAlarms: 0 },
  held51a: { recall: 97.5, falseAlarms: 2.5 },
  held51b: { recall: 97.5, falseAlarms: 5 },
  held52a: { recall: 87.5, falseAlarms: 0 },
  held52b: { recall: 85, falseAlarms: 5 },
  held53a: { recall: 92.5, falseAlarms: 10 },
  held53b: { recall: 92.5, falseAlarms: 0 },
  held54a: { recall: 92.5, falseAlarms: 0 },
  held54b: { recall: 95, falseAlarms: 0 },
  held55a: { recall: 82.5, falseAlarms: 5 },
  held55b: { recall: 87.5, falseAlarms: 2.5 },
  held56a: { recall: 82.5, falseAlarms: 2.5 },
  held56b: { recall: 82.5, falseAlarms: 5 },
  held57a: { recall: 97.5, falseAlarms: 0 },
  held57b: { recall: 97.5, falseAlarms: 0 },
  held58a: { recall: 92.5, falseAlarms: 0 },
  held58b: { recall: 100, falseAlarms: 0 },
  held59a: { recall: 95, falseAlarms: 2.5 },
  held59b: { recall: 97.5, falseAlarms: 0 },
  held60a: { recall: 90, falseAlarms: 0 },
  held60b: { recall: 92.5, falseAlarms: 0 },
  held61a: { recall: 95, falseAlarms: 5 },
  held61b: { recall: 82.5, falseAlarms: 7.5 },
  held62a: { recall: 90, falseAlarms: 0 },
  held62b: { recall: 90, falseAlarms: 0 },
  held63a: { recall: 85, falseAlarms: 7.5 },
  held63b: { recall: 90, falseAlarms: 2.5 },
  held64a: { recall: 100, falseAlarms: 0 },
  held64b: { recall: 90, falseAlarms: 0 },
  held65a: { recall: 92.5, falseAlarms: 2.5 },
  held65b: { recall: 95, falseAlarms: 5 },
  held66a: { recall: 90.9, falseAlarms: 4 },
  held66b: { recall: 100, falseAlarms: 2.5 },
  held67a: { recall: 97.5, falseAlarms: 2.5 },
  held67b: { recall: 90, falseAlarms: 2.5 },
  held68a: { recall: 92.5, falseAlarms: 0 },
  held68b: { recall: 87.5, falseAlarms: 0 },
  held69a: { recall: 90, falseAlarms: 0 },
  held69b: { recall: 90, falseAlarms: 2.5 },
  held70a: { recall: 91.6, falseAlarms: 4 },
  held70b: { recall: 77.7, falseAlarms: 0 },
  held71a: { recall: 95, falseAlarms: 2.5 },
  held71b: { recall: 87.5, falseAlarms: 2.5 },
  held72a: { recall: 97.5, falseAlarms: 2.5 },
  held72b: { recall: 92.5, falseAlarms: 5 },
  held73a: { recall: 85, falseAlarms: 0 },
  held73b: { recall: 87.5, falseAlarms: 2.5 },
  held74a: { recall: 92.5, falseAlarms: 0 },
  held74b: { recall: 82.5, falseAlarms: 0 },
  held75a: { recall: 97.5, falseAlarms: 5 },
  held75b: { recall: 80, falseAlarms: 2.5 },
  held76a: { recall: 82.5, falseAlarms: 2.5 },
  held76b: { recall: 90, falseAlarms: 0 },
  held77a: { recall: 82.5, falseAlarms: 2.5 },
  held77b: { recall: 72.5, falseAlarms: 7.5 },
  held78a: { recall: 90, falseAlarms: 2.5 },
  held78b: { recall: 82.5, falseAlarms: 0 },
  held79a: { recall: 80, falseAlarms: 0 },
  held79b: { recall: 85, falseAlarms: 0 },
  held80a: { recall: 95, falseAlarms: 0 },
  held80b: { recall: 92.5, falseAlarms: 5 },
  held81a: { recall: 87.5, falseAlarms: 0 },
  held81b: { recall: 82.5, falseAlarms: 0 },
  held82a: { recall: 87.5, falseAlarms: 0 },
  held82b: { recall: 80, falseAlarms: 0 },
  held83a: { recall: 100, falseAlarms: 0 },
  held83b: { recall: 95, falseAlarms: 0 },
  held84a: { recall: 62.5, falseAlarms: 0 },
  held84b: { recall: 85, falseAlarms: 0 },
  held85a: { recall: 82.5, falseAlarms: 0 },
  held85b: { recall: 72.5, falseAlarms: 2.5 },
  held86a: { recall: 80, falseAlarms: 2.5 },
  held86b: { recall: 80, falseAlarms: 0 },
  held87a: { recall: 70, falseAlarms: 0 },
  held87b: { recall: 90, falseAlarms: 0 },
  held88a: { recall: 100, falseAlarms: 0 },
  held88b: { recall: 90, falseAlarms: 2.5 },
  held89a: { recall: 82.5, falseAlarms: 5 },
  held89b: { recall: 87.5, falseAlarms: 2.5 },
  held90a: { recall: 87.5, falseAlarms: 0 },
  held90b: { recall: 95, falseAlarms: 0 },
  held91a: { recall: 75, falseAlarms: 0 },
  held91b: { recall: 82.5, falseAlarms: 2.5 },
  held92a: { recall: 82.5, falseAlarms: 0 },
  held92b: { recall: 82.5, falseAlarms: 0 },
  held93a: { recall: 67.5, falseAlarms: 2.5 },
  held93b: { recall: 85, falseAlarms: 0 },
  held94a: { recall: 82.5, falseAlarms: 0 },
  held94b: { recall: 80, falseAlarms: 0 },
} as const;

/** The fewest crash reports and messages of talk each part was collected with (40 each from held9 on, held44's 39 reports, held45b's 22, held49a's 23 and held52a's 24 aside). */
const LEAST: Partial<Record<Split, number>> = {
  fit: 30,
  held: 30,
  held2: 30,
  held3: 15,
  held4: 30,
  held5: 20,
  held6: 12,
  held7: 30,
  held8: 25,
  held44: 39,
  held45b: 22,
  held49a: 23,
  held52a: 24,
  held64a: 35,
  held66a: 22,
  held66b: 35,
  held70a: 24,
  held70b: 27,
};

let kb: KnowledgeBase;
beforeAll(() => {
  const r = loadKnowledge();
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  kb = r.kb;
});

function score(split: Split): {
  recall: number;
  falseAlarms: number;
  missed: string[];
  alarms: string[];
} {
  const part = messages.filter((m) => m.split === split);
  const missed: string[] = [];
  const alarms: string[] = [];
  for (const m of part) {
    const said = diagnoseText(m.text, kb).crashReport;
    if (m.crash && !said) missed.push(m.id);
    if (!m.crash && said) alarms.push(m.id);
  }
  const pos = part.filter((m) => m.crash).length;
  const neg = part.length - pos;
  return {
    recall: (100 * (pos - missed.length)) / pos,
    falseAlarms: (100 * alarms.length) / neg,
    missed,
    alarms,
  };
}

describe('listening corpus', () => {
  it('GIVEN every line THEN it has an id, a public source URL, a label, a half and a text', () => {
    const bad = messages.filter(
      (m) =>
        !m.id ||
        !/^https?:\/\/\S+$/.test(m.source) ||
        typeof m.crash !== 'boolean' ||
        !SPLITS.includes(m.split) ||
        m.text.trim() === '',
    );
    expect(bad.map((m) => m.id)).toEqual([]);
    expect(new Set(messages.map((m) => m.id)).size).toBe(messages.length);
  });

  it('GIVEN each part THEN it holds enough crash reports and messages of talk to score', () => {
    for (const split of SPLITS) {
      const part = messages.filter((m) => m.split === split);
      const least = LEAST[split] ?? 40;
      const collectedAs = (m: Message) => m.collected_as ?? m.crash;
      expect(part.filter(collectedAs).length).toBeGreaterThanOrEqual(least);
      expect(part.filter((m) => !collectedAs(m)).length).toBeGreaterThanOrEqual(least);
    }
  });

  it.each(SPLITS)(
    'GIVEN the %s half THEN recall and false alarms are no worse than when the corpus was added',
    (split) => {
      const s = score(split);
      expect(
        { recall: s.recall >= FLOORS[split].recall, falseAlarms: s.falseAlarms <= FLOORS[split].falseAlarms },
        `recall ${s.recall.toFixed(1)}%, false alarms ${s.falseAlarms.toFixed(1)}%; missed ${s.missed.join(', ')}; false alarms ${s.alarms.join(', ')}`,
      ).toEqual({ recall: true, falseAlarms: true });
    },
  );
});
