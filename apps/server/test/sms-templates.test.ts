import { describe, expect, it } from 'vitest';
import { OTP_VALID_SECONDS } from '@crust/domain/constants';
import {
  matchesTemplate,
  MAX_VALUE_LENGTH,
  PLACEHOLDER,
  renderSms,
  SMS_KINDS,
  SMS_TEMPLATES,
  type SmsKind,
  type SmsMessage,
} from '../src/providers/sms/templates.ts';

/** One message of each kind, with the longest values Crust gives it. */
const EXAMPLES: { [K in SmsKind]: Extract<SmsMessage, { kind: K }> } = {
  LOGIN_OTP: { kind: 'LOGIN_OTP', vars: { code: '042917' } },
  COD_CODE: { kind: 'COD_CODE', vars: { code: '913400', cash: 'Cash at the restaurant' } },
  GIFT_CARD_OTP: { kind: 'GIFT_CARD_OTP', vars: { code: '000118' } },
  DELIVERY_OTP: { kind: 'DELIVERY_OTP', vars: { code: '550021', orderNumber: 48213377 } },
  LATE_PLACED: { kind: 'LATE_PLACED', vars: { orderNumber: 99999999 } },
  LATE_FAILED: { kind: 'LATE_FAILED', vars: { orderNumber: 10000001 } },
  ORDER_BAKING: { kind: 'ORDER_BAKING', vars: { orderNumber: 99999999 } },
  // a rider's first name is cut at 30 characters (modules/notifications/notices.ts)
  ORDER_OUT: { kind: 'ORDER_OUT', vars: { orderNumber: 99999999, rider: 'Venkatasubramanianarayanaswam' } },
  ORDER_READY: { kind: 'ORDER_READY', vars: { orderNumber: 99999999 } },
  ORDER_DELIVERED: { kind: 'ORDER_DELIVERED', vars: { orderNumber: 99999999 } },
};

/** GSM 03.38's basic characters: a text of these alone fits 160 characters in one SMS. */
const GSM7 = /^[A-Za-z0-9 @£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ!"#¤%&'()*+,\-./:;<=>?¡ÄÖÑÜ§¿äöñüà\n\r]*$/;

describe('SMS templates: one per kind, as registered at the DLT portal', () => {
  it('has a template for every kind', () => {
    expect(Object.keys(SMS_TEMPLATES).sort()).toEqual([...SMS_KINDS].sort());
  });

  it.each(SMS_KINDS)('%s renders, and its text matches its DLT template', (kind) => {
    const message = EXAMPLES[kind];
    const text = renderSms(message);
    const { dlt } = SMS_TEMPLATES[kind];
    expect(text).not.toContain(PLACEHOLDER);
    // placeholder for value: the template with each value put back is the text, and the sandbox's matcher agrees
    const values = (SMS_TEMPLATES[kind] as { values(v: unknown): string[] }).values(message.vars);
    expect(dlt.split(PLACEHOLDER).length - 1).toBe(values.length);
    expect(values.reduce((t, v) => t.replace(PLACEHOLDER, v), dlt)).toBe(text);
    expect(matchesTemplate(dlt, text)).toBe(true);
    // one SMS part, no Unicode: one charge, and the same text on every handset
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text).toMatch(GSM7);
    for (const value of values) expect(value.length).toBeLessThanOrEqual(MAX_VALUE_LENGTH);
  });

  it.each(SMS_KINDS)('%s matches no other kind’s template', (kind) => {
    const text = renderSms(EXAMPLES[kind]);
    for (const other of SMS_KINDS.filter((k) => k !== kind))
      expect(matchesTemplate(SMS_TEMPLATES[other].dlt, text), other).toBe(false);
  });

  it('keeps the wording the browser and server tests read', () => {
    const code = (kind: SmsKind) => /\b(\d{6})\b/.exec(renderSms(EXAMPLES[kind]))?.[1];
    expect(code('LOGIN_OTP')).toBe('042917');
    expect(code('COD_CODE')).toBe('913400');
    expect(code('GIFT_CARD_OTP')).toBe('000118');
    expect(code('DELIVERY_OTP')).toBe('550021');
    expect(renderSms(EXAMPLES.COD_CODE)).toBe(
      '913400 is your Crust code to confirm your order (cash at the restaurant). Do not share it.',
    );
    expect(renderSms(EXAMPLES.GIFT_CARD_OTP)).toMatch(/is your Crust code to pay with your gift card/);
    expect(renderSms(EXAMPLES.LATE_PLACED)).toBe(
      'Crust: your payment went through and order 99999999 is confirmed. Track it in the app.',
    );
  });

  it('says how long a login code lasts as long as it does', () => {
    expect(SMS_TEMPLATES.LOGIN_OTP.dlt).toContain(`valid for ${OTP_VALID_SECONDS / 60} minutes`);
  });

  it.each([
    ['a word changed', (t: string) => t.replace('verification', 'login')],
    ['a character added', (t: string) => `${t}!`],
    [
      'a value left out',
      () => ' is your Crust verification code. It is valid for 5 minutes. Do not share it.',
    ],
    [
      'a value too long',
      () => renderSms({ kind: 'LOGIN_OTP', vars: { code: '1'.repeat(MAX_VALUE_LENGTH + 1) } }),
    ],
    ['a value over two lines', () => renderSms({ kind: 'LOGIN_OTP', vars: { code: '12\n34' } })],
  ])('refuses a text with %s', (_what, change) => {
    const text = change(renderSms(EXAMPLES.LOGIN_OTP));
    expect(matchesTemplate(SMS_TEMPLATES.LOGIN_OTP.dlt, text)).toBe(false);
  });

  it('reads a template’s own special characters literally', () => {
    expect(matchesTemplate('Pay (now) {#var#}.', 'Pay (now) 5.')).toBe(true);
    expect(matchesTemplate('Pay (now) {#var#}.', 'Pay now 5.')).toBe(false);
    expect(matchesTemplate('Total {#var#}.', 'Total 5x')).toBe(false);
  });
});
