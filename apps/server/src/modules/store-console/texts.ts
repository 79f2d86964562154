/** The store console's own texts (staff-facing; the SPEC gives none). */
export const CONSOLE_TEXTS = {
  badLogin: 'Wrong username or password.',
  locked: 'Too many wrong passwords for this login. Please try again in 15 minutes.',
  ended: 'Your session has ended. Please log in again.',
  mustChange: 'Choose a new password before using the store console.',
  wrongCurrent: 'Your current password is not right.',
  samePassword: 'Choose a password different from the one you have now.',
  notYours: 'No such store or order for this login.',
  adminOnly: 'Only a chain admin can change what customers see.',
} as const;
