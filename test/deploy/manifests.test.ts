// The deployment files, checked where no Docker engine or cluster runs: compose files and
// Kubernetes manifests parse; every variable they set for crashbot is one the config
// knows; every *_FILE points at a secret that is mounted there; the probes reach the
// health server's port; and each rendered Kubernetes object validates against the
// Kubernetes OpenAPI schema (kubernetes-models' validators: types, required fields, enums).
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments, parse as parseYaml } from 'yaml';
import { knownVariables, parseConfig } from '../../src/config/config.js';
import { readDockerfile, stage } from './dockerfile.js';
import { type Doc, render } from './kustomize.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const KNOWN = new Set(knownVariables());
const read = (p: string) => readFileSync(join(ROOT, p), 'utf8');

const MODELS: Record<string, new (d: never) => { validate(): void }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'apps/v1/Deployment': Deployment,
};

/** Schema problems of one object ([] when valid). */
function schemaProblems(doc: Doc): string[] {
  const Model = MODELS[`${doc.apiVersion}/${doc.kind}`];
  if (!Model) return [`no schema for ${doc.apiVersion} ${doc.kind}`];
  try {
    new Model(doc as never).validate();
    return [];
  } catch (e) {
    return [`${doc.kind}/${doc.metadata.name}: ${(e as Error).message}`];
  }
}

interface ComposeService {
  environment?: Record<string, string>;
  secrets?: string[];
  volumes?: string[];
  build?: unknown;
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  secrets?: Record<string, { file: string }>;
  volumes?: Record<string, unknown>;
}

describe.each(['compose.yaml', 'compose.sqlite.yaml'])('GIVEN %s', (file) => {
  const compose = parseYaml(read(file)) as ComposeFile;
  const bot = compose.services.bot!;

  it('THEN it parses and the bot is built from this Dockerfile', () => {
    expect(bot.build).toBe('.');
  });

  it('THEN every variable set for the bot is a crashbot setting, and together they parse', () => {
    const env = bot.environment ?? {};
    expect(Object.keys(env).filter((v) => !KNOWN.has(v))).toEqual([]);
    // Secret files as the container has them: their content is not needed to parse the rest.
    const r = parseConfig(env, {
      readSecretFile: (path) =>
        Buffer.from(
          path.endsWith('database_url')
            ? 'postgres://crashbot:pw@db:5432/crashbot'
            : path.endsWith('app_token')
              ? 'xapp-1'
              : 'xoxb-1',
        ),
    });
    expect(r.ok ? [] : r.problems).toEqual([]);
  });

  it('THEN each *_FILE is a secret the bot mounts at /run/secrets/, declared with its file', () => {
    const files = Object.entries(bot.environment ?? {}).filter(([k]) => k.endsWith('_FILE'));
    expect(files.length).toBeGreaterThan(0);
    for (const [, path] of files) {
      const name = path.replace('/run/secrets/', '');
      expect(bot.secrets).toContain(name);
      expect(compose.secrets?.[name]?.file).toMatch(/^\.\/secrets\//);
    }
  });

  it('THEN the store outlives the container: a named volume for SQLite, or PostgreSQL with its own', () => {
    if (bot.environment?.DATABASE_URL_FILE) {
      expect(compose.services.db?.volumes?.[0]).toMatch(/^pgdata:/);
    } else {
      const dbPath = bot.environment?.CRASHBOT_DB_PATH ?? '';
      const mount = bot.volumes?.find((v) => dbPath.startsWith(`${v.split(':')[1]}/`));
      expect(mount, `a volume holding ${dbPath}`).toBeDefined();
      expect(compose.volumes).toHaveProperty(mount!.split(':')[0]!);
    }
  });
});

describe('GIVEN the Dockerfile', () => {
  const stages = readDockerfile(read('Dockerfile'));
  const runtime = stage(stages, 'runtime');

  it('THEN the runtime stage runs as a non-root user, keeps the store on a volume and checks /healthz', () => {
    const ops = (op: string) => runtime.instructions.filter((i) => i.op === op).map((i) => i.args);
    expect(ops('USER')).toEqual(['node']);
    expect(ops('VOLUME')).toEqual(['["/data"]']);
    expect(ops('HEALTHCHECK')[0]).toMatch(/CRASHBOT_METRICS_PORT.*\/healthz/);
    expect(runtime.from).toMatch(/NODE_IMAGE/);
    expect(readFileSync(join(ROOT, 'Dockerfile'), 'utf8')).toMatch(/ARG NODE_IMAGE=node:20-[a-z]+-slim/);
  });

  it('THEN every variable it sets, but NODE_ENV, is a crashbot setting, and the store is on the volume', () => {
    const env = Object.fromEntries(
      runtime.instructions
        .filter((i) => i.op === 'ENV')
        .flatMap((i) => [...i.args.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1]!, m[2]!])),
    );
    expect(Object.keys(env).filter((v) => v !== 'NODE_ENV' && !KNOWN.has(v))).toEqual([]);
    expect(env.CRASHBOT_DB_PATH).toMatch(/^\/data\//);
  });
});

const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;

