/**
 * The export formats as their projects document them, compiled for checks: Bencher's BMF JSON
 * Schema (https://bencher.dev/docs/reference/bencher-metric-format, "Bencher Metric Format (BMF)
 * JSON Schema") and github-action-benchmark's custom tool input (its README, "Examples" of
 * customBiggerIsBetter / customSmallerIsBetter: an array of objects with name, unit and value,
 * and optional range and extra strings).
 */
import { Ajv } from 'ajv';

/** As Bencher publishes it (draft-07). */
const BMF_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema',
  type: 'object',
  patternProperties: {
    '.+': {
      type: 'object',
      patternProperties: {
        '.+': {
          type: 'object',
          properties: { value: { type: 'number' }, lower_value: { type: 'number' }, upper_value: { type: 'number' } },
          required: ['value'],
        },
      },
    },
  },
};

/** github-action-benchmark's custom input, as its README documents the fields. */
const GITHUB_BENCHMARK_SCHEMA = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      name: { type: 'string' },
      unit: { type: 'string' },
      value: { type: 'number' },
      range: { type: 'string' },
      extra: { type: 'string' },
    },
    required: ['name', 'unit', 'value'],
    additionalProperties: false,
  },
};

const ajv = new Ajv({ strict: false });
export const validBmf = ajv.compile(BMF_SCHEMA);
export const validGithubBenchmark = ajv.compile(GITHUB_BENCHMARK_SCHEMA);
