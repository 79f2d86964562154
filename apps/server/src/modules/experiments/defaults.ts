import { SPEC_VARIANTS } from '@crust/domain/experiments';
import type { NewExperimentRow } from './repo.ts';

const even = SPEC_VARIANTS.map((name) => ({ name, weight: 20 }));

/**
 * The experiments a new database starts with (issue 33 §2; SPEC §4 "voice and next-gen home experiments with
 * variants u, w, x, y, s"): on, without a start or stop, in every bucket but `none` (0–9, the hold-out). Written
 * once by name when missing, so the chain's later changes stay. docs/experiments.md says what each variant shows.
 */
export const DEFAULT_EXPERIMENTS: readonly NewExperimentRow[] = [
  {
    name: 'voice',
    description:
      'Voice ordering: who is offered it (u is the control; the feature comes with the voice issue)',
    buckets: ['C', 'A', 'B'],
    variants: even,
    enabled: true,
  },
  {
    name: 'nextGenHome',
    description: 'Next-gen home: u keeps the classic landing; w, x, y and s show the compact landing',
    buckets: ['C', 'A', 'B'],
    variants: even,
    enabled: true,
  },
  {
    name: 'menuReverseAB',
    description:
      "The menu's categories in reverse order, in the buckets the remote config's menuReverseAB names (true: B)",
    buckets: ['B'],
    variants: [{ name: 'on', weight: 1 }],
    enabled: true,
  },
];
