/* eslint-disable @typescript-eslint/no-restricted-imports -- lazy back-office chunk only, see console-api.ts */
import {
  ExperimentAdminResponseSchema,
  ExperimentsAdminResponseSchema,
  type ExperimentAdmin,
} from '@crust/contract/experiments';
/* eslint-enable @typescript-eslint/no-restricted-imports */
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import { fillPath } from '@crust/contract/paths';
import { call } from './console-api.ts';

/** The Experiments view's calls (issue 33 §2, docs/experiments.md): the chain admin's list and switch. */
export async function fetchExperiments(signal?: AbortSignal): Promise<ExperimentAdmin[]> {
  return (await call(CONSOLE_PATHS.experiments, ExperimentsAdminResponseSchema, { signal })).data.experiments;
}

export async function switchExperiment(name: string, action: 'start' | 'stop'): Promise<ExperimentAdmin> {
  return (
    await call(fillPath(CONSOLE_PATHS.experimentSwitch, { name }), ExperimentAdminResponseSchema, {
      method: 'POST',
      body: { action },
    })
  ).data;
}
