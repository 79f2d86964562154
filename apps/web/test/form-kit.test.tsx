import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PHONE_LENGTH } from '@crust/domain/constants';
import { Checkbox } from '../src/shared/ui/form/Checkbox.tsx';
import { MobileField } from '../src/shared/ui/form/MobileField.tsx';
import { PasswordField } from '../src/shared/ui/form/PasswordField.tsx';
import { RadioGroup } from '../src/shared/ui/form/RadioGroup.tsx';
import { SelectField } from '../src/shared/ui/form/SelectField.tsx';
import { Stepper, StepperField } from '../src/shared/ui/form/Stepper.tsx';
import { TextAreaField, TextField } from '../src/shared/ui/form/TextField.tsx';

/** The texts an input's aria-describedby names, in order. */
const described = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

function Controlled(props: { numeric?: boolean; maxLength?: number }) {
  const [value, setValue] = useState('');
  return <TextField label="Order Id" value={value} onChange={setValue} {...props} />;
}

describe('TextField', () => {
  it('a text longer than its limit keeps what fits and says so, instead of cutting silently', async () => {
    render(<Controlled maxLength={10} />);
    const input = screen.getByLabelText<HTMLInputElement>('Order Id');
    await userEvent.type(input, 'Tower 3, 9');
    expect(described(input)).toContain('At most 10 characters');
    await userEvent.type(input, 'th floor');
    expect(input.value).toBe('Tower 3, 9');
    expect(described(input)).toContain('At most 10 characters: the rest was not kept');
    await userEvent.type(input, '{Backspace}');
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });

  it('its label names the input', () => {
    render(<TextField label="First name" value="Asha" onChange={() => {}} />);
    expect(screen.getByLabelText<HTMLInputElement>('First name').value).toBe('Asha');
  });

  it('valid and without a hint: no aria-invalid, no aria-describedby, no error shown', () => {
    render(<TextField label="First name" value="" onChange={() => {}} />);
    const input = screen.getByLabelText('First name');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an error: aria-invalid, announced, and named by aria-describedby after the hint', () => {
    render(<TextField label="Email" hint="Optional" error="Invalid email" value="x" onChange={() => {}} />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Invalid email');
    expect(described(input)).toEqual(['Optional', 'Invalid email']);
  });

  it('errorReplacesHint: the hint shows until there is an error, then the error alone', () => {
    const { rerender } = render(
      <TextField label="Order Id" hint="On your SMS" errorReplacesHint value="" onChange={() => {}} />,
    );
    expect(described(screen.getByLabelText('Order Id'))).toEqual(['On your SMS']);
    rerender(
      <TextField
        label="Order Id"
        hint="On your SMS"
        errorReplacesHint
        error="Please Enter Order Id No."
        value=""
        onChange={() => {}}
      />,
    );
    expect(described(screen.getByLabelText('Order Id'))).toEqual(['Please Enter Order Id No.']);
    expect(screen.queryByText('On your SMS')).toBeNull();
  });

  it('keeps a given id (a screen focuses its first error by it)', () => {
    render(<TextField id="ck-email" label="Email" error="Invalid email" value="" onChange={() => {}} />);
    const input = screen.getByLabelText('Email');
    expect(input.id).toBe('ck-email');
    expect(input.getAttribute('aria-describedby')).toBe('ck-email-e');
  });

  it('numeric (SPEC §5 Generic): e, E, +, - and a dot are blocked; digits and editing keys are not', () => {
    render(<Controlled numeric maxLength={12} />);
    const input = screen.getByLabelText('Order Id');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('maxlength')).toBe('12');
    for (const key of ['e', 'E', '+', '-', '.']) expect(fireEvent.keyDown(input, { key })).toBe(false);
    for (const key of ['1', 'Backspace', 'ArrowLeft', 'Tab'])
      expect(fireEvent.keyDown(input, { key })).toBe(true);
  });

  it('a plain text field blocks nothing', () => {
    render(<Controlled />);
    expect(fireEvent.keyDown(screen.getByLabelText('Order Id'), { key: 'e' })).toBe(true);
  });

  it('TextAreaField: label, hint and error as a text field has them', () => {
    render(
      <TextAreaField label="Reason" hint="0/200" error="Too short" value="" rows={2} onChange={() => {}} />,
    );
    const area = screen.getByLabelText('Reason');
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.getAttribute('aria-invalid')).toBe('true');
    expect(described(area)).toEqual(['0/200', 'Too short']);
  });
});

