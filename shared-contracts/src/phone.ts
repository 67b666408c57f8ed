/**
 * Dominican phone numbers (issue 21), with libphonenumber-js's full metadata: a number is kept
 * when it is a valid NANP number (+1: 809/829/849 and the rest of the plan), stored in E.164.
 * Its own entry point ('shared-contracts/phone'): the metadata (about 40 KB gzip) is for the form
 * and the API, never for the home page; the card and detail use the digit-only helpers of format.ts.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** '809-555-1234', '1 829 555 1234', '+1 (849) 555-1234' -> '+18095551234'; anything else -> null. */
export function normalizePhone(input: string | null | undefined): string | null {
  const text = (input ?? '').trim();
  if (!/\d/.test(text)) return null;
  const parsed = parsePhoneNumberFromString(text, 'DO');
  if (!parsed || parsed.countryCallingCode !== '1' || !parsed.isValid()) return null;
  return parsed.number;
}

/** The E.164 form of a number that parses; an existing or feed number that does not is kept as it is. */
export function phoneOrAsIs(input: string): string {
  return normalizePhone(input) ?? input;
}
