/** The experiments' answers (the SPEC gives none). */
export const EXPERIMENT_TEXTS = {
  notFound: 'There is no experiment of this name.',
  badClientId: 'The client id is not a GA-style client id.',
} as const;
