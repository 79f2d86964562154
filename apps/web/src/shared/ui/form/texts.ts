import { defineTexts } from '../../i18n/index.ts';

/** The words the form kit itself brings: the mobile field's label and prefix, the password switch. */
export const fm = defineTexts({
  mobileLabel: 'Mobile Number',
  countryCode: '+91',
  showPassword: 'Show',
  hidePassword: 'Hide',
  quantityOf: 'Quantity of {name}',
  decrease: 'Decrease quantity of {name}',
  increase: 'Increase quantity of {name}',
  textFull: 'At most {max} characters',
  textCut: 'At most {max} characters: the rest was not kept',
});
