/**
 * Chinese resident identity number (GB 11643, DECISIONS 10): 17 digits and a check character (digit or X,
 * x accepted), a province code in the first two digits, and a real birth date in digits 7-14.
 */

/** GB/T 2260 province-level codes, plus 71/81/82 (Taiwan, Hong Kong, Macau) and 83 (residence permits). */
const PROVINCES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61,
  62, 63, 64, 65, 71, 81, 82, 83,
]);

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

/** The GB 11643 check character of the first 17 digits. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK[sum % 11]!;
}

/** A birth date that exists on the calendar, not before 1900 and not after `today`. */
function validBirthDate(digits: string, today: Date): boolean {
  const year = Number(digits.slice(0, 4));
  const month = Number(digits.slice(4, 6));
  const day = Number(digits.slice(6, 8));
  if (year < 1900 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  const end = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return date.getTime() <= end;
}

export function isIdCard(value: string, today: Date = new Date()): boolean {
  if (!/^\d{17}[\dXx]$/.test(value)) return false;
  if (!PROVINCES.has(Number(value.slice(0, 2)))) return false;
  if (!validBirthDate(value.slice(6, 14), today)) return false;
  return idCardCheckChar(value) === value[17]!.toUpperCase();
}
