/**
 * Runs one job of a GitHub Actions workflow on this machine, as a runner would: each `run:` step
 * in bash (`bash --noprofile --norc -eo pipefail`, the runner's default on Linux) with the
 * workflow's env, in the job's workspace. A `uses:` step cannot run here; the caller says what it
 * stands for (a checkout copies the repository, an upload checks its path exists, …).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

export interface WorkflowStep {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, string | number | boolean>;
}

export interface WorkflowJob {
  name?: string;
  if?: string;
  'runs-on': string;
  steps: WorkflowStep[];
}

export interface Workflow {
  name: string;
  on: Record<string, unknown>;
  env: Record<string, string>;
  jobs: Record<string, WorkflowJob>;
}

export interface JobRun {
  workspace: string;
  /** The file GITHUB_STEP_SUMMARY named for the job. */
  summary: string;
  /** What each `run:` step printed, in order. */
  outputs: Array<{ step: string; stdout: string; stderr: string }>;
}

/**
 * Runs `job`'s steps in a fresh workspace under `dir`. `uses` is called for each `uses:` step and
 * stands in for it. A failing `run:` step fails the job, with its output in the error.
 */
export async function runJob(
  job: WorkflowJob,
  dir: string,
  env: Record<string, string>,
  uses: (step: WorkflowStep, workspace: string) => void,
): Promise<JobRun> {
  const workspace = join(dir, 'workspace');
  const temp = join(dir, 'runner-temp');
  mkdirSync(workspace, { recursive: true });
  mkdirSync(temp, { recursive: true });
  const summary = join(dir, 'step-summary.md');
  writeFileSync(summary, '');
  const stepEnv = {
    ...process.env,
    ...env,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: temp,
    GITHUB_STEP_SUMMARY: summary,
  };
  const outputs: JobRun['outputs'] = [];
  for (const step of job.steps) {
    if (step.uses) {
      uses(step, workspace);
      continue;
    }
    if (!step.run) throw new Error(`a step with neither uses nor run: ${JSON.stringify(step)}`);
    const label = step.name ?? step.run.split('\n')[0];
    try {
      const { stdout, stderr } = await exec('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run], {
        cwd: workspace,
        env: stepEnv,
        maxBuffer: 1 << 26,
        timeout: 600_000,
      });
      outputs.push({ step: label, stdout, stderr });
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      throw new Error(`step "${label}" failed (exit ${failed.code})\n${failed.stdout}\n${failed.stderr}`);
    }
  }
  return { workspace, summary, outputs };
}
