import { LOYALTY_MESSAGES, type EnrollmentStatus } from '@crust/domain/loyalty';

export const LOYALTY_TEXTS = {
  notEnoughPoints: LOYALTY_MESSAGES.notEnoughPoints,
  storeNotFound: 'We could not find this restaurant. Please choose another.',
  notFound: 'No Pizza Pals account found.',
  notAllowed: (status: EnrollmentStatus) =>
    status === 'ENROLLING' || status === 'WAITING'
      ? 'Your Pizza Pals enrolment is on its way. Please check again in a moment.'
      : status === 'OPT_OUT' || status === 'NEW' || status === 'STARTED'
        ? 'You are not a Pizza Pals member.'
        : 'This cannot be done for your Pizza Pals account right now.',
} as const;
