import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { paise } from '@crust/domain/money';
import { CardForm } from '../src/features/payment/CardForm.tsx';
import { expiryYears, groupCardNumber } from '../src/features/payment/card-format.ts';

const ACTION = '/sandbox/pg/pay/order_X/card';
const errorOf = (label: string) => {
  const id = screen.getByLabelText(label).getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
};
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const nextYear = String(new Date().getFullYear() + 1);

function renderForm(validateWithLuhn = true, incorrectCardError?: string) {
  render(
    <CardForm
      action={ACTION}
      amountPaise={paise(45_150)}
      validateWithLuhn={validateWithLuhn}
      incorrectCardError={incorrectCardError}
    />,
  );
  return screen.getByRole('button', { name: /^Pay/ }).closest('form')!;
}

/** Submits the form; returns whether the browser would have posted it (not prevented). */
const submit = (form: HTMLFormElement) => fireEvent.submit(form);

describe('card number display', () => {
  it.each([
    ['4111111111111111', '4111 1111 1111 1111'],
    ['4111-1111 1111', '4111 1111 1111'],
    ['378282246310005', '3782 822463 10005'],
    ['6522000000000006', '6522 0000 0000 0006'],
    ['4111111111111111999', '4111 1111 1111 1111 999'],
  ])('%s → %s', (typed, shown) => {
    expect(groupCardNumber(typed)).toBe(shown);
  });

  it('offers this year and the next 15', () => {
    const years = expiryYears(Date.parse('2026-11-22T10:00:00Z'));
    expect(years[0]).toBe('2026');
    expect(years).toHaveLength(16);
  });
});

describe('the card form (SPEC §5 Card)', () => {
  it('posts straight to the gateway with the gateway field names, and says the amount', () => {
    const form = renderForm();
    expect(form.getAttribute('action')).toBe(ACTION);
    expect(form.getAttribute('method')).toBe('post');
    expect(screen.getByRole('button', { name: 'Pay ₹451.50' })).toBeTruthy();
    for (const [label, name] of [
      ['Card number', 'number'],
      ['Month', 'month'],
      ['Year', 'year'],
      ['CVV', 'cvv'],
      ['Name on card', 'name'],
    ] as const)
      expect(screen.getByLabelText(label).getAttribute('name')).toBe(name);
  });

  it('an empty form shows every message and is not posted', () => {
    const form = renderForm();
    expect(submit(form)).toBe(false);
    expect(errorOf('Card number')).toBe('Invalid card Number');
    expect(errorOf('Month')).toBe('Please select Month');
    expect(errorOf('Year')).toBe('Please select Year');
    expect(errorOf('CVV')).toBe('Invalid CVV');
    expect(errorOf('Name on card')).toBe('Please Enter Valid Name');
  });

  it('shows the brand after 3 digits', () => {
    renderForm();
    type('Card number', '41');
    expect(screen.queryByText('Visa')).toBeNull();
    type('Card number', '411');
    expect(screen.getByText('Visa')).toBeTruthy();
    type('Card number', '5555');
    expect(screen.getByText('Mastercard')).toBeTruthy();
  });

  it('a number failing Luhn is "Incorrect card number." unless the switch is off', () => {
    const form = renderForm();
    type('Card number', '4111111111111112');
    type('Month', '12');
    type('Year', nextYear);
    type('CVV', '123');
    type('Name on card', 'Asha Rao');
    expect(submit(form)).toBe(false);
    expect(errorOf('Card number')).toBe('Incorrect card number.');
  });

  it("the remote config's incorrectCardError replaces that text (SPEC §3)", () => {
    const form = renderForm(true, 'That card number does not look right.');
    type('Card number', '4111111111111112');
    type('Month', '12');
    type('Year', nextYear);
    type('CVV', '123');
    type('Name on card', 'Asha Rao');
    expect(submit(form)).toBe(false);
    expect(errorOf('Card number')).toBe('That card number does not look right.');
  });

  it('with Luhn switched off the same number is posted', () => {
    const form = renderForm(false);
    type('Card number', '4111111111111112');
    type('Month', '12');
    type('Year', nextYear);
    type('CVV', '123');
    type('Name on card', 'Asha Rao');
    expect(submit(form)).toBe(true);
  });

  it('a good card is posted once; the button then waits for the bank', () => {
    const form = renderForm();
    type('Card number', '4111 1111 1111 1111');
    type('Month', '01');
    type('Year', nextYear);
    type('CVV', '123');
    type('Name on card', 'Asha Rao');
    expect(submit(form)).toBe(true);
    expect(screen.getByRole('button', { name: 'Opening your bank…' }).hasAttribute('disabled')).toBe(true);
    expect(submit(form)).toBe(false);
  });

  it('Amex needs a 4-digit CVV; messages follow the typing after a first try', () => {
    const form = renderForm();
    type('Card number', '378282246310005');
    type('Month', '01');
    type('Year', nextYear);
    type('CVV', '123');
    type('Name on card', 'Asha Rao');
    expect(submit(form)).toBe(false);
    expect(errorOf('CVV')).toBe('Invalid CVV');
    type('CVV', '1234');
    expect(errorOf('CVV')).toBeNull();
  });

  it('numeric fields block e E + - .', () => {
    renderForm();
    for (const label of ['Card number', 'CVV'])
      for (const key of ['e', 'E', '+', '-', '.'])
        expect(fireEvent.keyDown(screen.getByLabelText(label), { key })).toBe(false);
  });
});

describe('the card validation call (issue 5)', () => {
  const fill = (number: string) => {
    type('Card number', number);
    type('Month', '12');
    type('Year', nextYear);
    type('CVV', '123');
    type('Name on card', 'Asha Verma');
  };

  it('asks about the first 6 digits only, shows its text and holds the form back', async () => {
    const asked: string[] = [];
    const checkBin = (digits: string) => {
      asked.push(digits);
      return Promise.resolve('This is a credit card. Please choose Credit Card to pay with it.');
    };
    render(<CardForm action={ACTION} amountPaise={paise(45_150)} validateWithLuhn checkBin={checkBin} />);
    fill('4111 1111 1111 1111');
    expect(
      await screen.findByText('This is a credit card. Please choose Credit Card to pay with it.'),
    ).toBeTruthy();
    expect(asked).toEqual(['411111']);
    const form = screen.getByRole('button', { name: /^Pay/ }).closest('form')!;
    expect(submit(form)).toBe(false);
  });

  it('a card the call accepts (or a failed call, answered as null) posts', async () => {
    const checkBin = () => Promise.resolve(null);
    render(<CardForm action={ACTION} amountPaise={paise(45_150)} validateWithLuhn checkBin={checkBin} />);
    fill('4111 1111 1111 1111');
    await Promise.resolve();
    const form = screen.getByRole('button', { name: /^Pay/ }).closest('form')!;
    expect(submit(form)).toBe(true);
    expect(errorOf('Card number')).toBeNull();
  });
});
