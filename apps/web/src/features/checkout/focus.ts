import { FIELD_ORDER, type FieldKey, type FormErrors } from './form.ts';

/** Moves the focus to the first field with a message (a fieldset for the address and payment choices). */
export function focusFirst(errors: FormErrors, fieldId: (f: FieldKey) => string): void {
  const first = FIELD_ORDER.find((f) => errors[f]);
  if (first) focusLater(fieldId(first));
}

/** After React has shown the field (the slot select appears only once "later" is chosen). */
export function focusLater(id: string): void {
  setTimeout(() => {
    const el = document.getElementById(id);
    el?.focus();
    el?.scrollIntoView?.({ block: 'center' });
  }, 0);
}
