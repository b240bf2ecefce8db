/**
 * gauntlet as a framework's repository uses it: packed, installed with a plain `npm install` into
 * bench/gauntlet as docs/ci/README.md says, with a target of the repository's own, and driven by
 * every command of docs/ci/gauntlet.yml. The framework is polka's latest release on npm, unpacked
 * as if it were the repository.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import type { CountsDocument } from '../../src/instructions/count-result.js';
import { leftoverProcesses, newMark, projectRoot, TEST_MARK_VAR } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';
import { validBmf, validGithubBenchmark } from '../helpers/export-schemas.js';
import { valgrindUnavailable } from '../../src/instructions/valgrind.js';
import { runJob, type Workflow, type WorkflowStep } from '../helpers/workflow.js';

const exec = promisify(execFile);
const npmQuiet = ['--prefer-offline', '--no-audit', '--no-fund'];
const workflowFile = join(projectRoot, 'docs', 'ci', 'gauntlet.yml');

let dir: string;
/** The framework's repository as committed: its sources, lockfile and bench/gauntlet, without node_modules. */
let repository: string;
/** bench/gauntlet after the plain install the setup asks for. */
let installed: string;
let frameworkVersion: string;

before(async () => {
  dir = tempDir('published');
  // dist/ is already built by pretest; --ignore-scripts packs it as it is.
  await exec('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], { cwd: projectRoot });
  const { version } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string };
  const tarball = join(dir, `gauntlet-bench-${version}.tgz`);

  repository = join(dir, 'repository');
  mkdirSync(repository);
  const packed = (await exec('npm', ['pack', '--silent', 'polka@latest', ...npmQuiet], { cwd: dir })).stdout.trim();
  await exec('tar', ['xzf', join(dir, packed), '--strip-components=1', '-C', repository]);
  frameworkVersion = (JSON.parse(readFileSync(join(repository, 'package.json'), 'utf8')) as { version: string })
    .version;
  await exec('npm', ['install', '--package-lock-only', ...npmQuiet], { cwd: repository });

  // docs/ci/README.md, "Set it up", with the tarball for the registry's gauntlet-bench
  installed = join(repository, 'bench', 'gauntlet');
  await exec(
    'npm',
    ['install', '--prefix', installed, '--save-exact', ...npmQuiet, tarball, `polka@${frameworkVersion}`],
    {
      cwd: repository,
      maxBuffer: 1 << 24,
    },
  );
  await exec('npm', ['pkg', 'set', 'type=module', '--prefix', installed], { cwd: repository });
  writeTarget(join(installed, 'consumer-polka'));
});

/** A target kept in the repository (docs/targets.md): polka's hello app. */
function writeTarget(folder: string): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'manifest.js'),
    `import { defineTarget } from 'gauntlet-bench/target';
export default defineTarget({ name: 'consumer-polka', title: 'polka, kept by its user', description: 'polka from outside gauntlet',
  packages: ['polka'], router: true, homepage: '', apps: { hello: 'hello.js' } });`,
  );
  writeFileSync(
    join(folder, 'hello.js'),
    `import polka from 'polka';
import { announceListening, exitWhenOrphaned, listenAddress } from 'gauntlet-bench/target';
const text = (res, status, type, body) => { res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) }); res.end(body); };
const app = polka()
  .get('/', (req, res) => text(res, 200, 'text/plain; charset=utf-8', 'Hello, world!'))
  .get('/json', (req, res) => text(res, 200, 'application/json; charset=utf-8', JSON.stringify({ hello: 'world' })))
  .get('/user/:id', (req, res) => text(res, 200, 'text/plain; charset=utf-8', req.params.id));
const { host, port } = listenAddress();
app.listen(port, host, () => announceListening('consumer-polka'));
exitWhenOrphaned();`,
  );
}

test('a plain npm install of the packed gauntlet takes, and its API and CLI work there', {
  timeout: 300_000,
}, async () => {
  writeFileSync(
    join(installed, 'use.mjs'),
    `import { verify, RUN_DEFAULTS } from 'gauntlet-bench';
const outcome = await verify({ targets: ['node-http', 'fastify'], scenarios: ['json'] });
console.log(JSON.stringify({ runtimes: outcome.runtimes.map((r) => r.id), verdicts: outcome.verdicts, repeats: RUN_DEFAULTS.repeats }));`,
  );
  const used = JSON.parse((await exec(process.execPath, ['use.mjs'], { cwd: installed })).stdout) as {
    runtimes: string[];
    verdicts: Array<{ target: string; ok: boolean }>;
    repeats: number;
  };
  assert.deepEqual(used.runtimes, ['node@24'], 'targets run on the default runtime, found in the installed tree');
  assert.deepEqual(
    used.verdicts.map((v) => [v.target, v.ok]),
    [
      ['node-http', true],
      ['fastify', true],
    ],
  );
  assert.equal(used.repeats, 3);

  const gauntlet = join(installed, 'node_modules', '.bin', 'gauntlet');
  const listed = JSON.parse(
    (await exec(gauntlet, ['list', '--json', '--target-dir', installed], { cwd: repository, maxBuffer: 1 << 24 }))
      .stdout,
  ) as { targets: Array<{ name: string; available: boolean; reason?: string; packages: Record<string, string> }> };
  assert.ok(
    listed.targets.some((t) => t.name === 'fastify' && t.available),
    'the CLI finds the hoisted frameworks',
  );
  const own = listed.targets.find((t) => t.name === 'consumer-polka');
  assert.equal(own?.available, true, 'the target kept in the repository is found');
  assert.equal(own?.packages.polka, frameworkVersion, 'with the version its folder resolves');
  // the Wooks 0.6 line installs only with legacy peer deps: left out, with the command that adds it
  const moost = listed.targets.find((t) => t.name === 'moost');
  assert.equal(moost?.available, false);
  assert.match(moost?.reason ?? '', /npm install moost@0\.5\.33 .*wooks@0\.6\.5.* --legacy-peer-deps/);
});

