import { z } from 'zod';

/**
 * The shapes a variable of the environment schema (env.ts) takes, shared by the areas that declare their own
 * variables (sms.ts, rail.ts, …). An issue's message is what the variable expects ("a whole number from 1 to
 * 65535"); the error puts the name and the value given around it.
 */

/** A variable set to nothing is unset: `FOO= npm start` must not mean "FOO is the empty string". */
const unsetIfBlank = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export function variable<T extends z.ZodType>(schema: T) {
  return z.preprocess(unsetIfBlank, schema.optional());
}

export function wholeNumber(min: number, max?: number) {
  const expects =
    max === undefined ? `a whole number of at least ${min}` : `a whole number from ${min} to ${max}`;
  return variable(
    z
      .string()
      .trim()
      .regex(/^\d+$/, { error: expects })
      .transform(Number)
      .refine((n) => n >= min && (max === undefined || n <= max), { error: expects }),
  );
}

export function httpUrl(protocols: readonly string[]) {
  const expects = `a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`;
  return variable(
    z.string().refine((v) => URL.canParse(v) && protocols.includes(new URL(v).protocol), { error: expects }),
  );
}

export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return variable(z.enum(values, { error: `one of ${values.join(', ')}` }));
}

export const text = variable(z.string());

/** An area's variables as the schema parses them (a variable not set is absent). */
export type Parsed<Shape extends z.ZodRawShape> = z.infer<z.ZodObject<Shape>>;