describe('MobileField (SPEC §5 Mobile)', () => {
  it('is "Mobile Number" with +91 beside it, a tel input of at most the configured digits', () => {
    render(<MobileField value="" error={null} onChange={() => {}} />);
    const input = screen.getByLabelText('Mobile Number');
    expect(input.getAttribute('type')).toBe('tel');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('maxlength')).toBe(String(PHONE_LENGTH));
    expect(screen.getByText('+91').getAttribute('aria-hidden')).toBe('true');
  });

  it('blocks e, E, +, - and a dot', () => {
    render(<MobileField value="" error={null} onChange={() => {}} />);
    const input = screen.getByLabelText('Mobile Number');
    for (const key of ['e', 'E', '+', '-', '.']) expect(fireEvent.keyDown(input, { key })).toBe(false);
    expect(fireEvent.keyDown(input, { key: '9' })).toBe(true);
  });

  it('shows the rule’s message as the field’s error', () => {
    render(
      <MobileField
        value="0987"
        error="Please do not add 0 in front of your mobile number"
        onChange={() => {}}
      />,
    );
    const input = screen.getByLabelText('Mobile Number');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(described(input)).toEqual(['Please do not add 0 in front of your mobile number']);
  });

  it('passes what is typed on', () => {
    const onChange = vi.fn();
    render(<MobileField value="" error={null} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Mobile Number'), { target: { value: '98765' } });
    expect(onChange).toHaveBeenCalledWith('98765');
  });
});

describe('PasswordField', () => {
  it('hides the password until Show, which says Hide and is pressed', async () => {
    render(
      <PasswordField label="Password" autoComplete="current-password" value="secret" onChange={() => {}} />,
    );
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    expect(input.getAttribute('maxlength')).toBe('128');
    const toggle = screen.getByRole('button', { name: 'Show' });
    expect(toggle.getAttribute('aria-controls')).toBe(input.id);
    await userEvent.click(toggle);
    expect(input.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('a hint and an error describe it', () => {
    render(
      <PasswordField
        label="New password"
        hint="At least 8 characters"
        error="Passwords do not match"
        autoComplete="new-password"
        value=""
        onChange={() => {}}
      />,
    );
    const input = screen.getByLabelText('New password');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(described(input)).toEqual(['At least 8 characters', 'Passwords do not match']);
  });
});

describe('SelectField', () => {
  it('a placeholder first, the options, the error wired; a choice is passed on as text', () => {
    const onChange = vi.fn();
    render(
      <SelectField
        label="Month"
        placeholder="Month"
        options={[
          { value: '01', label: '01' },
          { value: '02', label: '02' },
        ]}
        value=""
        error="Please select Month"
        onChange={onChange}
      />,
    );
    const select = screen.getByLabelText<HTMLSelectElement>('Month');
    expect([...select.options].map((o) => o.value)).toEqual(['', '01', '02']);
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(described(select)).toEqual(['Please select Month']);
    fireEvent.change(select, { target: { value: '02' } });
    expect(onChange).toHaveBeenCalledWith('02');
  });
});

function Tips() {
  const [value, setValue] = useState(0);
  return (
    <RadioGroup
      legend="Tip your rider"
      name="tip"
      value={value}
      onChange={setValue}
      options={[0, 20, 30].map((n) => ({ value: n, label: <span>{n === 0 ? 'No tip' : `₹${n}`}</span> }))}
    />
  );
}

describe('RadioGroup', () => {
  it('a group named by its legend; one radio per option, sharing one name that ends as asked', () => {
    render(<Tips />);
    const group = screen.getByRole('group', { name: 'Tip your rider' });
    expect(group.tagName).toBe('FIELDSET');
    const radios = screen.getAllByRole<HTMLInputElement>('radio');
    expect(radios.map((r) => r.value)).toEqual(['0', '20', '30']);
    expect(new Set(radios.map((r) => r.name)).size).toBe(1);
    expect(radios[0]!.name.endsWith('-tip')).toBe(true);
    expect(radios[0]!.checked).toBe(true);
  });

  // the arrow keys are the browser's own for radios of one name (above); jsdom has no CSS.escape for
  // user-event to walk them, so only the tap is tried here
  it('a tap chooses an option', async () => {
    render(<Tips />);
    await userEvent.click(screen.getByRole('radio', { name: '₹20' }));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '₹20' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'No tip' }).checked).toBe(false);
  });

  it('an error: the fieldset (a focus target by its id) is described by it', () => {
    render(
      <RadioGroup
        id="ck-payment"
        legend="Payment method"
        error="Choose how you want to pay"
        value={null}
        onChange={() => {}}
        options={[{ value: 'CC', label: 'Credit Card' }]}
      />,
    );
    const group = screen.getByRole('group', { name: 'Payment method' });
    expect(group.id).toBe('ck-payment');
    expect(group.getAttribute('tabindex')).toBe('-1');
    expect(described(group)).toEqual(['Choose how you want to pay']);
  });

  it('a disabled option (or group) cannot be chosen', () => {
    render(
      <RadioGroup
        legend="When"
        value="LATER"
        onChange={() => {}}
        options={[
          { value: 'NOW', label: 'Now', disabled: true },
          { value: 'LATER', label: 'Later' },
        ]}
      />,
    );
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Now' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Later' }).disabled).toBe(false);
  });
});