const workflow = parse(readFileSync(workflowFile, 'utf8')) as Workflow;
/** The workflow's settings, made small: one process per version, counted briefly. */
const settings = {
  FRAMEWORK: 'polka',
  TARGET: 'consumer-polka',
  COUNTS: '--count-processes 1 --count-warmup 1000 --count-requests 400',
};

test('docs/ci/gauntlet.yml: every setting sits in its env block, and no run step needs the runner', () => {
  assert.deepEqual(Object.keys(workflow.env).sort(), Object.keys(settings).sort());
  assert.deepEqual(Object.keys(workflow.jobs).sort(), ['ab', 'history']);
  for (const job of Object.values(workflow.jobs))
    for (const step of job.steps)
      assert.ok(!step.run?.includes('${{'), `a run step reads the environment, not expressions: ${step.run}`);
});

/**
 * Stands in for the `uses:` steps: the checkout copies the committed repository, and the steps
 * that read files (an upload, github-action-benchmark) find them, in the format they read.
 */
function usesStep(step: WorkflowStep, workspace: string): void {
  const [action] = (step.uses ?? '').split('@');
  switch (action) {
    case 'actions/checkout':
      cpSync(repository, workspace, {
        recursive: true,
        filter: (source) => !source.split('/').includes('node_modules'),
      });
      return;
    case 'actions/setup-node':
      assert.ok(Number(step.with?.['node-version']) >= 20, 'a Node.js that gauntlet runs on');
      return;
    case 'actions/upload-artifact':
      assert.ok(existsSync(join(workspace, String(step.with?.path))), `uploads ${step.with?.path}`);
      return;
    case 'benchmark-action/github-action-benchmark': {
      const tool = String(step.with?.tool);
      const file = String(step.with?.['output-file-path']);
      assert.ok(
        (tool === 'customSmallerIsBetter' && file.endsWith('-smaller-is-better.json')) ||
          (tool === 'customBiggerIsBetter' && file.endsWith('-bigger-is-better.json')),
        `${tool} reads ${file}`,
      );
      const entries = JSON.parse(readFileSync(join(workspace, file), 'utf8')) as Array<{ name: string }>;
      assert.ok(validGithubBenchmark(entries), JSON.stringify(validGithubBenchmark.errors));
      assert.ok(
        entries.some((e) => e.name === 'hello/json/consumer-polka - instructions-per-request'),
        JSON.stringify(entries),
      );
      return;
    }
    default:
      assert.fail(`the test does not know the action ${step.uses}: say here what stands in for it`);
  }
}

const skip = valgrindUnavailable();
/** As a runner with npm's cache restored: packages come from the cache where it has them. */
const runnerEnv = { npm_config_prefer_offline: 'true' };

/** Runs a job of the workflow for the event its `if` names, and checks it left no process behind. */
async function runWorkflowJob(name: 'ab' | 'history', event: string) {
  const job = workflow.jobs[name];
  assert.match(job.if ?? '', new RegExp(`github\\.event_name == '${event}'`));
  const mark = newMark();
  const run = await runJob(job, join(dir, name), { ...settings, ...runnerEnv, [TEST_MARK_VAR]: mark }, usesStep);
  assert.deepEqual(await leftoverProcesses(mark), []);
  return run;
}

test("docs/ci/gauntlet.yml's pull-request job counts the repository's code against the latest release", {
  skip,
  timeout: 600_000,
}, async () => {
  const run = await runWorkflowJob('ab', 'pull_request');
  const summary = readFileSync(run.summary, 'utf8');
  assert.match(
    summary,
    new RegExp(`^# gauntlet ab --cost instructions: polka@${frameworkVersion} against polka@file:`, 'm'),
    'the verdict went to the job summary',
  );
  assert.match(readFileSync(join(run.workspace, 'ab.md'), 'utf8'), /instructions\/req/);
  const [runFolder] = readdirSync(join(run.workspace, 'results'));
  const counts = JSON.parse(
    readFileSync(join(run.workspace, 'results', runFolder, 'instructions.json'), 'utf8'),
  ) as CountsDocument;
  assert.equal(counts.counts.length, 2, 'A and B, one process each');
});

test("docs/ci/gauntlet.yml's main job counts the commit as published and writes what github-action-benchmark and Bencher read", {
  skip,
  timeout: 600_000,
}, async () => {
  const run = await runWorkflowJob('history', 'push');
  const bmf = JSON.parse(readFileSync(join(run.workspace, 'gauntlet-bmf.json'), 'utf8')) as Record<
    string,
    Record<string, { value: number }>
  >;
  assert.ok(validBmf(bmf), JSON.stringify(validBmf.errors));
  assert.deepEqual(Object.keys(bmf).sort(), ['hello/json/consumer-polka', 'hello/json/node-http']);
  assert.ok(bmf['hello/json/consumer-polka']['instructions-per-request'].value > 0);
  assert.match(readFileSync(run.summary, 'utf8'), /consumer-polka/, 'the ranking went to the job summary');
});