describe.each(['sqlite', 'postgres'])('GIVEN the Kubernetes manifests (deploy/k8s/%s)', (variant) => {
  const dir = join(ROOT, 'deploy/k8s', variant);
  const docs = render(dir);
  const of = <T = Doc>(kind: string) => docs.filter((d) => d.kind === kind) as T[];
  const deployment = of('Deployment')[0] as Doc & {
    spec: {
      replicas: number;
      strategy: { type: string };
      template: {
        spec: {
          terminationGracePeriodSeconds: number;
          securityContext: { runAsNonRoot: boolean; runAsUser: number };
          containers: {
            env: { name: string; value: string }[];
            envFrom: { configMapRef: { name: string } }[];
            ports: { name: string; containerPort: number }[];
            livenessProbe: { httpGet: { path: string; port: string } };
            readinessProbe: { httpGet: { path: string; port: string } };
            volumeMounts: { name: string; mountPath: string }[];
          }[];
          volumes: {
            name: string;
            secret?: { secretName: string };
            persistentVolumeClaim?: { claimName: string };
          }[];
        };
      };
    };
  };
  const pod = deployment.spec.template.spec;
  const container = pod.containers[0]!;
  const settings = (of('ConfigMap')[0] as Doc & { data: Record<string, string> }).data;

  it('THEN every object validates against the Kubernetes schema', () => {
    expect(docs.map((d) => `${d.kind}/${d.metadata.name}`).sort()).toEqual(
      [
        'ConfigMap/crashbot-settings',
        'Deployment/crashbot',
        'Secret/crashbot-tokens',
        'Service/crashbot',
        ...(variant === 'sqlite' ? ['PersistentVolumeClaim/crashbot-data'] : ['Secret/crashbot-database']),
      ].sort(),
    );
    expect(docs.flatMap(schemaProblems)).toEqual([]);
  });

  it.skipIf(!kubectl)('THEN kubectl kustomize renders the same objects', () => {
    const out = execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
    const theirs = parseAllDocuments(out).map((d) => d.toJS() as Doc);
    const key = (d: Doc) => `${d.kind}/${d.metadata.name}`;
    expect(theirs.sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
      [...docs].sort((a, b) => key(a).localeCompare(key(b))),
    );
  });

  it('THEN every setting and variable is a crashbot setting, and together they parse', () => {
    expect(
      of('ConfigMap').every((c) => (c as Doc).metadata.name === container.envFrom[0]?.configMapRef.name),
    ).toBe(true);
    const env = { ...settings, ...Object.fromEntries(container.env.map((e) => [e.name, e.value])) };
    expect(Object.keys(env).filter((v) => !KNOWN.has(v))).toEqual([]);
    const r = parseConfig(env, {
      readSecretFile: (path) =>
        Buffer.from(
          path.endsWith('database-url')
            ? 'postgres://x:y@db/crashbot'
            : path.endsWith('app-token')
              ? 'xapp-1'
              : 'xoxb-1',
        ),
    });
    expect(r.ok ? [] : r.problems).toEqual([]);
    if (!r.ok) return;
    expect(r.config.store.kind).toBe(variant);
    // The pod is stopped after its grace period: the bot's own bound must be shorter.
    expect(r.config.shutdownTimeoutMs).toBeLessThan(pod.terminationGracePeriodSeconds * 1000);
  });

  it('THEN each *_FILE is a key of a Secret mounted at its folder', () => {
    const files = container.env.filter((e) => e.name.endsWith('_FILE'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const folder = f.value.slice(0, f.value.lastIndexOf('/'));
      const mount = container.volumeMounts.find((m) => m.mountPath === folder);
      const volume = pod.volumes.find((v) => v.name === mount?.name);
      const secret = of('Secret').find((s) => (s as Doc).metadata.name === volume?.secret?.secretName) as
        | (Doc & { stringData: Record<string, string> })
        | undefined;
      expect(secret?.stringData, f.name).toHaveProperty(f.value.slice(folder.length + 1));
    }
  });

  it('THEN the probes reach /healthz and /readyz on the health server port, run as non-root', () => {
    const metrics = container.ports.find((p) => p.name === container.livenessProbe.httpGet.port);
    expect(metrics?.containerPort).toBe(Number(settings.CRASHBOT_METRICS_PORT));
    expect(settings.CRASHBOT_METRICS_HOST).toBe('0.0.0.0');
    expect(container.livenessProbe.httpGet.path).toBe('/healthz');
    expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: metrics?.name });
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
  });

  it('THEN SQLite runs one replica that never overlaps its successor, PostgreSQL several', () => {
    if (variant === 'sqlite') {
      expect(deployment.spec.replicas).toBe(1);
      expect(deployment.spec.strategy.type).toBe('Recreate');
      const data = pod.volumes.find((v) => v.name === 'data');
      expect(data?.persistentVolumeClaim?.claimName).toBe('crashbot-data');
      expect(container.volumeMounts.find((m) => m.name === 'data')?.mountPath).toBe(
        settings.CRASHBOT_DB_PATH?.slice(0, settings.CRASHBOT_DB_PATH.lastIndexOf('/')),
      );
    } else {
      expect(deployment.spec.replicas).toBeGreaterThan(1);
      expect(pod.volumes.some((v) => v.persistentVolumeClaim)).toBe(false);
    }
  });
});

describe('GIVEN a broken manifest', () => {
  it('THEN the schema check finds it (a port as text, a missing container image name)', () => {
    const [deployment] = render(join(ROOT, 'deploy/k8s/sqlite')).filter(
      (d) => d.kind === 'Deployment',
    ) as (Doc & {
      spec: { template: { spec: { containers: Record<string, unknown>[] } } };
    })[];
    const c = deployment!.spec.template.spec.containers[0]!;
    c.ports = [{ name: 'http', containerPort: 'three thousand' }];
    delete c.name;
    const problems = schemaProblems(deployment!);
    expect(problems.join('\n')).toMatch(/containerPort must be integer/);
    expect(problems.join('\n')).toMatch(/name/);
  });
});
