/** The experiments' answers (the SPEC gives none). */
export const EXPERIMENT_TEXTS = {
  notFound: 'There is no experiment of this name.',
} as const;
