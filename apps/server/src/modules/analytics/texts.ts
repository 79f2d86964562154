/** What the analytics calls answer when they refuse (docs/analytics.md). */
export const ANALYTICS_TEXTS = {
  /** a property that names or holds personal data: the event is refused, so the app's code gets fixed */
  personalData: (key: string, reason: 'key' | 'mobile' | 'email' | 'card') =>
    reason === 'key'
      ? `Event property "${key}" names personal data (a mobile number, name, e-mail, address, UPI id or card). Events must not carry personal data.`
      : `Event property "${key}" holds what looks like ${
          reason === 'mobile'
            ? 'a mobile number'
            : reason === 'email'
              ? 'an e-mail address or UPI id'
              : 'a card number'
        }. Events must not carry personal data.`,
  clientId: 'Events need the ga_client_id header: the app’s own random id for this device.',
  notADay: 'That is not a day of the calendar.',
  badRange: 'The end of the period must not be before its start.',
  longRange: (days: number) => `The funnel covers at most ${days} days at a time.`,
} as const;
