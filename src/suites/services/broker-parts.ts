/**
 * The services suite's parts that go through real brokers: Moleculer's transporters (the
 * reference report's "Transporters test suite", at every payload size) and the cross-framework
 * math.add (its "Request times"), in labelled setups. The brokers are gauntlet's services;
 * rows that go through one record its CPU per call.
 */
import type { BenchCase, BenchPart, BenchTable } from '../inproc-types.js';
import type { ServiceName } from '../types.js';
import { PAYLOAD_SIZES } from './cases/payloads.js';
import { TRANSPORTER_SERVICE, TRANSPORTERS } from './remote/echo.js';
import { SETUP_ROWS, SETUP_TITLES, type SetupName } from './remote/setups.js';

const measured = (service: ServiceName | undefined) => (service ? { measureServices: [service] } : {});

export const transporters: BenchPart = {
  name: 'transporters',
  title: 'Transporters',
  module: 'suites/services/cases/transporters.js',
  services: ['nats', 'redis', 'mqtt'],
  tables: PAYLOAD_SIZES.map(({ label, bytes }) => ({
    name: `transporters-${label.replace(' ', '').toLowerCase()}`,
    title: `Transport with ${label} (request and echo)`,
    reference: 'fake',
    options: { bytes },
    cases: TRANSPORTERS.map(
      (transporter): BenchCase => ({
        name: transporter.toLowerCase(),
        title: transporter,
        factory: 'remote-call',
        options: { transporter },
        ...measured(TRANSPORTER_SERVICE[transporter]),
      }),
    ),
  })),
};

const FRAMEWORK_TITLES = {
  moleculer: 'Moleculer',
  seneca: 'Seneca',
  hemera: 'Hemera',
  nanoservices: 'Nanoservices',
  cote: 'cote',
} as const;

/** The reference report took Seneca, its slowest, as the 0 % row; brokerless has cote alone. */
const REFERENCE_ROW: Record<SetupName, string> = {
  local: 'seneca',
  reference: 'seneca',
  fair: 'seneca',
  separate: 'seneca',
  brokerless: 'cote-one-process',
};

function setupTable(setup: SetupName): BenchTable {
  const rows = SETUP_ROWS.filter((row) => row.setup === setup);
  return {
    name: `cross-framework-${setup}`,
    title: `Call ${setup === 'local' ? 'local' : 'remote'} actions: ${SETUP_TITLES[setup]}`,
    reference: REFERENCE_ROW[setup],
    cases: rows.map((row): BenchCase => {
      const several = rows.filter((r) => r.framework === row.framework).length > 1;
      const suffix = several ? `-${row.transport.includes('two') ? 'two-processes' : 'one-process'}` : '';
      return {
        name: `${row.framework}${suffix}`,
        title: `${FRAMEWORK_TITLES[row.framework]} (${row.transport})`,
        factory: 'math-add',
        options: { setup, framework: row.framework, transport: row.transport },
        ...measured(row.nats ? 'nats' : undefined),
      };
    }),
  };
}

export const crossFramework: BenchPart = {
  name: 'cross-framework',
  title: 'Cross-framework calls (math.add)',
  module: 'suites/services/cases/cross-framework.js',
  services: ['nats'],
  tables: (['local', 'reference', 'fair', 'separate', 'brokerless'] as SetupName[]).map(setupTable),
};

export const BROKER_PARTS: BenchPart[] = [transporters, crossFramework];