describe('Checkbox', () => {
  it('labelled by its text, described by its hint, passes the new state on', () => {
    const onChange = vi.fn();
    render(<Checkbox label="Zero contact delivery" hint="At the door" checked={false} onChange={onChange} />);
    const box = screen.getByRole('checkbox', { name: 'Zero contact delivery' });
    expect(described(box)).toEqual(['At the door']);
    fireEvent.click(box);
    expect(onChange).toHaveBeenCalledWith(true);
  });
});

function Counter(props: { min?: number; max?: number }) {
  const [value, setValue] = useState(1);
  return (
    <Stepper
      label="Quantity of Farmhouse"
      lessLabel="Decrease"
      moreLabel="Increase"
      value={value}
      onChange={setValue}
      {...props}
    />
  );
}

describe('Stepper', () => {
  it('a group of the product: − value +, one step a tap', async () => {
    render(<Counter max={3} />);
    const group = screen.getByRole('group', { name: 'Quantity of Farmhouse' });
    expect(group.textContent).toContain('1');
    await userEvent.click(screen.getByRole('button', { name: 'Increase' }));
    expect(screen.getByTestId('qty').textContent).toBe('2');
  });

  it('stops at its bounds: the button is off there', async () => {
    render(<Counter min={1} max={2} />);
    const less = screen.getByRole<HTMLButtonElement>('button', { name: 'Decrease' });
    const more = screen.getByRole<HTMLButtonElement>('button', { name: 'Increase' });
    expect(less.disabled).toBe(true);
    await userEvent.click(more);
    expect(screen.getByTestId('qty').textContent).toBe('2');
    expect(more.disabled).toBe(true);
    expect(less.disabled).toBe(false);
  });

  it('gives the step taken with the next value', async () => {
    const onChange = vi.fn();
    render(<Stepper lessLabel="Less" moreLabel="More" value={2} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Less' }));
    expect(onChange).toHaveBeenCalledWith(1, -1);
  });

  it('disabled: both buttons off', () => {
    render(<Stepper lessLabel="Less" moreLabel="More" value={2} disabled onChange={() => {}} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Less' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'More' }).disabled).toBe(true);
  });

  it('StepperField: a group named by its title, the value a live status', () => {
    render(
      <StepperField
        title="Extra cheese"
        hint="₹95 each"
        value={0}
        min={0}
        max={3}
        lessLabel="Remove extra cheese"
        moreLabel="Add extra cheese"
        onChange={() => {}}
      />,
    );
    const group = screen.getByRole('group', { name: 'Extra cheese' });
    expect(group.textContent).toContain('₹95 each');
    expect(screen.getByRole('status').textContent).toBe('0');
  });
});
